import { formatTranscript, parseTranscript, type Turn } from '../../common/transcript';
import { now } from '../db/database';
import { attachFile, findSubmission, saveTranscript } from '../submissions';
import { decodeWav } from './audio';
import type { Deps } from '../deps';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db' | 'log'>;

/**
 * The interviews ("takes") of a submission on the server (issue 27). Every turn of the built-in
 * interviewer is written as it becomes final: into the take's row and into the submission's
 * transcript. A take whose connection broke (a closed tab, a locked phone, a lost network) stays
 * open for a few minutes: a new connection for the same submission continues it, with its turns
 * and its recording. A take that ended normally is done; the next interview is a new take, and
 * the earlier ones stay for the team (inbox detail).
 */
export const RESUME_WITHIN_MS = 5 * 60_000;

export type TakeState = 'live' | 'interrupted' | 'ended';
export type OpenedTake = { id: number; number: number; turns: Turn[]; resumed: boolean; audio: Int16Array | null };

export async function openTake(
  deps: ServiceDeps,
  contentId: number,
  opts: { provider: 'builtin' | 'elevenlabs'; conversationId: string | null; sampleRate: number },
): Promise<OpenedTake> {
  const at = now();
  const latest = await deps.db
    .selectFrom('interview_takes')
    .selectAll()
    .where('submission_id', '=', contentId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const open =
    latest &&
    latest.provider === opts.provider &&
    latest.state !== 'ended' &&
    Date.parse(latest.updated_at) > Date.now() - RESUME_WITHIN_MS;
  if (latest && open) {
    await deps.db
      .updateTable('interview_takes')
      .set({ state: 'live', conversation_id: opts.conversationId, updated_at: at })
      .where('id', '=', latest.id)
      .execute();
    return {
      id: Number(latest.id),
      number: latest.number,
      turns: parseTranscript(latest.transcript),
      resumed: true,
      audio: await recordingOf(deps, latest.audio_media_id, opts.sampleRate),
    };
  }
  // The interview before this one stays as an earlier version, as the submission holds it now
  // (with the corrections made to it afterwards); a transcript from before takes existed becomes take 1.
  const current =
    (
      await deps.db.selectFrom('submissions').select('transcript').where('id', '=', contentId).executeTakeFirst()
    )?.transcript?.trim() ?? '';
  if (latest)
    await deps.db
      .updateTable('interview_takes')
      .set({ state: 'ended', ...(current ? { transcript: current } : {}) })
      .where('id', '=', latest.id)
      .execute();
  let number = (latest?.number ?? 0) + 1;
  if (!latest && current) {
    await deps.db
      .insertInto('interview_takes')
      .values({
        submission_id: contentId,
        number,
        provider: opts.provider,
        conversation_id: null,
        state: 'ended',
        transcript: current,
        audio_media_id: null,
        started_at: at,
        updated_at: at,
      })
      .execute();
    number++;
  }
  const row = await deps.db
    .insertInto('interview_takes')
    .values({
      submission_id: contentId,
      number,
      provider: opts.provider,
      conversation_id: opts.conversationId,
      state: 'live',
      transcript: '',
      audio_media_id: null,
      started_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), number, turns: [], resumed: false, audio: null };
}

/** The recording a broken take kept so far, to go on from (null when there is none or it cannot be read). */
async function recordingOf(deps: ServiceDeps, mediaId: number | null, sampleRate: number): Promise<Int16Array | null> {
  if (!mediaId) return null;
  const media = await deps.db.selectFrom('media').select('file_path').where('id', '=', mediaId).executeTakeFirst();
  if (!media) return null;
  try {
    const stream = await deps.blobs.get(media.file_path);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const wav = decodeWav(Buffer.concat(chunks));
    return wav.sampleRate === sampleRate ? wav.samples : null;
  } catch (error) {
    deps.log.warn(
      { err: error, mediaId },
      'could not read the recording of a broken interview; the continued one starts a new file',
    );
    return null;
  }
}

/** Writes the take's turns so far: its row and the submission's transcript (and transcript.txt). */
export async function saveTurns(
  deps: ServiceDeps,
  take: { id: number; contentId: number },
  turns: readonly Turn[],
  opts: { completed?: boolean } = {},
): Promise<void> {
  const transcript = formatTranscript(turns);
  await deps.db
    .updateTable('interview_takes')
    .set({ transcript, updated_at: now() })
    .where('id', '=', take.id)
    .execute();
  if (transcript.trim()) await saveTranscript(deps, take.contentId, transcript, opts);
}

/**
 * The connection of a take closed: `ended` (the person or the interviewer ended it) or
 * `interrupted` (it may be continued). Its recording replaces the one it had.
 */
export async function closeTake(
  deps: ServiceDeps,
  take: { id: number; contentId: number },
  state: Exclude<TakeState, 'live'>,
  recording: Buffer | null,
): Promise<void> {
  const row = await deps.db
    .selectFrom('interview_takes')
    .select(['audio_media_id'])
    .where('id', '=', take.id)
    .executeTakeFirst();
  if (!row) return;
  let audioId = row.audio_media_id;
  if (recording && (await findSubmission(deps.db, take.contentId))) {
    const media = await attachFile(deps, {
      contentId: take.contentId,
      kind: 'audio',
      body: recording,
      originalName: 'interview.wav',
      contentType: 'audio/wav',
      extension: 'wav',
      size: recording.length,
    });
    if (audioId) {
      const old = await deps.db.selectFrom('media').select('file_path').where('id', '=', audioId).executeTakeFirst();
      await deps.db.deleteFrom('media').where('id', '=', audioId).execute();
      if (old)
        await deps.blobs
          .delete(old.file_path)
          .catch((error) =>
            deps.log.warn({ err: error, contentId: take.contentId }, 'old interview recording not removed'),
          );
    }
    audioId = Number(media.id);
  }
  await deps.db
    .updateTable('interview_takes')
    .set({ state, audio_media_id: audioId, updated_at: now() })
    .where('id', '=', take.id)
    .execute();
}

/** The earlier interviews of a submission, newest first (all takes but the latest one with words). */
export async function earlierTakes(
  deps: ServiceDeps,
  contentId: number,
): Promise<{ number: number; startedAt: string; transcript: string }[]> {
  const rows = await deps.db
    .selectFrom('interview_takes')
    .select(['number', 'started_at', 'transcript'])
    .where('submission_id', '=', contentId)
    .where('transcript', '!=', '')
    .orderBy('number', 'desc')
    .execute();
  return rows.slice(1).map((r) => ({ number: r.number, startedAt: r.started_at, transcript: r.transcript }));
}
