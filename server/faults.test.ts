import SqliteDatabase from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import { jpegWithGps, pdf } from './uploads/testing/fixtures';
import { enqueue } from './jobs/queue';
import { PHOTO_JOB } from './uploads/service';
import { createUpload, patchUpload } from './uploads/testing/tus';
import { startS3rver } from './storage/s3-test-server';
import {
  mountSmallFs,
  privatePostgresUnavailable,
  smallFsUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
  type SmallFs,
} from './testing/faults';
import { addUser, api, dialects, login, startTestApp, type TestApp } from './testing/harness';
import { silentWav } from './testing/audio';

/** A 503 with one of the German outage texts, and nothing of the raw error or the server's paths. */
function expectOutage(res: { status: number; body: unknown }, kind: 'storage' | 'database' | 'any', dataDir?: string) {
  expect(res.status).toBe(503);
  const body = res.body as { error: string; message: string; title: string };
  const allowed =
    kind === 'storage'
      ? [texts.common.storageOutage]
      : kind === 'database'
        ? [texts.common.databaseOutage]
        : [texts.common.storageOutage, texts.common.databaseOutage];
  expect(body).toMatchObject({ error: 'unavailable', title: texts.common.outageTitle });
  expect(allowed).toContain(body.message);
  const raw = JSON.stringify(res.body);
  expect(raw).not.toMatch(/ENOSPC|EROFS|EACCES|SQLITE_|ECONNREFUSED|no space|read-only|Connection|\/tmp\//i);
  if (dataDir) expect(raw).not.toContain(dataDir);
}

const noMount = smallFsUnavailable();
if (noMount) console.warn(`skipped: ${noMount}`);

describe.skipIf(noMount).each(dialects)('storage faults on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let files: SmallFs;
  let uploads: SmallFs;
  const newSubmission = async () =>
    (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } })).body
      .contentId as number;
  const transcriptFiles = async (contentId: number) =>
    t.app.db
      .selectFrom('media')
      .select(['file_path', 'size'])
      .where('submission_id', '=', contentId)
      .where('kind', '=', 'transcript')
      .execute();
  const storedText = async (key: string) => readFileSync(path.join(t.config.dataDir, 'files', key), 'utf8');

  beforeAll(async () => {
    t = await startTestApp(dialect, { MIN_FREE_DISK_MB: '2', HEALTH_PROBE_MS: '0' });
    // The blob store and the partial uploads each on their own small file system.
    files = mountSmallFs(path.join(t.config.dataDir, 'files'), 6);
    uploads = mountSmallFs(path.join(t.config.dataDir, 'uploads'), 6);
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    cookie = await login(t, 'vdi@example.de');
  });
  afterEach(() => {
    for (const fs of [files, uploads]) {
      fs?.writable();
      fs?.empty();
    }
  });
  afterAll(async () => {
    files?.unmount();
    uploads?.unmount();
    await t?.close();
  });

  it('health: ready while storage is writable with room, not ready (503, German reason) when low on space or read-only', async () => {
    expect(await api(t, 'GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: true, storage: true },
    });

    files.fill(1024 * 1024);
    const low = await api(t, 'GET', '/api/health');
    expect(low.status).toBe(503);
    expect(low.body).toMatchObject({ status: 'limited', database: true, storage: false });
    expect(low.body.reasons).toEqual([
      expect.stringMatching(/^Zu wenig freier Speicherplatz \(Dateiablage\): [01] MB frei, mindestens 2 MB nötig/),
    ]);
    files.empty();

    uploads.readOnly();
    const readOnly = await api(t, 'GET', '/api/health');
    expect(readOnly.status).toBe(503);
    expect(readOnly.body.reasons).toEqual([texts.common.healthStorageNotWritable('Upload-Zwischenspeicher')]);
    expect(JSON.stringify(readOnly.body)).not.toContain(t.config.dataDir);
    uploads.writable();

    expect(await api(t, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('a full disk answers 503 in German on API routes and tus, never the raw error or a path', async () => {
    const contentId = await newSubmission();
    files.fill();
    const voice = await fetch(`${t.url}/api/submissions/${contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav', origin: t.url, cookie },
      body: new Uint8Array(silentWav()),
    });
    expectOutage({ status: voice.status, body: await voice.json() }, 'storage', t.config.dataDir);
    expect(voice.headers.get('retry-after')).toBe('30');
    expect(await t.app.db.selectFrom('media').select('id').where('submission_id', '=', contentId).execute()).toEqual(
      [],
    );

    // tus: the partial upload's folder full. Creating may still fit (an empty file), the bytes do not.
    uploads.fill();
    const document = pdf();
    const created = await createUpload(t, {
      size: document.length,
      contentId,
      page: 'upload',
      filename: 'bericht.pdf',
      headers: { cookie },
    });
    if (created.status === 201) {
      const patched = await patchUpload(created.location!, 0, document, { cookie });
      expectOutage(patched, 'storage', t.config.dataDir);
    } else {
      expectOutage(created, 'storage', t.config.dataDir);
    }
  });

  it('an upload refused for lack of space leaves no empty files behind (created or patched)', async () => {
    const contentId = await newSubmission();
    uploads.fill();
    const folder = path.join(t.config.dataDir, 'uploads');
    const before = readdirSync(folder).sort();
    const document = pdf();
    for (let i = 0; i < 3; i++) {
      const created = await createUpload(t, {
        size: document.length,
        contentId,
        page: 'upload',
        filename: `bericht-${i}.pdf`,
        headers: { cookie },
      });
      if (created.status === 201) {
        expectOutage(await patchUpload(created.location!, 0, document, { cookie }), 'storage', t.config.dataDir);
        // Refused with nothing kept: the upload is gone, the client starts anew when there is room.
        expect(
          (await fetch(created.location!, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', cookie } })).status,
        ).toBe(404);
      } else expectOutage(created, 'storage', t.config.dataDir);
    }
    expect(readdirSync(folder).sort()).toEqual(before);
  });

  it('a read-only upload folder answers 503 in German without the server path', async () => {
    const contentId = await newSubmission();
    uploads.readOnly();
    const document = pdf();
    const created = await createUpload(t, {
      size: document.length,
      contentId,
      page: 'upload',
      filename: 'bericht.pdf',
      headers: { cookie },
    });
    expectOutage(created, 'storage', t.config.dataDir);
  });

  it('a read-only disk answers 503 for the first file of a new submission (its folder cannot be made)', async () => {
    const contentId = await newSubmission();
    files.readOnly();
    const voice = await fetch(`${t.url}/api/submissions/${contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav', origin: t.url, cookie },
      body: new Uint8Array(silentWav()),
    });
    expectOutage({ status: voice.status, body: await voice.json() }, 'storage', t.config.dataDir);
  });

  it('keeps a received photo whose processing fails on a full disk, and processes it once there is room', async () => {
    const contentId = await newSubmission();
    const stagingKey = `${contentId}/incoming_full.jpg`;
    await t.app.blobs.put(stagingKey, await jpegWithGps());
    files.fill();
    await t.app.db.deleteFrom('jobs').execute();
    await enqueue(
      t.app.db,
      PHOTO_JOB,
      {
        uploadId: `full-${contentId}`,
        stagingKey,
        contentId,
        surface: 'media',
        format: 'jpg',
        originalName: 'foto.jpg',
      },
      { maxAttempts: 3 },
    );
    const due = () =>
      t.app.db
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000).toISOString() })
        .where('status', '=', 'queued')
        .execute();
    for (let attempt = 0; attempt < 3; attempt++) {
      await due();
      await t.app.jobs.drain();
    }
    // Every attempt failed: the original is still there, and a later round is planned.
    expect(await t.app.blobs.stat(stagingKey)).not.toBeNull();
    const queued = await t.app.db
      .selectFrom('jobs')
      .select(['payload', 'run_at'])
      .where('kind', '=', PHOTO_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(await t.app.db.selectFrom('media').select('id').where('submission_id', '=', contentId).execute()).toEqual(
      [],
    );

    files.empty();
    await due();
    await t.app.jobs.drain();
    const media = await t.app.db
      .selectFrom('media')
      .select(['kind', 'original_name'])
      .where('submission_id', '=', contentId)
      .execute();
    expect(media).toEqual([{ kind: 'photo', original_name: 'foto.jpg' }]);
    // Processed: now the original with its EXIF goes.
    expect(await t.app.blobs.stat(stagingKey)).toBeNull();
  }, 60_000);

  it('a transcript save whose file write fails leaves the database row as it was (full and read-only disk)', async () => {
    const contentId = await newSubmission();
    expect(
      (
        await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
          cookie,
          body: { transcript: 'Erste Fassung' },
        })
      ).status,
    ).toBe(200);
    const first = await transcriptFiles(contentId);
    expect(first).toHaveLength(1);

    files.fill();
    const full = await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie,
      body: { transcript: 'Zweite Fassung', completed: true },
    });
    expectOutage(full, 'storage', t.config.dataDir);
    files.empty();
    files.readOnly();
    const readOnly = await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie,
      body: { transcript: 'Dritte Fassung', completed: true },
    });
    expectOutage(readOnly, 'storage', t.config.dataDir);
    files.writable();

    const row = await t.app.db
      .selectFrom('submissions')
      .select(['transcript', 'completed_at'])
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ transcript: 'Erste Fassung', completed_at: null });
    expect(await transcriptFiles(contentId)).toEqual(first);
    expect(await storedText(first[0]!.file_path)).toBe('Erste Fassung');
    // No half-written or orphaned file beside it.
    expect(readdirSync(path.join(t.config.dataDir, 'files', String(contentId)))).toEqual([
      path.basename(first[0]!.file_path),
    ]);

    // Room again: the next save goes through whole, and the old file goes.
    expect(
      (
        await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
          cookie,
          body: { transcript: 'Vierte Fassung' },
        })
      ).status,
    ).toBe(200);
    const now = await transcriptFiles(contentId);
    expect(now).toHaveLength(1);
    expect(await storedText(now[0]!.file_path)).toBe('Vierte Fassung');
    expect(readdirSync(path.join(t.config.dataDir, 'files', String(contentId)))).toEqual([
      path.basename(now[0]!.file_path),
    ]);
  });
});

