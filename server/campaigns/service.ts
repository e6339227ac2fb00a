import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CampaignFlow } from '../../common/campaign-values';
import { CODE_ALPHABET } from '../../common/personal-link-code';
import type { CampaignInvitation, CampaignSummary } from '../../common/contracts/campaigns';
import type { CampaignSettings, Invitee, NewCampaign } from '../../common/schemas/campaigns';
import { texts } from '../../common/texts';
import { writeAudit } from '../admin';
import { now } from '../db/database';
import type { CampaignTable } from '../db/schema';
import type { Deps } from '../deps';
import { DomainError } from '../http/errors';
import { createPersonalLinks, endCampaignLinks, revokePersonalLink } from '../personal-links';
import type { Editor, WithTenants } from '../tenants';
import { queueMails } from './mail';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'db' | 'config' | 'jobs'> & WithTenants;

export type CampaignRow = Selectable<CampaignTable>;
const e = texts.campaigns.errors;

/** The end of a deadline: a date means the end of that day in the editors' time zone (approximated as UTC+1). */
export function deadlineEnd(deadline: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(deadline)) return new Date(`${deadline}T23:59:59.999+01:00`).toISOString();
  return new Date(deadline).toISOString();
}

/** Whether the campaign still takes answers at `at`. */
export const campaignOpen = (row: Pick<CampaignRow, 'deadline' | 'ended_at'>, at = new Date()) =>
  !row.ended_at && row.deadline > at.toISOString();

function sharedCode(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((b) => CODE_ALPHABET[b & 31]).join('');
}

function columns(s: CampaignSettings) {
  return {
    name: s.name,
    flows: JSON.stringify(s.flows),
    topic: s.topic,
    questions: JSON.stringify(s.questions),
    deadline: deadlineEnd(s.deadline),
    invitation_text: s.invitationText,
    sender_name: s.senderName,
    contact_email: s.contactEmail,
    reminder_days: JSON.stringify([...new Set(s.reminderDays)].sort((a, b) => a - b)),
  };
}

export function toSummary(row: CampaignRow, counts = { invitees: 0, submitted: 0 }): CampaignSummary {
  return {
    id: row.id,
    tenant: row.tenant,
    name: row.name,
    flows: JSON.parse(row.flows) as CampaignFlow[],
    topic: row.topic,
    questions: JSON.parse(row.questions) as string[],
    deadline: row.deadline,
    invitationText: row.invitation_text,
    senderName: row.sender_name,
    contactEmail: row.contact_email,
    reminderDays: JSON.parse(row.reminder_days) as number[],
    sharedCode: row.shared_code,
    createdAt: row.created_at,
    endedAt: row.ended_at,
    ...counts,
  };
}

function mayEdit(editor: Pick<Editor, 'scope'>, tenant: string): boolean {
  return editor.scope === null || editor.scope.includes(tenant);
}

/** A campaign the editor may manage; any other looks missing. */
export async function loadCampaign(deps: Pick<Deps, 'db'>, editor: Pick<Editor, 'scope'>, id: number) {
  const row = await deps.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !mayEdit(editor, row.tenant)) throw new DomainError('not_found', e.notFound);
  return row;
}

export async function createCampaign(deps: ServiceDeps, editor: Editor, input: NewCampaign): Promise<CampaignSummary> {
  if (!mayEdit(editor, input.tenant)) throw new DomainError('forbidden', texts.auth.noPermission);
  const tenant = (await deps.tenantRegistry.fresh()).get(input.tenant);
  if (!tenant || tenant.archivedAt) throw new DomainError('not_found', texts.tenants.notFound);
  const cols = columns(input);
  if (cols.deadline <= now()) throw new DomainError('invalid', e.deadlinePast);
  const t = now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('campaigns')
      .values({
        tenant: input.tenant,
        ...cols,
        shared_code: sharedCode(),
        created_by: editor.id,
        created_at: t,
        updated_at: t,
        ended_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, editor, {
      action: 'campaign.create',
      target: `campaign:${row.id}`,
      tenant: row.tenant,
      detail: { name: row.name },
    });
    return toSummary(row);
  });
}

