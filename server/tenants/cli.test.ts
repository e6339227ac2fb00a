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
    expect(
      (
        await cli(
          dataDir,
          'user',
          'create',
          '--email',
          'c@example.org',
          '--password',
          'Kranbahn-Sommer-42',
          '--tenant',
          'firma-c',
          '--role',
          'contributor',
        )
      ).code,
    ).toBe(0);
    const badRole = await cli(
      dataDir,
      'user',
      'create',
      '--email',
      'd@example.org',
      '--password',
      'Kranbahn-Sommer-42',
      '--tenant',
      'firma-c',
      '--role',
      'chef',
    );
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

  it('ends a membership with `user role … none` (counts follow); `member remove` of a non-member explains', async () => {
    expect((await cli(dataDir, 'tenant', 'create', '--key', 'firma-d', '--name', 'Firma D')).code).toBe(0);
    expect(
      (
        await cli(
          dataDir,
          'user',
          'create',
          '--email',
          'e@example.org',
          '--password',
          'Kranbahn-Sommer-42',
          '--tenant',
          'firma-d',
          '--role',
          'editor',
        )
      ).code,
    ).toBe(0);
    const none = await cli(dataDir, 'user', 'role', '--email', 'e@example.org', '--role', 'none');
    expect(none.code).toBe(0);
    expect(none.out).toContain('Mitgliedschaft im Bereich firma-d beendet');
    expect((await cli(dataDir, 'tenant', 'list')).out).toMatch(
      /firma-d\tFirma D\taktiv\t0 Einsendungen\t0 Beitragende\t0 Redaktion/,
    );
    const gone = await cli(dataDir, 'member', 'remove', '--email', 'e@example.org', '--tenant', 'firma-d');
    expect(gone.code).not.toBe(0);
    expect(gone.out).toContain(texts.tenants.memberNotFound);
  });
});
