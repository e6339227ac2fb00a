import SqliteDatabase from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import * as fixture from '../uploads/testing/fixtures';
import { tusUpload } from '../uploads/testing/tus';
import { projectRoot } from '../paths';
import { startS3rver } from '../storage/s3-test-server';
import {
  addUser,
  api,
  freshPostgresDatabase,
  login,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
} from '../testing/harness';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';
import { readTar } from './archive';

const run = promisify(execFile);
const AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

/** `npm run cli -- <args>` on the compiled CLI, with a clean environment. */
async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(projectRoot, 'dist/server/cli.js'), ...args], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        TRANSCRIBER: 'none',
        AUTH_SECRET,
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function bytes(url: string, cookie: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { cookie } });
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function openDb(target: { sqliteFile?: string; postgresUrl?: string }): Kysely<DB> {
  if (target.postgresUrl)
    return new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.postgresUrl, max: 2 }) }),
    });
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: new SqliteDatabase(target.sqliteFile!) }) });
}

const setups: { name: string; dialect: Dialect; s3: boolean }[] = [
  { name: 'SQLite and local files', dialect: 'sqlite', s3: false },
  { name: 'PostgreSQL and local files', dialect: 'postgres', s3: false },
  { name: 'PostgreSQL and S3', dialect: 'postgres', s3: true },
];

describe.each(setups)('backup and restore with $name', ({ dialect, s3 }) => {
  let t: TestApp;
  let sourceS3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let targetS3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let work: string;
  let restoredDir: string;
  let restoredPg: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  let restored: ServerProcess | null = null;

  beforeAll(async () => {
    buildServer();
    work = mkdtempSync(path.join(tmpdir(), 'ca-backup-'));
    restoredDir = path.join(work, 'restored-data');
    if (s3) {
      sourceS3 = await startS3rver();
      targetS3 = await startS3rver('restored');
    }
    t = await startTestApp(dialect, { AUTH_SECRET, ...sourceS3?.env });
    t.app.jobs.start();
    if (dialect === 'postgres') restoredPg = await freshPostgresDatabase();
  });
  afterAll(async () => {
    if (restored?.child.exitCode === null) {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
    await t?.close();
    await restoredPg?.drop();
    await sourceS3?.close();
    await targetS3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up a running instance and restores every submission and every file byte-identical elsewhere', async () => {
    await addUser(t.app, 'redaktion@example.de', 'admin');
    const cookie = await login(t, 'redaktion@example.de');
    for (let i = 0; i < 3; i++) {
      const created = await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } });
      expect(created.status).toBe(201);
      const contentId = created.body.contentId as number;
      await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
        cookie,
        body: { transcript: `Interviewer: Frage ${i}?\n\nDu: Antwort ${i} mit Ümlauten.` },
      });
      const note = Buffer.from(`Notiz ${i}\n${randomBytes(100_000).toString('base64')}`);
      expect(
        (
          await tusUpload(t, {
            bytes: note,
            contentId,
            page: 'upload',
            filename: `notiz-${i}.txt`,
            headers: { cookie },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await tusUpload(t, {
            bytes: await fixture.png(),
            contentId,
            page: 'upload',
            filename: `bild-${i}.png`,
            headers: { cookie },
          })
        ).status,
      ).toBe(200);
    }
    const submissionsBefore = await t.app.db.selectFrom('submissions').selectAll().orderBy('id').execute();
    const mediaBefore = await t.app.db.selectFrom('media').selectAll().orderBy('id').execute();
    expect(mediaBefore.length).toBeGreaterThanOrEqual(6);
    const originals = new Map<string, Buffer>();
    for (const m of mediaBefore) {
      originals.set(`${m.id}/file`, await bytes(`${t.url}/api/media/${m.id}/file`, cookie));
      if (m.thumbnail_path)
        originals.set(`${m.id}/thumbnail`, await bytes(`${t.url}/api/media/${m.id}/thumbnail`, cookie));
    }
    expect(originals.size).toBeGreaterThan(6);

    // The app keeps taking submissions while the backup runs.
    const file = path.join(work, 'sicherung.tar');
    const sourceEnv = {
      DATA_DIR: t.config.dataDir,
      ...(t.config.DATABASE_URL ? { DATABASE_URL: t.config.DATABASE_URL } : {}),
      ...sourceS3?.env,
    };
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'bank', kind: 'upload' } });
        n++;
      }
      return n;
    })();
    const made = await cli(['backup', file], sourceEnv);
    writing = false;
    expect(await writer).toBeGreaterThan(0);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/Sicherung geschrieben/);
    const names: string[] = [];
    for await (const entry of readTar(file)) names.push(entry.name);
    expect(names).toContain(dialect === 'sqlite' ? 'database/content.db' : 'database/postgres.dump');
    expect(names.at(-1)).toBe('backup.json');

    // A second backup never overwrites the first.
    expect((await cli(['backup', file], sourceEnv)).code).toBe(1);

    const targetEnv = {
      DATA_DIR: restoredDir,
      ...(restoredPg ? { DATABASE_URL: restoredPg.url } : {}),
      ...targetS3?.env,
    };
    const back = await cli(['restore', file], targetEnv);
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    if (dialect === 'sqlite') {
      // A SQLite backup does not go into PostgreSQL.
      const wrongKind = await cli(['restore', file], {
        DATA_DIR: path.join(work, 'wrong-kind'),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      });
      expect(wrongKind.code).toBe(1);
      expect(wrongKind.stderr).toMatch(/enthält eine SQLite-Datenbank, eingestellt ist PostgreSQL/);
    }
    const again = await cli(['restore', file], targetEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/nicht leer/);

    restored = await startServerProcess({ ...targetEnv, AUTH_SECRET, TRANSCRIBER: 'none' });
    const restoredApp = { url: restored.url } as TestApp;
    const restoredCookie = await login(restoredApp, 'redaktion@example.de', TEST_PASSWORD);
    for (const [key, original] of originals) {
      const [id, kind] = key.split('/');
      expect((await bytes(`${restored.url}/api/media/${id}/${kind}`, restoredCookie)).equals(original), key).toBe(true);
    }
    for (const s of submissionsBefore) {
      const res = await api(restoredApp, 'GET', `/api/inbox/${s.id}`, { cookie: restoredCookie });
      expect(res.status, `submission ${s.id}`).toBe(200);
    }
    const db = openDb(
      restoredPg ? { postgresUrl: restoredPg.url } : { sqliteFile: path.join(restoredDir, 'content.db') },
    );
    try {
      const maxId = submissionsBefore.at(-1)!.id;
      expect(await db.selectFrom('submissions').selectAll().where('id', '<=', maxId).orderBy('id').execute()).toEqual(
        submissionsBefore,
      );
      expect(
        await db.selectFrom('media').selectAll().where('id', '<=', mediaBefore.at(-1)!.id).orderBy('id').execute(),
      ).toEqual(mediaBefore);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
