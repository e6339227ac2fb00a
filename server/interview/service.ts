import type { Kysely } from 'kysely';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { attachFile, findSubmission, saveTranscript } from '../submissions';
import { queueCaptions } from '../video';
import type { ConversationRecorder } from './audio';
import { agentIdsOfTenant, elevenLabsApi, transcriptOf } from './elevenlabs';
import { z } from 'zod';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'log' | 'mediaJobs' | 'transcriber'> & WithTenants;

export const ELEVENLABS_TRANSCRIPT_JOB = 'voice.elevenlabs-transcript';
/** `since`: the call began then (the page named it at once); while it runs, the job looks again every `LIVE_POLL_MS`. */
export const elevenLabsImport = z.object({
  contentId: z.number(),
  conversationId: z.string(),
  since: z.number().optional(),
});
export type ElevenLabsImport = z.infer<typeof elevenLabsImport>;
const LIVE_POLL_MS = 20_000;
/** Longest call the import waits for. */
const LIVE_FOR_MS = 2 * 60 * 60_000;

/**
 * The page names an ElevenLabs conversation when the call begins (`live`) and again when it ends.
 * At the beginning the import is planned for later and looks again while the call runs, so a
 * closed tab still gets its transcript from ElevenLabs; at the end a planned import runs at once.
 */
export async function scheduleElevenLabsImport(
  db: Kysely<DB>,
  payload: { contentId: number; conversationId: string },
  moment: 'live' | 'ended',
): Promise<number> {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', ELEVENLABS_TRANSCRIPT_JOB)
    .where('status', '=', 'queued')
    .where('payload', 'like', `%"conversationId":${JSON.stringify(payload.conversationId)}%`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (waiting) {
    if (moment === 'ended')
      await db.updateTable('jobs').set({ run_at: now(), updated_at: now() }).where('id', '=', waiting.id).execute();
    return Number(waiting.id);
  }
  if (moment === 'live')
    return enqueue(db, ELEVENLABS_TRANSCRIPT_JOB, { ...payload, since: Date.now() } satisfies ElevenLabsImport, {
      maxAttempts: 6,
      runAt: new Date(Date.now() + LIVE_POLL_MS),
    });
  return enqueue(db, ELEVENLABS_TRANSCRIPT_JOB, payload satisfies ElevenLabsImport, { maxAttempts: 6 });
}

/** Keeps the interview audio with the submission (media kind 'audio'). */
export async function keepRecording(
  deps: ServiceDeps,
  contentId: number,
  recording: ConversationRecorder,
): Promise<void> {
  if (recording.isEmpty || !(await findSubmission(deps.db, contentId))) return;
  const wav = recording.toWav();
  const media = await attachFile(deps, {
    contentId,
    kind: 'audio',
    body: wav,
    originalName: 'interview.wav',
    contentType: 'audio/wav',
    extension: 'wav',
    size: wav.length,
  });
  await queueCaptions(deps, media.id);
}

/** Sets the transcript (stamping completed_at once) and keeps it as transcript.txt, replacing the older file. */
export class ConversationNotReady extends Error {}

/**
 * After an ElevenLabs call: fetches the conversation, checks it belongs to the submission's agent,
 * and stores its transcript as the authoritative one (the browser's live transcript is a preview),
 * with the call's audio when ElevenLabs kept it. Throws while ElevenLabs is still processing, so the
 * job runs again later.
 */
export async function importElevenLabsConversation(deps: ServiceDeps, payload: ElevenLabsImport) {
  const { config } = deps;
  if (!config.ELEVENLABS_API_KEY) throw new Error('ELEVENLABS_API_KEY is not set');
  const row = await findSubmission(deps.db, payload.contentId);
  if (!row) return { skipped: 'submission gone' };
  const api = elevenLabsApi({ baseUrl: config.ELEVENLABS_BASE_URL, apiKey: config.ELEVENLABS_API_KEY });
  const conversation = await api.conversation(payload.conversationId);
  // Only a conversation with one of the tenant's own agents may fill its submission.
  const tenantRow = (await deps.tenantRegistry.fresh()).get(row.tenant);
  if (!agentIdsOfTenant(row.tenant, config.ELEVENLABS_AGENT_IDS, tenantRow).has(conversation.agent_id))
    return { skipped: 'conversation of another agent' };
  if (conversation.status !== 'done' && conversation.status !== 'failed') {
    // A call still running (named at its start): look again later, as long as a call may last.
    if (payload.since && Date.now() - payload.since < LIVE_FOR_MS) {
      await enqueue(deps.db, ELEVENLABS_TRANSCRIPT_JOB, payload, {
        maxAttempts: 6,
        runAt: new Date(Date.now() + LIVE_POLL_MS),
      });
      return { waiting: conversation.status };
    }
    throw new ConversationNotReady(`conversation ${conversation.status}`);
  }
  const transcript = transcriptOf(conversation);
  if (transcript.trim()) {
    await saveTranscript(deps, payload.contentId, transcript, { completed: true });
    await keepElevenLabsTake(deps, payload.contentId, payload.conversationId, transcript);
  }
  const audio = await api.conversationAudio(payload.conversationId);
  if (audio && audio.data.length > 0) {
    const media = await attachFile(deps, {
      contentId: payload.contentId,
      kind: 'audio',
      body: audio.data,
      originalName: audio.contentType.includes('wav') ? 'interview.wav' : 'interview.mp3',
      contentType: audio.contentType,
      extension: audio.contentType.includes('wav') ? 'wav' : 'mp3',
      size: audio.data.length,
    });
    await queueCaptions(deps, media.id);
  }
  return { transcriptChars: transcript.length, audio: !!audio };
}

/** The ElevenLabs call as one take of the submission (earlier interviews stay for the team). */
async function keepElevenLabsTake(
  deps: ServiceDeps,
  contentId: number,
  conversationId: string,
  transcript: string,
): Promise<void> {
  const at = now();
  const same = await deps.db
    .selectFrom('interview_takes')
    .select('id')
    .where('submission_id', '=', contentId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (same) {
    await deps.db
      .updateTable('interview_takes')
      .set({ transcript, state: 'ended', updated_at: at })
      .where('id', '=', same.id)
      .execute();
    return;
  }
  const latest = await deps.db
    .selectFrom('interview_takes')
    .select('number')
    .where('submission_id', '=', contentId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  await deps.db
    .insertInto('interview_takes')
    .values({
      submission_id: contentId,
      number: (latest?.number ?? 0) + 1,
      provider: 'elevenlabs',
      conversation_id: conversationId,
      state: 'ended',
      transcript,
      audio_media_id: null,
      started_at: at,
      updated_at: at,
    })
    .execute();
}