export async function updateCampaign(
  deps: ServiceDeps,
  editor: Editor,
  id: number,
  input: CampaignSettings,
): Promise<CampaignSummary> {
  const row = await loadCampaign(deps, editor, id);
  const cols = columns(input);
  if (cols.deadline !== row.deadline && cols.deadline <= now()) throw new DomainError('invalid', e.deadlinePast);
  return deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('campaigns')
      .set({ ...cols, updated_at: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The links end with the campaign's deadline.
    if (!row.ended_at) await endCampaignLinks(trx, id, { expiresAt: updated.deadline });
    await writeAudit(trx, editor, { action: 'campaign.update', target: `campaign:${id}`, tenant: row.tenant });
    return toSummary(updated);
  });
}

/** Ends a campaign now: links show the contact page, reminders stop, what was sent stays. */
export async function endCampaign(deps: ServiceDeps, editor: Editor, id: number): Promise<void> {
  const row = await loadCampaign(deps, editor, id);
  if (row.ended_at) return;
  await deps.db.transaction().execute(async (trx) => {
    const t = now();
    await trx.updateTable('campaigns').set({ ended_at: t, updated_at: t }).where('id', '=', id).execute();
    await endCampaignLinks(trx, id, { expiresAt: t });
    await trx
      .updateTable('campaign_mails')
      .set({ state: 'skipped' })
      .where('campaign_id', '=', id)
      .where('state', '=', 'queued')
      .execute();
    await writeAudit(trx, editor, { action: 'campaign.end', target: `campaign:${id}`, tenant: row.tenant });
  });
}

/**
 * Deletes a campaign with its invitees and mails; their links are revoked. Submissions stay in the
 * inbox with what the people entered (their campaign reference is cleared).
 */
export async function deleteCampaign(deps: ServiceDeps, editor: Editor, id: number): Promise<void> {
  const row = await loadCampaign(deps, editor, id);
  await deps.db.transaction().execute(async (trx) => {
    await endCampaignLinks(trx, id, { revoke: true });
    await trx.updateTable('submissions').set({ campaign_id: null }).where('campaign_id', '=', id).execute();
    await trx.deleteFrom('campaign_mails').where('campaign_id', '=', id).execute();
    await trx.deleteFrom('campaign_invitees').where('campaign_id', '=', id).execute();
    await trx.deleteFrom('campaigns').where('id', '=', id).execute();
    await writeAudit(trx, editor, {
      action: 'campaign.delete',
      target: `campaign:${id}`,
      tenant: row.tenant,
      detail: { name: row.name },
    });
  });
}

/**
 * Adds invitees, all or none: an address twice in the list or already invited refuses the whole
 * list (the page shows which lines). Each gets a personal link until the deadline and an invitation
 * mail, queued at once and sent paced.
 */
export async function addInvitees(deps: ServiceDeps, editor: Editor, id: number, people: Invitee[]): Promise<number> {
  const row = await loadCampaign(deps, editor, id);
  if (!campaignOpen(row)) throw new DomainError('conflict', e.ended);
  const keys = people.map((p) => p.email.toLowerCase());
  const existing = new Set(
    (await deps.db.selectFrom('campaign_invitees').select('email_key').where('campaign_id', '=', id).execute()).map(
      (r) => r.email_key,
    ),
  );
  const problems = keys.filter((k, i) => existing.has(k) || keys.indexOf(k) !== i);
  if (problems.length > 0) throw new DomainError('conflict', e.listProblems(problems.length));
  await deps.db.transaction().execute(async (trx) => {
    const t = now();
    const linkIds = await createPersonalLinks(
      trx,
      deps.config,
      people.map((person) => ({
        tenant: row.tenant,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        role: person.role || null,
      })),
      { campaignId: id, expiresAt: row.deadline },
    );
    for (let i = 0; i < people.length; i += 250)
      await trx
        .insertInto('campaign_invitees')
        .values(
          people.slice(i, i + 250).map((person, k) => ({
            campaign_id: id,
            link_id: linkIds[i + k]!,
            email_key: person.email.toLowerCase(),
            created_at: t,
            invited_at: null,
            declined_at: null,
            unsubscribed_at: null,
          })),
        )
        .execute();
    await writeAudit(trx, editor, {
      action: 'campaign.invite',
      target: `campaign:${id}`,
      tenant: row.tenant,
      detail: { added: people.length },
    });
  });
  await queueMails(deps, id, { step: 'invitation' });
  return people.length;
}

