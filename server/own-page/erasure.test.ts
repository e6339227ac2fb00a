import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { backup, restore } from '../backup/service';
import { loadConfig } from '../config';
import type { Dialect } from '../db/database';
import { startS3rver } from '../storage/s3-test-server';
import { api, freshPostgresDatabase, startTestApp, type TestApp } from '../testing/harness';
import { erasureLogFile, runDueErasures } from './erasure';
import { replayErasures } from './replay';
import { contributorScenario, keysOf } from './testing/scenario';

const setups: { name: string; dialect: Dialect; s3: boolean }[] = [
  { name: 'SQLite and local files', dialect: 'sqlite', s3: false },
  { name: 'PostgreSQL and S3', dialect: 'postgres', s3: true },
];

/** Every file under a directory (s3rver's bucket or DATA_DIR/files), relative. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(setups)('erasure with $name', ({ dialect, s3 }) => {
  let app: TestApp;
  let s3server: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let s: Awaited<ReturnType<typeof contributorScenario>>;
  let other: Awaited<ReturnType<typeof contributorScenario>>;
  let work: string;
  let backupFile: string;
  const storeDir = () => (s3server ? path.join(s3server.directory, 'media') : path.join(app.config.dataDir, 'files'));
  const mine = (files: string[], id: number) =>
    files.filter((f) => f.split(path.sep).includes(String(id)) || f.startsWith(`${id}/`));

  beforeAll(async () => {
    s3server = s3 ? await startS3rver() : null;
    app = await startTestApp(dialect, s3server?.env ?? {});
    s = await contributorScenario(app);
    other = await contributorScenario(app, '2');
    work = mkdtempSync(path.join(tmpdir(), 'ca-erasure-'));
    // The older backup, taken while the person is still there.
    backupFile = path.join(work, 'vorher.tar');
    await backup(app.config, backupFile);
  });
  afterAll(async () => {
    await app.close();
    await s3server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the person asks; the editors see the request with its one-month deadline; at the deadline none of their files is left', async () => {
    const asked = await api(app, 'POST', '/api/own-page/konto/erasure', { cookie: s.contributor });
    expect(asked.status).toBe(200);
    const due = Date.parse(asked.body.dueAt);
    expect(due - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(due - Date.now()).toBeLessThan(32 * 86_400_000);
    const requests = await api(app, 'GET', '/api/erasures', { cookie: s.editor });
    expect(requests.body).toHaveLength(1);
    expect(requests.body[0]).toMatchObject({ state: 'open', contentIds: [s.contentId] });
    // The durable job waits for the deadline.
    const job = await app.app.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'own-page.erasure')
      .executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at)).toBe(due);

    const before = await keysOf(app, s.contentId);
    expect(before.length).toBeGreaterThanOrEqual(3); // photo, video, clip
    expect(mine(filesUnder(storeDir()), s.contentId).length).toBeGreaterThanOrEqual(3);
    const othersBefore = await keysOf(app, other.contentId);

    expect(await runDueErasures(app.app, new Date(due - 60_000))).toBe(0);
    expect(await runDueErasures(app.app, new Date(due + 1000))).toBe(1);

    expect(await keysOf(app, s.contentId)).toEqual([]);
    expect(mine(filesUnder(storeDir()), s.contentId)).toEqual([]);
    expect(await keysOf(app, other.contentId)).toEqual(othersBefore);
    const row = await app.app.db
      .selectFrom('submissions')
      .select('id')
      .where('id', '=', s.contentId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(
      (await app.app.db.selectFrom('consents').select('id').where('submission_id', '=', s.contentId).execute()).length,
    ).toBe(0);
    const page = await api(app, 'GET', '/api/own-page/konto', { cookie: s.contributor });
    expect(page.body.submissions).toEqual([]);
    // Nothing links the done request to them any more.
    expect(page.body.erasure).toBeNull();
    // The inbox search finds nothing of them.
    const search = await api(app, 'GET', '/api/inbox?q=Erika', { cookie: s.editor });
    expect(search.body.items.map((i: { contentId: number }) => i.contentId)).toEqual([other.contentId]);
    // The request keeps ids only; the log holds ids only.
    const request = await app.app.db.selectFrom('erasure_requests').selectAll().executeTakeFirstOrThrow();
    expect([request.email, request.user_id]).toEqual([null, null]);
    const log = readFileSync(erasureLogFile(app.config), 'utf8');
    expect(log).not.toContain('@');
    expect(log).toContain(`"submission":${s.contentId}`);
  });

  it('a restore of the older backup followed by the replay of the log holds none of it either', async () => {
    const target = path.join(work, 'restored');
    const targetS3 = s3 ? await startS3rver() : null;
    const targetPg = dialect === 'postgres' ? await freshPostgresDatabase() : null;
    try {
      const config = loadConfig({
        DATA_DIR: target,
        AUTH_SECRET: app.config.authSecret,
        TRANSCRIBER: 'none',
        LOG_LEVEL: 'warn',
        ...(targetPg ? { DATABASE_URL: targetPg.url } : {}),
        ...(targetS3?.env ?? {}),
      });
      await restore(config, backupFile);
      const restored = await buildApp(config, { logger: false });
      try {
        // The older backup still holds the person.
        const before: string[] = [];
        for await (const key of restored.blobs.list()) if (key.startsWith(`${s.contentId}/`)) before.push(key);
        expect(before.length).toBeGreaterThanOrEqual(3);

        const replayed = await replayErasures(restored, erasureLogFile(app.config));
        expect(replayed.submissions).toBe(1);

        const after: string[] = [];
        for await (const key of restored.blobs.list()) if (key.startsWith(`${s.contentId}/`)) after.push(key);
        expect(after).toEqual([]);
        const dir = targetS3 ? path.join(targetS3.directory, 'media') : path.join(target, 'files');
        expect(mine(filesUnder(dir), s.contentId)).toEqual([]);
        expect(mine(filesUnder(dir), other.contentId).length).toBeGreaterThan(0);
        const rows = await restored.db.selectFrom('submissions').select('id').execute();
        expect(rows.map((r) => Number(r.id))).toEqual([other.contentId]);
        // The restored log now knows the erasure: a later backup of this one replays it too.
        const log = await restored.db.selectFrom('erasure_log').select('submission_id').execute();
        expect(log.map((r) => Number(r.submission_id))).toContain(s.contentId);
      } finally {
        await restored.close();
      }
    } finally {
      await targetS3?.close();
      await targetPg?.drop();
    }
  });
});
