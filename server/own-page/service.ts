import type { Kysely } from 'kysely';
import type { OwnPage } from '../../common/contracts/own-page';
import { consentKinds } from '../../common/finish-rules';
import { ledgerOf } from '../consent';
import { consentOf, needsOf, notCoveredBy, specOf } from '../content';
import type { DB } from '../db/schema';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';
import type { OwnPerson } from './person';

type ServiceDeps = Pick<Deps, 'db'> & WithTenants;

/** The newest line of the ledger per kind across the person's submissions: what they agreed to, and whether they withdrew it. */
export async function consentLines(db: Kysely<DB>, contentIds: number[]): Promise<OwnPage['consents']> {
  const ledger = await ledgerOf(db, contentIds);
  const lines: OwnPage['consents'] = [];
  for (const kind of consentKinds) {
    const records = ledger.filter((r) => r.kind === kind);
    const given = records.filter((r) => r.action === 'given').at(-1);
    if (!given) continue;
    // In force while any submission's newest record of the kind is a consent.
    const last = new Map<number, (typeof records)[number]>();
    for (const r of records) last.set(Number(r.submission_id), r);
    const live = [...last.values()].some((r) => r.action === 'given');
    const withdrawn = live ? null : (records.filter((r) => r.action === 'withdrawn').at(-1)?.given_at ?? null);
    lines.push({
      kind,
      text: given.text,
      version: given.version === null ? null : Number(given.version),
      givenAt: given.given_at,
      withdrawnAt: withdrawn,
    });
  }
  return lines;
}

/** Everything the own page shows of the person's submissions, nothing of anyone else's. */
export async function ownPageOf(deps: ServiceDeps, person: OwnPerson, contentIds: number[]): Promise<OwnPage> {
  const db = deps.db;
  const registry = await deps.tenantRegistry.fresh();
  const submissions = contentIds.length
    ? await db.selectFrom('submissions').selectAll().where('id', 'in', contentIds).orderBy('id', 'desc').execute()
    : [];
  const tenantKey = person.tenant ?? submissions[0]?.tenant ?? null;
  const views: OwnPage['submissions'] = [];
  for (const s of submissions) {
    const id = Number(s.id);
    const [media, items, posts, publications, takedowns, consent] = await Promise.all([
      db
        .selectFrom('media')
        .select(['id', 'kind', 'original_name'])
        .where('submission_id', '=', id)
        .orderBy('id')
        .execute(),
      db.selectFrom('content_items').selectAll().where('submission_id', '=', id).orderBy('id').execute(),
      db.selectFrom('posts').selectAll().where('submission_id', '=', id).orderBy('id').execute(),
      db.selectFrom('post_publications').selectAll().where('submission_id', '=', id).orderBy('id').execute(),
      db.selectFrom('takedown_tasks').selectAll().where('submission_id', '=', id).execute(),
      consentOf(db, id),
    ]);
    views.push({
      contentId: id,
      kind: s.kind,
      createdAt: s.created_at,
      transcript: s.transcript,
      media: media.map((m) => ({ id: Number(m.id), kind: m.kind, name: m.original_name })),
      items: items
        .filter((i) => i.state !== 'failed' && i.state !== 'cancelled')
        .map((i) => ({
          id: Number(i.id),
          kind: i.kind,
          usable: notCoveredBy(needsOf(i.kind, specOf(i)), consent) === null,
        })),
      posts: posts.map((p) => ({
        channel: p.channel,
        marked: !!p.consent_withdrawn_at,
        publications: publications
          .filter((pub) => Number(pub.post_id) === Number(p.id))
          .map((pub) => {
            const task = takedowns.filter((tk) => Number(tk.publication_id) === Number(pub.id)).at(-1);
            return {
              channel: pub.channel,
              url: pub.url,
              createdAt: pub.created_at,
              takedown: task ? { dueAt: task.due_at, doneAt: task.done_at } : null,
            };
          }),
      })),
    });
  }
  const erasure = await latestErasure(db, person);
  return {
    name:
      person.name || [submissions[0]?.contact_first_name, submissions[0]?.contact_last_name].filter(Boolean).join(' '),
    email: person.email,
    brand: registry.brand(tenantKey),
    submissions: views,
    consents: await consentLines(db, contentIds),
    erasure,
  };
}

async function latestErasure(db: Kysely<DB>, person: OwnPerson) {
  if (!person.email && !person.userId) return null;
  const row = await db
    .selectFrom('erasure_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(person.userId ? [eb('user_id', '=', person.userId)] : []),
        ...(person.email ? [eb('email', '=', person.email)] : []),
      ]),
    )
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { state: row.state, dueAt: row.due_at, keepReason: row.keep_reason } : null;
}