describe.skipIf(noMount)('SQLite on a full disk', () => {
  it('answers 503 in German when the database file cannot grow, and works again with room', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ca-sqlite-full-'));
    const disk = mountSmallFs(dir, 16);
    const t = await startTestApp('sqlite', { DATA_DIR: dir, MIN_FREE_DISK_MB: '1', HEALTH_PROBE_MS: '0' });
    try {
      await addUser(t.app, 'vdi@example.de', 'vdi_admin');
      const cookie = await login(t, 'vdi@example.de');
      const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } }))
        .body.contentId as number;
      await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, { cookie, body: { transcript: 'Ein Anfang.' } });
      disk.fill();
      // Until neither the WAL nor free pages can take another row.
      let res = { status: 0, body: null as unknown };
      let created = 0;
      for (let i = 0; i < 2000 && res.status !== 503; i++) {
        res = await api(t, 'POST', '/api/submissions', {
          cookie,
          body: { tenant: 'vdi', kind: 'upload', source: `quelle-${i}-${'x'.repeat(20)}` },
        });
        if (res.status === 201) created++;
        else if (res.status !== 503) break;
      }
      console.log(`[sqlite full] ${created} rows still fit before the 503`);
      expectOutage(res, 'storage', dir);
      // Writes inside a transaction: SQLite rolls back itself, the library's ROLLBACK then fails
      // ("no transaction is active"); still the outage answer, not a 500.
      const writes = [
        await api(t, 'PUT', `/api/submissions/${contentId}/contact`, {
          cookie,
          body: {
            firstName: 'Erika',
            lastName: 'Muster',
            email: 'erika@example.org',
            consentText: texts.finish.consent.contact,
          },
        }),
        await api(t, 'PUT', `/api/inbox/${contentId}/status`, { cookie, body: { status: 'in_bearbeitung' } }),
        await api(t, 'POST', `/api/posts/${contentId}/linkedin/versions`, {
          cookie,
          body: { body: `Ein Beitrag ${'x'.repeat(2000)}` },
        }),
        await api(t, 'PUT', '/api/account/notifications', { cookie, body: { mode: 'digest', digestHour: 17 } }),
      ];
      for (const write of writes) if (write.status >= 300) expectOutage(write, 'any', dir);
      expect(await api(t, 'GET', '/api/health')).toMatchObject({ status: 503, body: { storage: false } });
      disk.empty();
      expect(
        (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } })).status,
      ).toBe(201);
      expect(await api(t, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ready' } });
    } finally {
      await t.close();
      disk.unmount();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('storage health with S3', () => {
  it('probes the bucket with a small object and reports an unreachable store in German', async () => {
    const s3 = await startS3rver();
    const t = await startTestApp('sqlite', { ...s3.env, MIN_FREE_DISK_MB: '0', HEALTH_PROBE_MS: '0' });
    try {
      expect(await api(t, 'GET', '/api/health')).toMatchObject({
        status: 200,
        body: { status: 'ready', storage: true },
      });
      const keys: string[] = [];
      for await (const key of t.app.blobs.list()) keys.push(key);
      expect(keys).toEqual([]);
      await s3.close();
      const down = await api(t, 'GET', '/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        status: 'limited',
        storage: false,
        reasons: [texts.common.healthStorageNotWritable('Objektspeicher (S3)')],
      });
    } finally {
      await t.close();
    }
  });
});

const noPostgres = privatePostgresUnavailable();
if (noPostgres) console.warn(`skipped: ${noPostgres}`);

describe.skipIf(noPostgres)('PostgreSQL down (a private server, stopped and started)', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  beforeAll(async () => {
    pg = await startPrivatePostgres();
    t = await startTestApp('postgres', { DATABASE_URL: pg.url, HEALTH_PROBE_MS: '300' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    pg?.destroy();
  });

  it('answers 503 in German within seconds, reports it in health, and recovers without a restart', async () => {
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    const cookie = await login(t, 'vdi@example.de');
    const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
      .body.contentId as number;

    pg.stop();
    try {
      const started = performance.now();
      expectOutage(await api(t, 'GET', `/api/submissions/${contentId}`, { cookie }), 'database');
      expectOutage(
        await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
          cookie,
          body: { transcript: 'Während des Ausfalls' },
        }),
        'database',
      );
      expectOutage(
        await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }),
        'database',
      );
      // The auth library's routes too (it wraps the database error in its own English 500).
      expectOutage(
        await api(t, 'POST', '/api/auth/sign-in/email', {
          body: { email: 'vdi@example.de', password: 'test-passwort-123' },
        }),
        'database',
      );
      expectOutage(await api(t, 'GET', '/api/me', { cookie }), 'database');
      expectOutage(
        await createUpload(t, { size: 100, contentId, page: 'upload', filename: 'bericht.pdf', headers: { cookie } }),
        'database',
      );
      const elapsed = performance.now() - started;
      console.log(`[pg down] 6 requests answered 503 in ${Math.round(elapsed)} ms (load ${loadavg()[0]!.toFixed(1)})`);
      expect(elapsed).toBeLessThan(5000);
      // Health trusts the app's last successful query for HEALTH_PROBE_MS (300 ms here); past
      // that it asks the database, which is down.
      await new Promise((r) => setTimeout(r, 350));
      const health = await api(t, 'GET', '/api/health');
      expect(health).toMatchObject({
        status: 503,
        body: { status: 'limited', database: false, storage: true, reasons: [texts.common.healthDatabaseDown] },
      });
      // No file written for the refused transcript.
      expect(existsSync(path.join(t.config.dataDir, 'files', String(contentId)))).toBe(false);
    } finally {
      pg.start();
    }

    // Back: the same process, the same session.
    expect(await api(t, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await api(t, 'GET', `/api/submissions/${contentId}`, { cookie })).status).toBe(200);
    expect(
      (
        await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
          cookie,
          body: { transcript: 'Nach dem Ausfall' },
        })
      ).status,
    ).toBe(200);
    const row = await t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.transcript).toBe('Nach dem Ausfall');
  }, 60_000);
});

describe('SQLite locked by another writer beyond its busy timeout', () => {
  it('answers 503 in German and works again once the lock is gone', async () => {
    const t = await startTestApp('sqlite');
    const other = new SqliteDatabase(path.join(t.config.dataDir, 'content.db'));
    try {
      await addUser(t.app, 'vdi@example.de', 'vdi_admin');
      const cookie = await login(t, 'vdi@example.de');
      const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
        .body.contentId as number;
      other.exec('begin immediate');
      const locked = await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
        cookie,
        body: { transcript: 'Gesperrt' },
      });
      expectOutage(locked, 'database', t.config.dataDir);
      other.exec('rollback');
      expect(
        (await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, { cookie, body: { transcript: 'Frei' } }))
          .status,
      ).toBe(200);
      // The refused save left no file behind: only the one of the save that went through.
      expect(readdirSync(path.join(t.config.dataDir, 'files', String(contentId)))).toHaveLength(1);
    } finally {
      other.close();
      await t.close();
    }
  }, 30_000);
});
