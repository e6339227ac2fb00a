import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { projectRoot } from '../paths';

/** Compiles the server as `npm run build:server` does (fast: esbuild). */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(projectRoot, 'scripts/build-server.mjs')], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Milliseconds from spawn until it printed that it is ready. */
  readyMs: number;
};

/** The compiled server (`node dist/server/main.js`) as a production process on 127.0.0.1, started and ready. */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { args?: string[]; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(projectRoot, 'dist/server/main.js'), ...(opts.args ?? [])],
    {
      cwd: projectRoot,
      // A clean environment: the test runner's own variables (vite sets BASE_URL=/) must not leak in.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const readyMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready:\n${output}`)), opts.readyTimeoutMs ?? 60_000);
    const check = () => {
      if (output.includes('läuft auf')) {
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited, readyMs };
}
