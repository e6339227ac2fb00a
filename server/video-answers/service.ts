import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Selectable } from 'kysely';
import type { UploadMetadata } from '../../common/schemas/uploads';
import { interviewTopics, type InterviewTopic, type Wording } from '../../common/tenants';
import { texts } from '../../common/texts';
import type { VideoAnswerItem } from '../../common/contracts/uploads';
import {
  VIDEO_ANSWER_DEFAULT_SECONDS,
  VIDEO_ANSWER_TOLERANCE_SECONDS,
  videoQuestions,
} from '../../common/video-answers';
import { now } from '../db/database';
import type { MediaTable } from '../db/schema';
import { DomainError } from '../http/errors';
import { enqueue } from '../jobs/queue';
import type { Submission } from '../submissions';
import { measuredVideoSeconds, reserveVideoMinutes } from './limits';
import { probeClip } from './probe';
import { mediaCapMinutes } from '../media-jobs/length';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'jobs' | 'log'> & WithTenants;

const v = texts.videoAnswers;
export const PROBE_JOB = 'video-answer.probe';

/** A tenant's video answer settings from its row: offered when its start page has the card. */
export async function videoSettings(
  deps: ServiceDeps,
  tenantKey: string,
): Promise<{ offered: boolean; maxSeconds: number; wording: Wording } | null> {
  const row = (await deps.tenantRegistry.fresh()).get(tenantKey);
  if (!row) return null;
  const wording = row.wording;
  return {
    offered: (row.entryCards as string[]).includes('video-answer'),
    maxSeconds: row.videoMaxSeconds ?? VIDEO_ANSWER_DEFAULT_SECONDS,
    wording,
  };
}

/** The question a clip answers, as the contributor saw it; null when the index or topic does not exist. */
function questionOf(wording: Wording, topic: string | null, index: number | undefined): string | null {
  if (index === undefined || !topic || !(interviewTopics as readonly string[]).includes(topic)) return null;
  return videoQuestions(wording, topic as InterviewTopic)[index] ?? null;
}

/** Before the first byte of a clip (tus POST): the tenant offers video answers and the question exists in the submission's topic. */
export async function checkVideoAnswerUpload(
  deps: ServiceDeps,
  submission: Submission,
  metadata: UploadMetadata,
): Promise<{ maxSeconds: number }> {
  const settings = await videoSettings(deps, submission.tenant);
  if (!settings?.offered) throw new DomainError('forbidden', v.notOffered);
  if (!questionOf(settings.wording, submission.topic, metadata.question))
    throw new DomainError('invalid', v.questionInvalid);
  return { maxSeconds: settings.maxSeconds };
}

/** A public clip: the video minutes of the last hour must leave room for one more clip of the tenant's longest length. */
export function reservePublicVideo(
  deps: Pick<Deps, 'db' | 'config'>,
  ip: string,
  submission: Submission,
  maxSeconds: number,
): Promise<void> {
  return reserveVideoMinutes(deps.db, deps.config, ip, submission.id, maxSeconds + VIDEO_ANSWER_TOLERANCE_SECONDS);
}

/**
 * A clip was registered as a media row: ties it to its question (text kept as shown) and starts
 * the probe job that measures it. Safe to call again for the same row.
 */
