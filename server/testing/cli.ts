import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const built = path.join(root, 'dist/server/cli.js');

/** The newest change time of the sources the built command line comes from. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The command to run: the built CLI (`npm test` builds first; it starts in a fraction of the time
 * tsx needs to compile the app) when it is newer than every source, else the sources through tsx.
 */
function command(): [string, string[]] {
  let fresh = false;
  try {
    fresh =
      statSync(built).mtimeMs >
      Math.max(newestSource(path.join(root, 'server')), newestSource(path.join(root, 'common')));
  } catch {
    fresh = false;
  }
  return fresh ? [process.execPath, [built]] : [path.join(root, 'node_modules/.bin/tsx'), ['server/cli.ts']];
}

/** Runs the operator command line on a data directory, as an operator would: exit code and output. */
export async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  return cliWithEnv({ DATA_DIR: dataDir }, ...args);
}

/** The command line with more of the environment (a database URL, SMTP, the app's secret). */
export async function cliWithEnv(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; out: string }> {
  const [file, prefix] = command();
  try {
    const { stdout, stderr } = await run(file, [...prefix, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error: any) {
    return { code: error.code as number, out: String(error.stdout) + String(error.stderr) };
  }
}
