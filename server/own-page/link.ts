import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Deps } from '../deps';
import { texts } from '../../common/texts';
import { codeOfLink, createPersonalLink, findLink, isOpen } from '../personal-links';

type LinkDeps = { db: Kysely<DB>; config: Pick<Deps['config'], 'authSecret' | 'baseUrl'> };

/**
 * The address of the contributor's own page for a mail to them: the personal link that made the
 * submission, else an open link of the same person (tenant and address), else a new one. Only ever
 * sent to that address, so it reaches no one else.
 */
export async function ownPageUrl(
  deps: LinkDeps,
  row: {
    id: number;
    tenant: string;
    contact_email: string | null;
    contact_first_name: string | null;
    contact_last_name: string | null;
    personal_link_id?: number | null;
  },
): Promise<string | null> {
  const email = row.contact_email?.trim().toLowerCase();
  if (!email) return null;
  // The thank-you page's link (no address) opens this submission only; the mail reaches the address: its link.
  const made = row.personal_link_id ? await findLink(deps.db, row.personal_link_id) : undefined;
  let code = made?.email ? await codeOfLink(deps.db, deps.config, Number(made.id)) : null;
  if (!code) {
    const links = await deps.db
      .selectFrom('personal_links')
      .selectAll()
      .where('tenant', '=', row.tenant)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .orderBy('id', 'desc')
      .execute();
    const open = links.find((l) => isOpen(l));
    code = open ? await codeOfLink(deps.db, deps.config, Number(open.id)) : null;
  }
  if (!code)
    code = (
      await createPersonalLink(deps.db, deps.config, {
        tenant: row.tenant,
        firstName: row.contact_first_name ?? '',
        lastName: row.contact_last_name ?? '',
        email,
      })
    ).code;
  return `${deps.config.baseUrl}/e/${code}`;
}

/** The line every mail to a contributor ends with: the way to their own page. */
export async function ownPageMailLine(deps: LinkDeps, row: Parameters<typeof ownPageUrl>[1]): Promise<string> {
  const url = await ownPageUrl(deps, row);
  return url ? `\n\n${texts.ownPage.ownPageMailLine(url)}\n` : '';
}
