import { sql, type Kysely } from 'kysely';
import { MAX_RECORDING_SECONDS } from '../../common/schemas/voice-messages';
import { texts } from '../../common/texts';
import type { AppConfig } from '../config';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';
import type { Submission } from '../submissions';

const HOUR_MS = 60 * 60_000;
const p = texts.publicLink;

type Limits = Pick<
  AppConfig,
  | 'PUBLIC_INTERVIEWS_PER_ADDRESS'
  | 'PUBLIC_INTERVIEWS_TOTAL'
  | 'PUBLIC_INTERVIEW_MAX_MINUTES'
  | 'PUBLIC_AUDIO_MINUTES_PER_HOUR_PER_ADDRESS'
  | 'PUBLIC_AUDIO_MINUTES_PER_HOUR'
  | 'PUBLIC_RECORDINGS_PER_SUBMISSION'
  | 'PUBLIC_RECORDINGS_PER_HOUR_PER_ADDRESS'
  | 'PUBLIC_TRANSCRIPTIONS_PER_SUBMISSION'
  | 'PUBLIC_TRANSCRIPTIONS_PER_HOUR_PER_ADDRESS'
  | 'PUBLIC_UPLOAD_MB_PER_HOUR_PER_ADDRESS'
  | 'PUBLIC_UPLOAD_MB_PER_HOUR'
>;

/** A submission made on the anonymous public link (no account behind it): the limits apply. */
export const isPublicSubmission = (row: Submission): boolean => row.user_id === null && row.access_token_hash !== null;

const refuse = (message: string) => new DomainError('too_many', message, p.limitTitle);

/** Seconds of a voice message whose packets cannot be read: estimated at 32 kbit/s (every recorder here writes more), at most the 5-minute cap. */
export const recordingSeconds = (bytes: number): number =>
  Math.max(1, Math.min(MAX_RECORDING_SECONDS, Math.ceil(bytes / 4000)));

type UsageRow = {
  id: number;
  kind: string;
  address: string;
  started_at: number | string;
  ended_at: number | string | null;
  seconds: number;
  lapses_at: number | string | null;
};

/** The end of an interview slot as counted at `at`: its end, the moment it lapsed unused, or now. */
function slotEnd(r: UsageRow, at: number): number {
  return Math.min(r.ended_at === null ? at : Number(r.ended_at), r.lapses_at === null ? at : Number(r.lapses_at), at);
}

/** Audio seconds of the rows that fall into the hour before `at` (running interviews count until now). */
function audioSeconds(rows: UsageRow[], at: number, maxInterviewMs: number): number {
  let total = 0;
  for (const r of rows) {
    const start = Number(r.started_at);
    if (r.kind === 'interview') {
      const end = Math.min(slotEnd(r, at), start + maxInterviewMs);
      total += Math.max(0, end - Math.max(start, at - HOUR_MS)) / 1000;
    } else if (r.kind === 'recording' && start > at - HOUR_MS) total += Number(r.seconds);
  }
  return total;
}

async function recentRows(db: Kysely<DB>, since: number, address?: string): Promise<UsageRow[]> {
  return (await db
    .selectFrom('public_usage')
    .select(['id', 'kind', 'address', 'started_at', 'ended_at', 'seconds', 'lapses_at'])
    .where('started_at', '>', since)
    .$if(address !== undefined, (q) => q.where('address', '=', address!))
    .execute()) as UsageRow[];
}

/**
 * Counts an entry first and then checks the limits including it, taking it back if one is
 * exceeded: two requests at the same moment cannot both slip under a limit on another instance.
 */
