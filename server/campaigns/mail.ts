import { sql } from 'kysely';
import { z } from 'zod';
import { texts } from '../../common/texts';
import { now } from '../db/database';
import type { Deps } from '../deps';
import { enqueue } from '../jobs/queue';
import { codeOfLink } from '../personal-links';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'db' | 'config' | 'jobs'>;
type SendDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>;

export const SEND_JOB = 'campaign.send';
const sendJob = z.object({ campaignId: z.number() });
const DAY_MS = 86_400_000;
/** A mail left 'sending' this long (its instance died mid-send) is taken up again. */
const STALE_SENDING_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Queues one mail per invitee for `step` (all invitees of the campaign that have no such mail yet,
 * or `inviteeIds`) and a send job. A (invitee, step) pair exists once: queuing again adds nothing.
 */
export async function queueMails(
  deps: ServiceDeps,
  campaignId: number,
  opts: { step: string; inviteeIds?: number[] },
): Promise<number> {
  let q = deps.db.selectFrom('campaign_invitees').select('id').where('campaign_id', '=', campaignId);
  if (opts.inviteeIds) q = q.where('id', 'in', opts.inviteeIds);
  const invitees = await q.execute();
  const t = now();
  let queued = 0;
  for (let i = 0; i < invitees.length; i += 500) {
    const chunk = invitees.slice(i, i + 500);
    const result = await deps.db
      .insertInto('campaign_mails')
      .values(
        chunk.map((r) => ({
          campaign_id: campaignId,
          invitee_id: r.id,
          step: opts.step,
          state: 'queued',
          error: null,
          created_at: t,
          sending_since: null,
          sent_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['invitee_id', 'step']).doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  if (queued > 0) {
    await enqueue(deps.db, SEND_JOB, { campaignId }, { maxAttempts: 5 });
    deps.jobs.nudge();
  }
  return queued;
}

/** Whether the invitee sent something through their link (completed), so reminders stop. */
const submittedSql = sql<boolean>`exists (select 1 from submissions s where s.personal_link_id = campaign_invitees.link_id and s.completed_at is not null)`;

/**
 * Queues the reminders due at `asOf`: for each invitee of a running campaign who was invited, has
 * not submitted, declined or unsubscribed, the latest reminder step whose day has come; earlier
 * steps not yet sent are marked skipped (one reminder, not a burst, after downtime). Returns the
 * number of reminders queued; the unique (invitee, step) keeps each one single.
 */
export async function queueDueReminders(
  deps: ServiceDeps,
  asOf: Date,
): Promise<{ queued: number; campaigns: number[]; mailIds: number[] }> {
  const at = asOf.toISOString();
  const campaigns = await deps.db
    .selectFrom('campaigns')
    .select(['id', 'reminder_days'])
    .where('ended_at', 'is', null)
    .where('deadline', '>', at)
    .execute();
  let queued = 0;
  const touched: number[] = [];
  const mailIds: number[] = [];
  for (const campaign of campaigns) {
    const days = JSON.parse(campaign.reminder_days) as number[];
    if (days.length === 0) continue;
    const invitees = await deps.db
      .selectFrom('campaign_invitees')
      .select(['id', 'invited_at'])
      .where('campaign_id', '=', campaign.id)
      .where('invited_at', 'is not', null)
      .where('declined_at', 'is', null)
      .where('unsubscribed_at', 'is', null)
      .where(sql<boolean>`not ${submittedSql}`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('campaign_mails as m')
              .select('m.id')
              .whereRef('m.invitee_id', '=', 'campaign_invitees.id')
              .where('m.step', '=', `reminder-${days.length}`),
          ),
        ),
      )
      .execute();
    const t = now();
    let inCampaign = 0;
    for (const invitee of invitees) {
      const invited = Date.parse(invitee.invited_at!);
      const due = days.filter((d) => invited + d * DAY_MS <= asOf.getTime()).length;
      if (due === 0) continue;
      const rows = Array.from({ length: due }, (_, k) => ({
        campaign_id: campaign.id,
        invitee_id: invitee.id,
        step: `reminder-${k + 1}`,
        state: k + 1 === due ? 'queued' : 'skipped',
        error: null,
        created_at: t,
        sending_since: null,
        sent_at: null,
      }));
      // The latest due step decides: when it exists already, nothing happens.
      const latest = await deps.db
        .insertInto('campaign_mails')
        .values(rows[due - 1]!)
        .onConflict((oc) => oc.columns(['invitee_id', 'step']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!latest) continue;
      mailIds.push(Number(latest.id));
      if (due > 1)
        await deps.db
          .insertInto('campaign_mails')
          .values(rows.slice(0, -1))
          .onConflict((oc) => oc.columns(['invitee_id', 'step']).doNothing())
          .execute();
      inCampaign++;
    }
    if (inCampaign > 0) {
      queued += inCampaign;
      touched.push(campaign.id);
      await enqueue(deps.db, SEND_JOB, { campaignId: campaign.id }, { maxAttempts: 5 });
    }
  }
  if (touched.length) deps.jobs.nudge();
  return { queued, campaigns: touched, mailIds };
}

/** Takes one queued mail of the campaign (or one left 'sending' by a dead instance), once across instances. */
async function claimMail(deps: Pick<Deps, 'db'>, campaignId: number) {
  const stale = new Date(Date.now() - STALE_SENDING_MS).toISOString();
  for (let tries = 0; tries < 5; tries++) {
    const candidate = await deps.db
      .selectFrom('campaign_mails')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where((eb) =>
        eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('sending_since', '<', stale)])]),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const claimed = await deps.db
      .updateTable('campaign_mails')
      .set({ state: 'sending', sending_since: now() })
      .where('id', '=', candidate.id)
      .where((eb) =>
        eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('sending_since', '<', stale)])]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return candidate.id;
  }
  return null;
}

