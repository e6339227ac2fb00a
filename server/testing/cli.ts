import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

/** Runs the operator command line on a data directory, as an operator would: exit code and output. */
export async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(tsx, ['server/cli.ts', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error: any) {
    return { code: error.code as number, out: String(error.stdout) + String(error.stderr) };
  }
}