async function claim(
  db: Kysely<DB>,
  entry: {
    kind: string;
    address: string;
    submissionId: number;
    seconds: number;
    bytes?: number;
    lapsesAt?: number | null;
  },
  check: (id: number, at: number) => Promise<string | null>,
): Promise<number> {
  const at = Date.now();
  const row = await db
    .insertInto('public_usage')
    .values({
      kind: entry.kind,
      address: entry.address,
      submission_id: entry.submissionId,
      started_at: at,
      ended_at: entry.kind === 'interview' ? null : at,
      seconds: entry.seconds,
      bytes: entry.bytes ?? 0,
      lapses_at: entry.lapsesAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refused = await check(row.id, at);
  if (refused) {
    await db.deleteFrom('public_usage').where('id', '=', row.id).execute();
    throw refuse(refused);
  }
  return row.id;
}

/**
 * Whether the audio minutes of the hour are spent. `withNew`: the rows already hold the entry
 * asked for (a recording), so exactly the limit is still admitted; without it (a new interview)
 * the limit reached leaves no room.
 */
function audioCheck(limits: Limits, rows: UsageRow[], address: string, at: number, withNew = false): string | null {
  const maxMs = limits.PUBLIC_INTERVIEW_MAX_MINUTES * 60_000;
  const over = (seconds: number, minutes: number) => (withNew ? seconds > minutes * 60 : seconds >= minutes * 60);
  if (
    over(
      audioSeconds(
        rows.filter((r) => r.address === address),
        at,
        maxMs,
      ),
      limits.PUBLIC_AUDIO_MINUTES_PER_HOUR_PER_ADDRESS,
    )
  )
    return p.audioMinutesAddress;
  if (over(audioSeconds(rows, at, maxMs), limits.PUBLIC_AUDIO_MINUTES_PER_HOUR)) return p.audioMinutesTotal;
  return null;
}

/**
 * A public interview is signed: holds one of the concurrent slots. With `lapsesAt` (our own agent)
 * the slot holds only until then unless the interview begins (`beginPublicInterview`). Returns the
 * slot's id for `endPublicInterview`.
 */
export function startPublicInterview(
  db: Kysely<DB>,
  limits: Limits,
  address: string,
  submissionId: number,
  lapsesAt: number | null = null,
): Promise<number> {
  const maxMs = limits.PUBLIC_INTERVIEW_MAX_MINUTES * 60_000;
  return claim(db, { kind: 'interview', address, submissionId, seconds: 0, lapsesAt }, async (id, at) => {
    const rows = await recentRows(db, at - HOUR_MS - maxMs);
    const running = rows.filter(
      (r) =>
        r.kind === 'interview' &&
        r.ended_at === null &&
        (r.lapses_at === null || Number(r.lapses_at) > at) &&
        Number(r.started_at) > at - maxMs,
    );
    if (running.filter((r) => r.address === address).length > limits.PUBLIC_INTERVIEWS_PER_ADDRESS)
      return p.interviewsBusyAddress;
    if (running.length > limits.PUBLIC_INTERVIEWS_TOTAL) return p.interviewsBusyTotal;
    // The minutes already spoken in the last hour, without the slot just taken.
    return audioCheck(
      limits,
      rows.filter((r) => r.id !== id),
      address,
      at,
    );
  });
}

/** The signed URL was used: the slot no longer lapses; it holds until the interview ends. */
export async function beginPublicInterview(db: Kysely<DB>, slotId: number): Promise<void> {
  await db
    .updateTable('public_usage')
    .set({ lapses_at: null })
    .where('id', '=', slotId)
    .where('ended_at', 'is', null)
    .execute();
}

/** The interview ended (socket closed, or the ElevenLabs call reported): frees its slot; its minutes stay counted. */
export async function endPublicInterview(db: Kysely<DB>, slotId: number): Promise<void> {
  await db
    .updateTable('public_usage')
    .set({ ended_at: Date.now() })
    .where('id', '=', slotId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends the open interview slots of a submission (the browser reports an ElevenLabs call's end). */
export async function endPublicInterviewsOf(db: Kysely<DB>, submissionId: number): Promise<void> {
  await db
    .updateTable('public_usage')
    .set({ ended_at: Date.now() })
    .where('submission_id', '=', submissionId)
    .where('kind', '=', 'interview')
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * A voice message arrives on a public submission: per submission, per address and hour, and audio
 * minutes (`seconds`: measured from its packets).
 */
export function countPublicRecording(
  db: Kysely<DB>,
  limits: Limits,
  address: string,
  submissionId: number,
  seconds: number,
): Promise<number> {
  const maxMs = limits.PUBLIC_INTERVIEW_MAX_MINUTES * 60_000;
  const counted = Math.max(1, Math.ceil(seconds));
  return claim(db, { kind: 'recording', address, submissionId, seconds: counted }, async (_id, at) => {
    const ofSubmission = await db
      .selectFrom('public_usage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('submission_id', '=', submissionId)
      .where('kind', '=', 'recording')
      .executeTakeFirstOrThrow();
    if (Number(ofSubmission.n) > limits.PUBLIC_RECORDINGS_PER_SUBMISSION)
      return p.recordingsPerSubmission(limits.PUBLIC_RECORDINGS_PER_SUBMISSION);
    const rows = await recentRows(db, at - HOUR_MS - maxMs);
    if (
      rows.filter((r) => r.kind === 'recording' && r.address === address && Number(r.started_at) > at - HOUR_MS)
        .length > limits.PUBLIC_RECORDINGS_PER_HOUR_PER_ADDRESS
    )
      return p.recordingsPerAddress;
    return audioCheck(limits, rows, address, at, true);
  });
}

/** A transcription is requested for a public submission (the first one with the upload, or a retry). */
export function countPublicTranscription(
  db: Kysely<DB>,
  limits: Limits,
  address: string,
  submissionId: number,
): Promise<number> {
  return claim(db, { kind: 'transcription', address, submissionId, seconds: 0 }, async (_id, at) => {
    const ofSubmission = await db
      .selectFrom('public_usage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('submission_id', '=', submissionId)
      .where('kind', '=', 'transcription')
      .executeTakeFirstOrThrow();
    if (Number(ofSubmission.n) > limits.PUBLIC_TRANSCRIPTIONS_PER_SUBMISSION)
      return p.transcriptionsPerSubmission(limits.PUBLIC_TRANSCRIPTIONS_PER_SUBMISSION);
    const rows = await recentRows(db, at - HOUR_MS, address);
    if (rows.filter((r) => r.kind === 'transcription').length > limits.PUBLIC_TRANSCRIPTIONS_PER_HOUR_PER_ADDRESS)
      return p.transcriptionsPerAddress;
    return null;
  });
}

const MB = 1024 * 1024;

/** How long an announced length holds as a reservation before only the bytes received count. */
export const UPLOAD_RESERVATION_MS = 5 * 60_000;

/**
 * An anonymous upload is created: its announced length is checked against the bytes per address
 * and hour and in total per hour before any byte is sent, and holds as a reservation for a few
 * minutes (UPLOAD_RESERVATION_MS). After that only the bytes actually received count (each PATCH
 * updates them, `publicUploadReceived`): announcing 1 000 MB and sending nothing blocks no one
 * for long. A finished or refused upload counts what it sent.
 */
export function countPublicUpload(
  db: Kysely<DB>,
  limits: Limits,
  address: string,
  submissionId: number,
  bytes: number,
): Promise<number> {
  const lapsesAt = Date.now() + UPLOAD_RESERVATION_MS;
  return claim(db, { kind: 'upload', address, submissionId, seconds: 0, bytes, lapsesAt }, async (_id, at) => {
    // Settled (no lapse) or still reserved: its bytes; lapsed: what it received.
    const counted = sql<
      number | string
    >`coalesce(sum(case when lapses_at is null or lapses_at > ${at} then bytes else received_bytes end), 0)`;
    const sum = (q: { address?: string }) =>
      db
        .selectFrom('public_usage')
        .select(counted.as('n'))
        .where('kind', '=', 'upload')
        .where('started_at', '>', at - HOUR_MS)
        .$if(q.address !== undefined, (w) => w.where('address', '=', q.address!))
        .executeTakeFirstOrThrow();
    if (Number((await sum({ address })).n) > limits.PUBLIC_UPLOAD_MB_PER_HOUR_PER_ADDRESS * MB)
      return p.uploadBytesAddress;
    if (Number((await sum({})).n) > limits.PUBLIC_UPLOAD_MB_PER_HOUR * MB) return p.uploadBytesTotal;
    return null;
  });
}

/** The tus upload a counted entry stands for (from the creation's Location), so its PATCHes update it. */
export async function linkPublicUpload(db: Kysely<DB>, id: number, uploadId: string): Promise<void> {
  await db.updateTable('public_usage').set({ upload_id: uploadId }).where('id', '=', id).execute();
}

/**
 * Bytes a public upload has received so far. `settled`: it finished or was refused; from now on it
 * counts exactly these bytes (no reservation any more).
 */
export async function publicUploadReceived(
  db: Kysely<DB>,
  uploadId: string,
  received: number,
  settled: boolean,
): Promise<void> {
  await db
    .updateTable('public_usage')
    .set(settled ? { received_bytes: received, bytes: received, lapses_at: null } : { received_bytes: received })
    .where('upload_id', '=', uploadId)
    .where('kind', '=', 'upload')
    .execute();
}

/** An upload counted by `countPublicUpload` was refused before it began: its bytes no longer count. */
export async function forgetPublicUpload(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('public_usage').where('id', '=', id).where('kind', '=', 'upload').execute();
}
