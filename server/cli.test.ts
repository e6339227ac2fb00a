import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './testing/cli';

// Each test starts the CLI (tsx, building the app) several times: room for a busy machine.
describe('operator command line', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ca-cli-'));

  it('creates a user, changes the role and lists users', async () => {
    expect(
      (
        await cli(
          dataDir,
          'user',
          'create',
          '--email',
          'Anna@Example.org',
          '--password',
          'Geheime-Brücke-2026',
          '--role',
          'vdi_admin',
        )
      ).code,
    ).toBe(0);
    expect((await cli(dataDir, 'user', 'role', '--email', 'anna@example.org', '--role', 'bank')).out).toContain('bank');
    const list = await cli(dataDir, 'user', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/anna@example\.org\s+bank/);
  });

  it('explains bad arguments and exits non-zero', async () => {
    const unknownRole = await cli(
      dataDir,
      'user',
      'create',
      '--email',
      'b@example.org',
      '--password',
      'Geheime-Brücke-2026',
      '--role',
      'chef',
    );
    expect(unknownRole.code).not.toBe(0);
    expect(unknownRole.out).toContain('Unbekannte Rolle "chef"');
    const shortPassword = await cli(
      dataDir,
      'user',
      'create',
      '--email',
      'b@example.org',
      '--password',
      'kurz',
      '--role',
      'bank',
    );
    expect(shortPassword.code).not.toBe(0);
    expect(shortPassword.out).toContain('weniger als 8 Zeichen');
    const unknownUser = await cli(dataDir, 'user', 'role', '--email', 'nobody@example.org', '--role', 'bank');
    expect(unknownUser.code).not.toBe(0);
    expect(unknownUser.out).toContain('Kein Benutzer');
    const nonsense = await cli(dataDir, 'nonsense');
    expect(nonsense.code).not.toBe(0);
    expect(nonsense.out).toContain('Verwendung');
  });
});
