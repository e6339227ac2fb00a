import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

async function cli(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['server/cli.ts', ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
    return { code: 0, out: stdout + stderr };
  } catch (error: any) {
    return { code: error.code as number, out: String(error.stdout) + String(error.stderr) };
  }
}

describe('tenant commands of the operator command line', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-cli-tenants-'));

  it('creates, lists and archives a tenant and adds its users', async () => {
    const made = await cli(dataDir, 'tenant', 'create', '--key', 'firma-c', '--name', 'Firma C');
    expect(made.code).toBe(0);
    expect(made.out).toContain('/t/firma-c');
    expect((await cli(dataDir, 'user', 'create', '--email', 'c@example.org', '--password', 'geheim123', '--tenant', 'firma-c', '--role', 'contributor')).code).toBe(0);
    const badRole = await cli(dataDir, 'user', 'create', '--email', 'd@example.org', '--password', 'geheim123', '--tenant', 'firma-c', '--role', 'chef');
    expect(badRole.code).not.toBe(0);
    expect(badRole.out).toContain(texts.tenants.roleInvalid);
    const badKey = await cli(dataDir, 'tenant', 'create', '--key', 'Firma C', '--name', 'Firma C');
    expect(badKey.code).not.toBe(0);
    expect(badKey.out).toContain(texts.tenants.keyInvalid);
    expect((await cli(dataDir, 'tenant', 'archive', '--key', 'firma-c')).code).toBe(0);
    const list = await cli(dataDir, 'tenant', 'list');
    expect(list.out).toMatch(/firma-c\tFirma C\tarchiviert\t0 Einsendungen\t1 Beitragende/);
    expect(list.out).toMatch(/firma_a\tFirma A\taktiv/);
  });
});