async function finishMail(deps: Pick<Deps, 'db'>, id: number, state: 'sent' | 'failed' | 'skipped', error?: string) {
  await deps.db
    .updateTable('campaign_mails')
    .set({ state, error: error ?? null, sent_at: state === 'sent' ? now() : null })
    .where('id', '=', id)
    .execute();
}

/** Sends one claimed mail, unless the reason for it has gone (campaign ended, person answered or said stop). */
async function sendMail(deps: SendDeps, mailId: number, asOf: Date): Promise<'sent' | 'failed' | 'skipped'> {
  const row = await deps.db
    .selectFrom('campaign_mails as m')
    .innerJoin('campaign_invitees', 'campaign_invitees.id', 'm.invitee_id')
    .innerJoin('campaigns as c', 'c.id', 'm.campaign_id')
    .innerJoin('personal_links as l', 'l.id', 'campaign_invitees.link_id')
    .select([
      'm.id',
      'm.step',
      'campaign_invitees.id as invitee_id',
      'campaign_invitees.link_id',
      'campaign_invitees.declined_at',
      'campaign_invitees.unsubscribed_at',
      'c.name',
      'c.deadline',
      'c.ended_at',
      'c.invitation_text',
      'c.sender_name',
      'l.first_name',
      'l.email',
      'l.revoked_at',
      submittedSql.as('submitted'),
    ])
    .where('m.id', '=', mailId)
    .executeTakeFirst();
  if (!row) return 'skipped';
  const reminder = row.step.startsWith('reminder-');
  const over = row.ended_at !== null || row.deadline <= asOf.toISOString() || row.revoked_at !== null;
  if (over || (reminder && (row.declined_at || row.unsubscribed_at || row.submitted))) {
    await finishMail(deps, mailId, 'skipped');
    return 'skipped';
  }
  const code = await codeOfLink(deps.db, deps.config, row.link_id);
  const base = deps.config.baseUrl;
  const m = texts.campaigns.mail;
  try {
    await deps.mailer.send({
      to: row.email,
      fromName: row.sender_name,
      subject: reminder ? m.reminderSubject(row.name) : m.invitationSubject(row.name),
      text: m.body({
        firstName: row.first_name,
        text: row.invitation_text,
        link: `${base}/e/${code}`,
        deadline: row.deadline,
        sender: row.sender_name,
        stop: `${base}/e/${code}/keine-erinnerungen`,
        reminder,
      }),
      headers: {
        'List-Unsubscribe': `<${base}/api/personal-links/${code}/campaign/unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    deps.log.warn({ campaignMail: mailId, err: message }, 'campaign mail failed');
    await finishMail(deps, mailId, 'failed', message);
    return 'failed';
  }
  await finishMail(deps, mailId, 'sent');
  if (!reminder)
    await deps.db
      .updateTable('campaign_invitees')
      .set({ invited_at: now() })
      .where('id', '=', row.invitee_id)
      .where('invited_at', 'is', null)
      .execute();
  return 'sent';
}

/**
 * Sends queued mails of a campaign, paced at CAMPAIGN_MAILS_PER_SECOND, at most `limit`; returns
 * how many were handled and whether some are left.
 */
export async function sendQueued(
  deps: SendDeps,
  campaignId: number,
  opts: { limit: number; asOf?: Date },
): Promise<{ handled: number; sent: number; more: boolean }> {
  const gap = 1000 / deps.config.CAMPAIGN_MAILS_PER_SECOND;
  let handled = 0;
  let sent = 0;
  while (handled < opts.limit) {
    const started = Date.now();
    const id = await claimMail(deps, campaignId);
    if (id === null) return { handled, sent, more: false };
    if ((await sendMail(deps, id, opts.asOf ?? new Date())) === 'sent') sent++;
    handled++;
    const rest = gap - (Date.now() - started);
    if (rest > 0) await sleep(rest);
  }
  return { handled, sent, more: true };
}

/**
 * The send job: a few seconds' worth of mails, then it queues itself again, so a list of thousands
 * never holds the instance's job runner for long and any instance may carry on.
 */
export function registerCampaignJobs(deps: SendDeps & ServiceDeps): void {
  deps.jobs.register(SEND_JOB, sendJob, async (job) => {
    const { campaignId } = job.payload;
    const result = await sendQueued(deps, campaignId, { limit: Math.ceil(deps.config.CAMPAIGN_MAILS_PER_SECOND * 3) });
    if (result.more) {
      await enqueue(deps.db, SEND_JOB, { campaignId }, { maxAttempts: 5 });
      deps.jobs.nudge();
    }
    return { handled: result.handled, sent: result.sent };
  });
}

/** Each instance looks for due reminders now and then; the (invitee, step) rows keep them single. */
export function startCampaignScheduler(deps: ServiceDeps & Pick<Deps, 'log'>): () => void {
  const timer = setInterval(() => {
    queueDueReminders(deps, new Date()).catch((error) =>
      deps.log.warn({ err: error }, 'campaign reminder check failed'),
    );
  }, deps.config.NOTIFY_CHECK_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The operator's "send what is due as of": queues the due reminders and sends them here and now
 * (a running instance may take some of them; each goes out once). Returns how many of the
 * reminders it queued went out, once all are done.
 */
export async function remindAsOf(deps: SendDeps & ServiceDeps, asOf: Date): Promise<number> {
  const { campaigns, mailIds } = await queueDueReminders(deps, asOf);
  for (const campaignId of campaigns) {
    for (;;) {
      const result = await sendQueued(deps, campaignId, { limit: 500, asOf });
      if (!result.more) break;
    }
  }
  if (mailIds.length === 0) return 0;
  const until = Date.now() + 120_000;
  for (;;) {
    const rows = await deps.db.selectFrom('campaign_mails').select('state').where('id', 'in', mailIds).execute();
    if (rows.every((r) => r.state !== 'queued' && r.state !== 'sending') || Date.now() > until)
      return rows.filter((r) => r.state === 'sent').length;
    await sleep(200);
  }
}
