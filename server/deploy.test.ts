import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// deploy/ cannot be built here (no container engine): these checks keep it from drifting from
// what CI runs and tests (scripts/test-all.sh, package.json's scripts).
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  const joined = text
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

/** The words of a shell-form or exec-form (JSON array) command. */
const words = (args: string): string[] => (args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/));

describe('deploy/Dockerfile runs the commands CI runs', () => {
  const steps = instructions(read('deploy/Dockerfile'));
  const runs = steps.filter((s) => s.op === 'RUN').map((s) => s.args);
  const ci = read('scripts/test-all.sh');

  it('installs with `npm ci` and builds with `npm run build`, as CI does', () => {
    expect(ci).toMatch(/npm ci --no-audit --no-fund/);
    // CI's `npm test` builds with `npm run build`.
    expect(pkg.scripts.test).toContain('npm run build');
    const installs = runs.filter((r) => /(^|&&\s*)npm ci\b/.test(r));
    expect(installs.length).toBeGreaterThanOrEqual(1);
    for (const r of installs) expect(r).toMatch(/^npm ci( --omit=dev)? --no-audit --no-fund$/);
    expect(runs).toContain('npm run build');
    // No other way of building or installing has crept in.
    for (const r of runs)
      expect(r).not.toMatch(/\b(npm (install|i|prune|rebuild)|yarn|pnpm|vite build|tsc|esbuild|npx)\b/);
  });

  it('starts with `npm start`, i.e. `node scripts/start.mjs`, the start command of the README and the systemd unit', async () => {
    const cmd = steps.filter((s) => s.op === 'CMD').at(-1)!;
    expect(words(cmd.args)).toEqual(['npm', 'start']);
    // With the V8 flags of scripts/node-flags.mjs (the benches run the server with the same).
    const { NODE_FLAGS } = await import('../scripts/node-flags.mjs');
    expect(pkg.scripts.start).toBe(`exec node ${NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(pkg.scripts.demo).toBe(`exec node ${NODE_FLAGS.join(' ')} scripts/start.mjs --demo`);
    expect(read('deploy/content-assistent.service')).toMatch(/^ExecStart=\/usr\/bin\/npm start$/m);
    expect(read('README.md')).toContain('npm start');
    // The entrypoint only adds an init process in front of it.
    expect(words(steps.find((s) => s.op === 'ENTRYPOINT')!.args)).toEqual(['tini', '--']);
  });

  it('the runtime image holds everything `npm start` and `npm run cli` read', () => {
    const copies = steps.filter((s) => s.op === 'COPY' && s.args.includes('--from=build')).map((s) => s.args);
    const copied = copies
      .flatMap((c) => words(c.replace(/--\S+/g, '').trim()).slice(0, -1))
      .map((f) => f.replace(/^\/app\//, ''));
    for (const need of ['package.json', 'package-lock.json', 'scripts', 'server', 'common', 'dist'])
      expect(copied).toContain(need);
    // The start script and the CLI run from dependencies that `npm ci --omit=dev` keeps.
    expect(pkg.scripts.cli).toMatch(/^tsx /);
    for (const dep of ['tsx', 'node']) expect(pkg.dependencies[dep]).toBeDefined();
    // Files the build stage copies must not be kept out of the build context.
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const need of ['scripts', 'server', 'common', 'web', 'package-lock.json', '.npmrc'])
      expect(ignored).not.toContain(need);
  });

  it('compose builds this Dockerfile from the repository root', () => {
    const compose = read('deploy/compose.yaml');
    expect(compose).toMatch(/context: \.\.\n\s+dockerfile: deploy\/Dockerfile/);
  });
});

/** The top-level blocks under `services:` of a compose file, by name (plain two-space YAML). */
function composeServices(text: string): Record<string, string> {
  const body = text.split(/^services:\n/m)[1]!.split(/^\S/m)[0]!;
  const out: Record<string, string> = {};
  for (const block of body.split(/^(?= {2}[a-z][\w-]*:\s*$)/m)) {
    const name = /^ {2}([a-z][\w-]*):/.exec(block)?.[1];
    if (name)
      out[name] = block
        .split('\n')
        .filter((l) => !l.trim().startsWith('#'))
        .join('\n');
  }
  return out;
}

describe('deploy/compose.yaml is safe as shipped (app reachable only through the proxy)', () => {
  const services = composeServices(read('deploy/compose.yaml'));
  const published = (block: string) =>
    [...block.matchAll(/^\s+ports:\n((?:\s+- .*\n?)+)/gm)].flatMap((m) =>
      m[1]!
        .split('\n')
        .map((l) =>
          l
            .replace(/^\s+- /, '')
            .replace(/"/g, '')
            .trim(),
        )
        .filter(Boolean),
    );

  it('publishes no port of the app except on 127.0.0.1, and only the proxy faces the network', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['app', 'proxy', 'db', 'minio']));
    for (const [name, block] of Object.entries(services)) {
      if (name === 'proxy') continue;
      for (const port of published(block)) expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
    const proxy = services.proxy!;
    expect(proxy).toMatch(/image: caddy:2/);
    expect(proxy).toMatch(/"reverse-proxy", "--from", "\$\{BASE_URL[^"]*\}", "--to", "app:3000"/);
    expect(published(proxy)).toEqual(expect.arrayContaining(['80:80', '443:443']));
  });

  it('trusts exactly the one proxy hop, and OPERATIONS.md says why TRUST_PROXY must match the network', () => {
    const app = services.app!;
    expect(app).toMatch(/^\s+TRUST_PROXY: "1"$/m);
    // Not overridable from the shell: a `${TRUST_PROXY:-…}` would let `true` in.
    expect(app).not.toMatch(/TRUST_PROXY: \$\{/);
    const ops = read('docs/OPERATIONS.md');
    expect(ops).toMatch(/`TRUST_PROXY` must match the network, because/);
    expect(ops).toMatch(/Caddy as the reverse proxy/);
    expect(ops).toMatch(/`TRUST_PROXY=1` \(one hop\) is right/);
  });
});

describe('deploy/content-assistent.service', () => {
  const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
  it.skipIf(analyze.status !== 0)('passes systemd-analyze verify', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'unit-'));
    try {
      const unit = path.join(dir, 'content-assistent.service');
      copyFileSync(path.join(root, 'deploy/content-assistent.service'), unit);
      const r = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
      // `npm` missing from /usr/bin on a machine is reported too: only unit errors count.
      const problems = `${r.stdout}${r.stderr}`
        .split('\n')
        .filter(
          (l) => l.trim() && !(/Command \/usr\/bin\/npm is not executable/.test(l) && !existsSync('/usr/bin/npm')),
        );
      expect(problems).toEqual([]);
      expect(r.status === 0 || problems.length === 0).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
