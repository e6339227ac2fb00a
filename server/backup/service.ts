import SqliteDatabase from 'better-sqlite3';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { createBlobStore } from '../composition';
import type { AppConfig } from '../config';
import type { Dialect } from '../db/database';
import { readTar, TarWriter, type TarEntry } from './archive';

/** What a backup holds; written last, so a backup without it is known to be incomplete. */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: Dialect;
  files: number;
  fileBytes: number;
  /** Whether the session secret came from DATA_DIR (and is in the backup) or from AUTH_SECRET. */
  authSecret: 'file' | 'environment';
};

const MANIFEST = 'backup.json';
const SQLITE_ENTRY = 'database/content.db';
const POSTGRES_ENTRY = 'database/postgres.dump';

/** A failure the operator reads (German first, the English gist after). */
export class BackupError extends Error {}

const dialectOf = (config: AppConfig): Dialect => (config.DATABASE_URL ? 'postgres' : 'sqlite');

/** Runs a PostgreSQL client program; a missing one gets a message that says what to install. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} wurde nicht gefunden. Für Sicherungen mit PostgreSQL werden die PostgreSQL-Client-Programme in der Version des Servers oder neuer gebraucht (Debian: apt-get install postgresql-client).\n(${tool} not found: install the PostgreSQL client tools, same major version as the server or newer.)`,
            )
          : error,
      );
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} ist fehlgeschlagen (Exit-Code ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** The SQLite file copied with SQLite's online backup API: one consistent snapshot while the app keeps writing. */
async function snapshotSqlite(dataDir: string, target: string): Promise<void> {
  const source = path.join(dataDir, 'content.db');
  if (!existsSync(source))
    throw new BackupError(`Keine Datenbank in ${dataDir} gefunden (content.db). Stimmt DATA_DIR?`);
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step: a write by the running app in between restarts the copy, never mixes.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/**
 * Writes a backup of the database and every stored file (local directory or S3 bucket) into one
 * tar file. The database is snapshotted first, then the files are copied, so every file the
 * snapshot refers to is in the backup (files are only ever added under new keys or deleted).
 */
export async function backup(
  config: AppConfig,
  file: string,
  say: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} gibt es schon; eine Sicherung überschreibt keine Datei.`);
  if (!existsSync(path.dirname(target)))
    throw new BackupError(`Das Verzeichnis ${path.dirname(target)} gibt es nicht.`);
  const work = mkdtempSync(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial`;
  const tar = new TarWriter(partial);
  try {
    const dialect = dialectOf(config);
    const dump = path.join(work, dialect === 'sqlite' ? 'content.db' : 'postgres.dump');
    if (dialect === 'sqlite') await snapshotSqlite(config.dataDir, dump);
    else
      await runTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-acl',
        `--file=${dump}`,
        `--dbname=${config.DATABASE_URL}`,
      ]);
    await tar.add(dialect === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY, statSync(dump).size, createReadStream(dump));
    say(`Datenbank (${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}) gesichert.`);

    const secretFile = path.join(config.dataDir, 'auth-secret');
    const authSecret = !config.AUTH_SECRET && existsSync(secretFile) ? 'file' : 'environment';
    if (authSecret === 'file') await tar.add('auth-secret', statSync(secretFile).size, readFileSync(secretFile));

    const blobs = createBlobStore(config);
    let files = 0;
    let fileBytes = 0;
    for await (const key of blobs.list()) {
      const info = await blobs.stat(key);
      if (!info) continue; // deleted since it was listed
      await tar.add(`files/${key}`, info.size, await blobs.get(key));
      files++;
      fileBytes += info.size;
    }
    say(`${files} Dateien gesichert (${(fileBytes / 1024 / 1024).toFixed(1)} MB).`);

    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: dialect,
      files,
      fileBytes,
      authSecret,
    };
    const json = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add(MANIFEST, json.length, json);
    await tar.close();
    renameSync(partial, target);
    return manifest;
  } catch (error) {
    await tar.abort();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Restore goes only into an empty (or not yet existing) data directory. */
export function assertEmptyDataDir(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `Das Datenverzeichnis ${dataDir} ist nicht leer. Eine Sicherung wird nur in ein leeres Verzeichnis zurückgespielt (DATA_DIR auf ein neues Verzeichnis setzen).\n(DATA_DIR is not empty: restore only into an empty data directory.)`,
    );
  }
}

async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  for await (const entry of readTar(file))
    if (entry.name === MANIFEST) manifest = JSON.parse((await entry.read()).toString('utf8')) as BackupManifest;
  if (manifest?.format !== 1) throw new BackupError(`${file} ist keine vollständige Sicherung von Content-Assistent.`);
  return manifest;
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    if (Number(rows[0]!.n) > 0)
      throw new BackupError(
        'Die PostgreSQL-Datenbank (DATABASE_URL) ist nicht leer, sie enthält schon Tabellen. Eine Sicherung wird nur in eine leere Datenbank zurückgespielt.',
      );
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty data directory (checked by the caller before anything is
 * written there), an empty PostgreSQL database when DATABASE_URL is set, and an empty bucket
 * when S3 is configured. The database must be of the kind the backup holds.
 */
export async function restore(
  config: AppConfig,
  file: string,
  say: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} gibt es nicht.`);
  const manifest = await readManifest(source);
  const dialect = dialectOf(config);
  if (manifest.database !== dialect) {
    const name = (d: Dialect) => (d === 'sqlite' ? 'SQLite' : 'PostgreSQL (DATABASE_URL)');
    throw new BackupError(
      `Die Sicherung enthält eine ${name(manifest.database)}-Datenbank, eingestellt ist ${name(dialect)}. Bitte mit derselben Datenbankart zurückspielen.`,
    );
  }
  if (dialect === 'postgres') await assertEmptyPostgres(config.DATABASE_URL!);
  const blobs = createBlobStore(config);
  for await (const _key of blobs.list())
    throw new BackupError(
      'Der Dateispeicher (S3-Bucket) ist nicht leer. Eine Sicherung wird nur in einen leeren Speicher zurückgespielt.',
    );

  const work = mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    let files = 0;
    for await (const entry of readTar(source)) {
      if (entry.name === SQLITE_ENTRY)
        await pipeline(entry.open(), createWriteStream(path.join(config.dataDir, 'content.db'), { flags: 'wx' }));
      else if (entry.name === POSTGRES_ENTRY) await restorePostgres(config.DATABASE_URL!, entry, work);
      else if (entry.name === 'auth-secret') {
        await pipeline(entry.open(), createWriteStream(path.join(config.dataDir, 'auth-secret')));
        chmodSync(path.join(config.dataDir, 'auth-secret'), 0o600);
      } else if (entry.name.startsWith('files/')) {
        await blobs.put(entry.name.slice('files/'.length), entry.open());
        files++;
      }
    }
    say(`Datenbank und ${files} Dateien zurückgespielt (Sicherung vom ${manifest.createdAt}).`);
    if (manifest.authSecret === 'environment')
      say(
        'Die Sicherung stammt von einer Installation mit AUTH_SECRET: denselben Wert wieder setzen, sonst sind Anmeldungen und Zwei-Faktor-Schlüssel ungültig.',
      );
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restorePostgres(url: string, entry: TarEntry, work: string): Promise<void> {
  const dump = path.join(work, 'postgres.dump');
  await pipeline(entry.open(), createWriteStream(dump));
  await runTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${url}`, dump]);
}