async function loadInvitee(deps: Pick<Deps, 'db'>, campaignId: number, inviteeId: number) {
  const row = await deps.db
    .selectFrom('campaign_invitees')
    .selectAll()
    .where('id', '=', inviteeId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', e.inviteeNotFound);
  return row;
}

/** Sends the invitation again (the same link) as a new step; it goes out once. */
export async function resendInvitation(deps: ServiceDeps, editor: Editor, campaignId: number, inviteeId: number) {
  const campaign = await loadCampaign(deps, editor, campaignId);
  if (!campaignOpen(campaign)) throw new DomainError('conflict', e.ended);
  await loadInvitee(deps, campaignId, inviteeId);
  await queueMails(deps, campaignId, { step: `resend-${Date.now()}`, inviteeIds: [inviteeId] });
}

/** Removes an invitee: their link stops working, their mails go; what they sent stays. */
export async function removeInvitee(deps: ServiceDeps, editor: Editor, campaignId: number, inviteeId: number) {
  const campaign = await loadCampaign(deps, editor, campaignId);
  const invitee = await loadInvitee(deps, campaignId, inviteeId);
  await deps.db.transaction().execute(async (trx) => {
    await revokePersonalLink(trx, invitee.link_id);
    await trx.deleteFrom('campaign_mails').where('invitee_id', '=', inviteeId).execute();
    await trx.deleteFrom('campaign_invitees').where('id', '=', inviteeId).execute();
    await writeAudit(trx, editor, {
      action: 'campaign.remove',
      target: `campaign:${campaignId}`,
      tenant: campaign.tenant,
      detail: { invitee: inviteeId },
    });
  });
}

/** What an invitee's page shows of their campaign. */
export function invitationView(
  row: CampaignRow & { declined_at: string | null; unsubscribed_at: string | null },
): CampaignInvitation {
  const s = toSummary(row);
  return {
    name: s.name,
    flows: s.flows,
    topic: s.topic,
    questions: s.questions,
    deadline: s.deadline,
    invitationText: s.invitationText,
    senderName: s.senderName,
    contactEmail: s.contactEmail,
    open: campaignOpen(row),
    declined: row.declined_at !== null,
    unsubscribed: row.unsubscribed_at !== null,
  };
}

/** The invitee says no ("Ich möchte nicht teilnehmen") or wants no more reminders: later reminders are skipped. */
export async function stopReminders(
  deps: Pick<Deps, 'db'>,
  inviteeId: number,
  why: 'declined' | 'unsubscribed',
): Promise<void> {
  const t = now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('campaign_invitees')
      .set(why === 'declined' ? { declined_at: t } : { unsubscribed_at: t })
      .where('id', '=', inviteeId)
      .where(why === 'declined' ? 'declined_at' : 'unsubscribed_at', 'is', null)
      .execute();
    await trx
      .updateTable('campaign_mails')
      .set({ state: 'skipped' })
      .where('invitee_id', '=', inviteeId)
      .where('state', '=', 'queued')
      .where('step', 'like', 'reminder-%')
      .execute();
  });
}
