import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { cli } from '../testing/cli';


describe('tenant commands of the operator command line', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-cli-tenants-'));

  it('creates, lists and archives a tenant and adds its users', async () => {
    const made = await cli(dataDir, 'tenant', 'create', '--key', 'firma-c', '--name', 'Firma C');
    expect(made.code).toBe(0);
    expect(made.out).toContain('/t/firma-c');
    expect((await cli(dataDir, 'user', 'create', '--email', 'c@example.org', '--password', 'Kranbahn-Sommer-42', '--tenant', 'firma-c', '--role', 'contributor')).code).toBe(0);
    const badRole = await cli(dataDir, 'user', 'create', '--email', 'd@example.org', '--password', 'Kranbahn-Sommer-42', '--tenant', 'firma-c', '--role', 'chef');
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
