import type { Kysely } from 'kysely';
import { texts } from '../../common/texts';
import type { AppConfig } from '../config';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';

const HOUR_MS = 60 * 60_000;
const v = texts.videoAnswers;

type Limits = Pick<AppConfig, 'PUBLIC_VIDEO_MINUTES_PER_HOUR_PER_ADDRESS' | 'PUBLIC_VIDEO_MINUTES_PER_HOUR'>;

/**
 * A video answer starts uploading on a public submission: counts the clip's longest possible
 * length against the minutes of the last hour (per address and in total), in the same
 * `public_usage` table as the audio minutes, so the limit holds across instances. The entry is
 * written first and taken back when a limit is passed: two clips at once cannot both slip under.
 * The probe job replaces the reserved seconds with the measured ones (`measuredVideoSeconds`).
 */
export async function reserveVideoMinutes(
  db: Kysely<DB>,
  limits: Limits,
  address: string,
  submissionId: number,
  seconds: number,
): Promise<void> {
  const at = Date.now();
  const row = await db
    .insertInto('public_usage')
    .values({
      kind: 'video',
      address,
      submission_id: submissionId,
      started_at: at,
      ended_at: null,
      seconds: Math.ceil(seconds),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('public_usage')
    .select(['address', 'seconds'])
    .where('kind', '=', 'video')
    .where('started_at', '>', at - HOUR_MS)
    .execute();
  const sum = (list: typeof rows) => list.reduce((total, r) => total + Number(r.seconds), 0);
  let refused: string | null = null;
  if (sum(rows.filter((r) => r.address === address)) > limits.PUBLIC_VIDEO_MINUTES_PER_HOUR_PER_ADDRESS * 60)
    refused = v.minutesAddress;
  else if (sum(rows) > limits.PUBLIC_VIDEO_MINUTES_PER_HOUR * 60) refused = v.minutesTotal;
  if (refused) {
    await db.deleteFrom('public_usage').where('id', '=', row.id).execute();
    throw new DomainError('too_many', refused, texts.publicLink.limitTitle);
  }
}

/** The probe measured a public clip: its oldest unmeasured reservation now counts the real seconds. */
export async function measuredVideoSeconds(db: Kysely<DB>, submissionId: number, seconds: number): Promise<void> {
  const open = await db
    .selectFrom('public_usage')
    .select('id')
    .where('submission_id', '=', submissionId)
    .where('kind', '=', 'video')
    .where('ended_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!open) return;
  await db
    .updateTable('public_usage')
    .set({ seconds: Math.max(1, Math.ceil(seconds)), ended_at: Date.now() })
    .where('id', '=', open.id)
    .execute();
}
