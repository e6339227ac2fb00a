import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentWordings } from '../../common/schemas/finish';
import { texts } from '../../common/texts';
import { createSubmission } from '../submissions/service';
import { findSubmission } from '../submissions/queries';
import { bumpTenantVersion } from '../tenants/registry';
import { dialects } from '../testing/harness';
import { startServices, type TestServices } from '../testing/services';
import { consentsOf, saveContact } from './service';

const t = texts.finish;
const consentText = consentWordings.contact[0]!;

/** The thank-you contact form's rules, called as services (no HTTP), on both databases. */
describe.each(dialects)('finish contact on %s (service level)', (dialect) => {
  let s: TestServices;

  const submission = async (tenant: string) => {
    const { contentId } = await createSubmission(s.deps.db, { tenant, kind: 'voice' }, { anonymous: true });
    return (await findSubmission(s.deps.db, contentId))!;
  };
  /** Saves with the rules of the tenant's row, as the route does. */
  const save = async (tenant: string, body: Record<string, unknown>) => {
    const row = await submission(tenant);
    await saveContact(s.deps.db, row, body, (await s.deps.tenantRegistry.fresh()).formVariant(tenant));
    return row.id;
  };

  beforeAll(async () => {
    s = await startServices(dialect, { TENANT_CACHE_MS: '0' });
  });
  afterAll(() => s?.close());

  it("applies the bank's rules to the bank and the association's to the association", async () => {
    const short = { firstName: 'E', lastName: 'M', email: 'erika@example.de', consentText };
    await expect(save('bank', short)).rejects.toThrow(t.bankFirstNameMin);
    await expect(save('bank', { ...short, firstName: 'Erika', lastName: 'Muster', email: 'erika' })).rejects.toThrow(
      t.bankEmailInvalid,
    );
    const id = await save('vdi', short);
    expect((await findSubmission(s.deps.db, id))!).toMatchObject({
      contact_first_name: 'E',
      contact_email: 'erika@example.de',
    });
  });

  it('refuses a consent wording nobody was shown, and stores the agreed ones word for word', async () => {
    const body = { firstName: 'Erika', lastName: 'Muster', email: 'erika@example.de' };
    await expect(save('vdi', { ...body, consentText: 'Ich stimme allem zu.' })).rejects.toThrow(t.consentUnknown);
    const id = await save('vdi', { ...body, consentText, publication: true });
    const row = (await findSubmission(s.deps.db, id))!;
    expect(row.completed_at).toBeTruthy();
    expect((await consentsOf(s.deps.db, row)).map((c) => [c.kind, c.text])).toEqual([
      ['contact', consentText],
      ['publication', consentWordings.publication[0]],
    ]);
  });

  it("follows the row: a tenant given the bank's thank-you variant gets the bank's rules at once", async () => {
    const short = { firstName: 'E', lastName: 'M', email: 'erika@example.de', consentText };
    await s.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('tenants').set({ thanks_variant: 'bank' }).where('key', '=', 'firma_a').execute();
      await bumpTenantVersion(trx);
    });
    await expect(save('firma_a', short)).rejects.toThrow(t.bankFirstNameMin);
  });
});