export async function registerVideoAnswer(
  deps: ServiceDeps,
  media: Selectable<MediaTable>,
  metadata: UploadMetadata,
): Promise<void> {
  const submission = await deps.db
    .selectFrom('submissions')
    .select(['tenant', 'topic'])
    .where('id', '=', media.submission_id)
    .executeTakeFirst();
  const settings = submission ? await videoSettings(deps, submission.tenant) : null;
  const question = settings && submission ? questionOf(settings.wording, submission.topic, metadata.question) : null;
  if (!settings || question === null || metadata.question === undefined) {
    deps.log.warn({ mediaId: media.id }, 'video answer without a question');
    return;
  }
  const inserted = await deps.db
    .insertInto('video_answers')
    .values({
      submission_id: media.submission_id,
      media_id: media.id,
      question_index: metadata.question,
      question,
      max_seconds: settings.maxSeconds,
      duration_seconds: null,
      created_at: now(),
    })
    .onConflict((oc) => oc.column('media_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await enqueue(deps.db, PROBE_JOB, { mediaId: media.id } satisfies ProbeJob, { maxAttempts: 3 });
    deps.jobs.nudge();
  }
}

const probeJob = z.object({ mediaId: z.number() });
type ProbeJob = z.infer<typeof probeJob>;

/**
 * A finished clip, before it is registered: measured from its packets, it may run at most the
 * tenant's limit plus the tolerance (recorders stop late). Returns the German refusal of a longer
 * clip, else null (a clip that cannot be measured is left to the probe job, which flags it).
 */
export async function clipLengthRefusal(
  deps: ServiceDeps,
  tenant: string,
  seconds: number | null,
): Promise<string | null> {
  const settings = await videoSettings(deps, tenant);
  if (!settings || seconds == null || seconds <= settings.maxSeconds + VIDEO_ANSWER_TOLERANCE_SECONDS) return null;
  return v.tooLong(settings.maxSeconds);
}

/**
 * Measures a clip with ffprobe (its own process): the duration, whether it holds video at all,
 * and whether it runs longer than the tenant's limit (flagged for the team, the clip is kept).
 * On the public link the measured seconds replace the reserved ones.
 */
export async function probeVideoAnswer(
  deps: ServiceDeps,
  job: ProbeJob,
): Promise<{ seconds: number | null; overLong: boolean; video: boolean }> {
  const row = await deps.db
    .selectFrom('video_answers')
    .innerJoin('media', 'media.id', 'video_answers.media_id')
    .innerJoin('submissions', 'submissions.id', 'video_answers.submission_id')
    .select([
      'video_answers.id',
      'video_answers.max_seconds',
      'media.file_path',
      'media.file_type',
      'submissions.id as submission_id',
      'submissions.user_id',
      'submissions.access_token_hash',
    ])
    .where('video_answers.media_id', '=', job.mediaId)
    .executeTakeFirst();
  if (!row) return { seconds: null, overLong: false, video: false };
  const dir = await mkdtemp(path.join(tmpdir(), 'ca-clip-'));
  try {
    let file: string;
    if (deps.blobs.localPath) file = deps.blobs.localPath(row.file_path);
    else {
      file = path.join(dir, 'clip');
      await pipeline(await deps.blobs.get(row.file_path), createWriteStream(file));
    }
    let probe: { video: boolean; seconds: number | null };
    try {
      const isPublic = row.user_id === null && row.access_token_hash !== null;
      probe = await probeClip(file, {
        mime: row.file_type,
        limitSeconds: mediaCapMinutes(deps.config, isPublic) * 60,
      });
    } catch (error) {
      deps.log.warn({ err: error, mediaId: job.mediaId }, 'video answer unreadable');
      probe = { video: false, seconds: null };
    }
    const overLong = probe.seconds !== null && probe.seconds > row.max_seconds + VIDEO_ANSWER_TOLERANCE_SECONDS;
    await deps.db
      .updateTable('video_answers')
      .set({
        duration_seconds: probe.seconds,
        over_long: overLong ? 1 : 0,
        probe: probe.video && probe.seconds !== null ? 'done' : 'failed',
      })
      .where('id', '=', row.id)
      .execute();
    if (row.user_id === null && row.access_token_hash !== null)
      await measuredVideoSeconds(deps.db, row.submission_id, probe.seconds ?? row.max_seconds);
    return { seconds: probe.seconds, overLong, video: probe.video };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function registerVideoAnswerJobs(deps: ServiceDeps): void {
  deps.jobs.register(PROBE_JOB, probeJob, (job) => probeVideoAnswer(deps, job.payload));
}

/** The clips of a submission, by question (the page continues after a reload; the inbox labels them). */
export function listVideoAnswers(deps: Pick<Deps, 'db'>, submissionId: number) {
  return deps.db
    .selectFrom('video_answers')
    .select(['media_id', 'question_index', 'question', 'max_seconds', 'duration_seconds', 'probe', 'over_long'])
    .where('submission_id', '=', submissionId)
    .orderBy('question_index')
    .orderBy('id')
    .execute();
}

/** A clip row as the contributor's and the team's pages show it. */
export function toVideoAnswerItem(r: Awaited<ReturnType<typeof listVideoAnswers>>[number]): VideoAnswerItem {
  return {
    mediaId: Number(r.media_id),
    questionIndex: Number(r.question_index),
    question: r.question,
    maxSeconds: Number(r.max_seconds),
    durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
    probe: r.probe as VideoAnswerItem['probe'],
    overLong: !!Number(r.over_long),
  };
}
