import type { Kysely } from 'kysely';
import { funnelStates, type InviteeState } from '../../common/campaign-values';
import type { BoardRow, CampaignBoard } from '../../common/contracts/campaigns';
import { texts } from '../../common/texts';
import type { DB } from '../db/schema';
import { type CampaignRow, toSummary } from './service';

type Facts = {
  invited_at: string | null;
  declined_at: string | null;
  unsubscribed_at: string | null;
  first_opened_at: string | null;
  started: string | null;
  submitted: string | null;
  approved: string | null;
  published: string | null;
  mailFailed: boolean;
};

/** An invitee's state and since when, from what happened (the furthest step wins; no answer → their no). */
export function stateOf(f: Facts): { state: InviteeState; since: string | null } {
  if (f.published) return { state: 'veröffentlicht', since: f.published };
  if (f.approved) return { state: 'freigegeben', since: f.approved };
  if (f.submitted) return { state: 'eingereicht', since: f.submitted };
  if (f.declined_at) return { state: 'abgelehnt', since: f.declined_at };
  if (f.unsubscribed_at) return { state: 'abgemeldet', since: f.unsubscribed_at };
  if (f.started) return { state: 'begonnen', since: f.started };
  if (f.first_opened_at) return { state: 'geöffnet', since: f.first_opened_at };
  if (f.invited_at) return { state: 'eingeladen', since: f.invited_at };
  if (f.mailFailed) return { state: 'unzustellbar', since: null };
  return { state: 'wartet', since: null };
}

const minOf = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** Every invitee of a campaign with their state, and the funnel's counts. */
export async function campaignBoard(db: Kysely<DB>, campaign: CampaignRow): Promise<CampaignBoard> {
  const id = campaign.id;
  const people = await db
    .selectFrom('campaign_invitees as i')
    .innerJoin('personal_links as l', 'l.id', 'i.link_id')
    .select([
      'i.id',
      'i.link_id',
      'i.invited_at',
      'i.declined_at',
      'i.unsubscribed_at',
      'l.first_name',
      'l.last_name',
      'l.email',
      'l.role',
      'l.first_opened_at',
    ])
    .where('i.campaign_id', '=', id)
    .orderBy('l.last_name')
    .orderBy('l.first_name')
    .execute();
  const submissions = await db
    .selectFrom('submissions as s')
    .innerJoin('campaign_invitees as i', 'i.link_id', 's.personal_link_id')
    .select(['s.id', 'i.id as invitee_id', 's.created_at', 's.completed_at'])
    .where('i.campaign_id', '=', id)
    .orderBy('s.id')
    .execute();
  const approvals = await db
    .selectFrom('post_approvals as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('campaign_invitees as i', 'i.link_id', 's.personal_link_id')
    .select(['i.id as invitee_id', 'a.decided_at'])
    .where('i.campaign_id', '=', id)
    .where('a.state', '=', 'approved')
    .execute();
  const publications = await db
    .selectFrom('post_publications as p')
    .innerJoin('submissions as s', 's.id', 'p.submission_id')
    .innerJoin('campaign_invitees as i', 'i.link_id', 's.personal_link_id')
    .select(['i.id as invitee_id', 'p.created_at'])
    .where('i.campaign_id', '=', id)
    .execute();
  // The last invitation or resend of each invitee: failed means the address did not take it.
  const mails = await db
    .selectFrom('campaign_mails')
    .select(['invitee_id', 'state', 'error', 'step'])
    .where('campaign_id', '=', id)
    .where('state', 'in', ['sent', 'failed'])
    .orderBy('id')
    .execute();

  const facts = new Map<number, Facts & { contentIds: number[]; mailError: string | null }>();
  for (const p of people)
    facts.set(p.id, {
      invited_at: p.invited_at,
      declined_at: p.declined_at,
      unsubscribed_at: p.unsubscribed_at,
      first_opened_at: p.first_opened_at,
      started: null,
      submitted: null,
      approved: null,
      published: null,
      mailFailed: false,
      contentIds: [],
      mailError: null,
    });
  for (const s of submissions) {
    const f = facts.get(s.invitee_id);
    if (!f) continue;
    f.contentIds.push(Number(s.id));
    f.started = minOf(f.started, s.created_at);
    f.submitted = minOf(f.submitted, s.completed_at);
  }
  for (const a of approvals) {
    const f = facts.get(a.invitee_id);
    if (f) f.approved = minOf(f.approved, a.decided_at);
  }
  for (const p of publications) {
    const f = facts.get(p.invitee_id);
    if (f) f.published = minOf(f.published, p.created_at);
  }
  for (const m of mails) {
    const f = facts.get(m.invitee_id);
    if (!f) continue;
    f.mailError = m.state === 'failed' ? (m.error ?? texts.campaigns.board.mailFailed) : null;
    if (!m.step.startsWith('reminder-')) f.mailFailed = m.state === 'failed';
  }

  const invitees: BoardRow[] = people.map((p) => {
    const f = facts.get(p.id)!;
    return {
      id: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      role: p.role,
      ...stateOf(f),
      contentIds: f.contentIds,
      mailError: f.mailError,
    };
  });
  const reached: Record<(typeof funnelStates)[number], (f: Facts) => boolean> = {
    eingeladen: (f) => f.invited_at !== null,
    geöffnet: (f) => f.first_opened_at !== null,
    begonnen: (f) => f.started !== null,
    eingereicht: (f) => f.submitted !== null,
    freigegeben: (f) => f.approved !== null,
    veröffentlicht: (f) => f.published !== null,
  };
  const all = [...facts.values()];
  const funnel: Record<string, number> = { invitees: all.length };
  for (const step of funnelStates) funnel[step] = all.filter(reached[step]).length;
  const submitted = funnel.eingereicht ?? 0;
  return { campaign: toSummary(campaign, { invitees: all.length, submitted }), invitees, funnel };
}

/** The board as CSV (semicolons, as German spreadsheets expect; formulas neutralised). */
export function boardCsv(board: CampaignBoard): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[;"\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [texts.campaigns.csvHeader.join(';')];
  for (const r of board.invitees)
    lines.push(
      [
        r.firstName,
        r.lastName,
        r.email,
        r.role ?? '',
        texts.campaigns.states[r.state],
        r.since ?? '',
        r.contentIds.join(' '),
      ]
        .map(cell)
        .join(';'),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
