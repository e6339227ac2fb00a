import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import type { SessionUser } from '../auth/session';
import { dialects, lastMailTo } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import { accessOfUser } from './access';
import { acceptInvitation, changeMemberRole, inviteToTenant, removeMember, tenantMembers } from './members';

const t = texts.tenants;
const tokenIn = (body: string) => /einladung\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!;

/** Membership changes of a tenant, called as services (no HTTP), on both databases. */
describe.each(dialects)('tenant membership on %s (service level)', (dialect) => {
  let s: TestServices;
  let admin: SessionUser;
  let chef: SessionUser;
  let staff: SessionUser;
  let guest: SessionUser;

  const members = async () => (await tenantMembers(s.deps.db, 'firma_a')).map((m) => [m.email, m.role, m.seed]);

  beforeAll(async () => {
    s = await startServices(dialect);
    admin = await s.user('admin@example.de', 'admin');
    chef = await s.user('chef@example.de', 'firma_a');
    staff = await s.user('staff@example.de', 'firma_a');
    guest = await s.user('gast@example.de', null);
  });
  afterAll(() => s?.close());

  it('counts the seed role holders as contributors until a membership is stored', async () => {
    expect(await members()).toEqual([
      ['chef@example.de', 'contributor', true],
      ['staff@example.de', 'contributor', true],
    ]);
  });

  it('lets an admin make a contributor an editor: the membership is stored and the seed role dropped', async () => {
    await changeMemberRole(s.deps, admin, true, 'firma_a', chef.id, 'editor');
    expect(await members()).toEqual([
      ['chef@example.de', 'editor', false],
      ['staff@example.de', 'contributor', true],
    ]);
    const row = await s.deps.db.selectFrom('user').select('role').where('id', '=', chef.id).executeTakeFirstOrThrow();
    expect(row.role).not.toBe('firma_a');
    expect((await accessOfUser(s.deps.db, { id: chef.id, role: row.role })).membership).toEqual({
      tenant: 'firma_a',
      role: 'editor',
    });
  });

  it('lets an editor manage contributors only, and never themselves', async () => {
    await expect(changeMemberRole(s.deps, chef, false, 'firma_a', staff.id, 'editor')).rejects.toThrow(
      t.contributorsOnly,
    );
    await expect(removeMember(s.deps, chef, false, 'firma_a', chef.id)).rejects.toThrow(t.notYourself);
    await expect(removeMember(s.deps, chef, false, 'firma_b', staff.id)).rejects.toThrow(t.memberNotFound);
    await removeMember(s.deps, chef, false, 'firma_a', staff.id);
    expect(await members()).toEqual([['chef@example.de', 'editor', false]]);
    const audit = await s.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${staff.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['membership.remove']);
  });

  it('lets an existing account join only by accepting its invitation, with its own address', async () => {
    await inviteToTenant(s.deps, chef, 'firma_a', { email: 'Gast@Example.de', role: 'contributor' });
    expect(await members()).toEqual([['chef@example.de', 'editor', false]]);
    const mail = await lastMailTo(s.deps.db, 'gast@example.de');
    const token = tokenIn(mail.body);
    await expect(acceptInvitation(s.deps, chef, token)).rejects.toThrow(t.acceptInvalid);
    expect(await acceptInvitation(s.deps, guest, token)).toEqual({ tenant: 'firma_a', role: 'contributor' });
    await expect(acceptInvitation(s.deps, guest, token)).rejects.toThrow(t.acceptInvalid);
    expect(await members()).toEqual([
      ['chef@example.de', 'editor', false],
      ['gast@example.de', 'contributor', false],
    ]);
  });
});
