import type { FastifyInstance } from 'fastify';
import { attachFile } from '../submissions/files';
import { findSubmission } from '../submissions/queries';
import { saveTranscript } from '../submissions/transcripts';
import type { ConversationRecorder } from './audio';
import { agentIdsOfTenant, elevenLabsApi, transcriptOf } from './elevenlabs';

export const ELEVENLABS_TRANSCRIPT_JOB = 'voice.elevenlabs-transcript';

/** Keeps the interview audio with the submission (media kind 'audio'). */
export async function keepRecording(app: FastifyInstance, contentId: number, recording: ConversationRecorder): Promise<void> {
  if (recording.isEmpty || !(await findSubmission(app.db, contentId))) return;
  const wav = recording.toWav();
  await attachFile(app, { contentId, kind: 'audio', body: wav, originalName: 'interview.wav', contentType: 'audio/wav', extension: 'wav', size: wav.length });
}

/** Sets the transcript (stamping completed_at once) and keeps it as transcript.txt, replacing the older file. */
export class ConversationNotReady extends Error {}

/**
 * After an ElevenLabs call: fetches the conversation, checks it belongs to the submission's agent,
 * and stores its transcript as the authoritative one (the browser's live transcript is a preview),
 * with the call's audio when ElevenLabs kept it. Throws while ElevenLabs is still processing, so the
 * job runs again later.
 */
export async function importElevenLabsConversation(app: FastifyInstance, payload: { contentId: number; conversationId: string }) {
  const { config } = app;
  if (!config.ELEVENLABS_API_KEY) throw new Error('ELEVENLABS_API_KEY is not set');
  const row = await findSubmission(app.db, payload.contentId);
  if (!row) return { skipped: 'submission gone' };
  const api = elevenLabsApi({ baseUrl: config.ELEVENLABS_BASE_URL, apiKey: config.ELEVENLABS_API_KEY });
  const conversation = await api.conversation(payload.conversationId);
  // Only a conversation with one of the tenant's own agents may fill its submission.
  if (!agentIdsOfTenant(row.tenant, config.ELEVENLABS_AGENT_IDS).has(conversation.agent_id)) return { skipped: 'conversation of another agent' };
  if (conversation.status !== 'done' && conversation.status !== 'failed') throw new ConversationNotReady(`conversation ${conversation.status}`);
  const transcript = transcriptOf(conversation);
  if (transcript.trim()) await saveTranscript(app, payload.contentId, transcript, { completed: true });
  const audio = await api.conversationAudio(payload.conversationId);
  if (audio && audio.data.length > 0) {
    await attachFile(app, { contentId: payload.contentId, kind: 'audio', body: audio.data, originalName: audio.contentType.includes('wav') ? 'interview.wav' : 'interview.mp3', contentType: audio.contentType, extension: audio.contentType.includes('wav') ? 'wav' : 'mp3', size: audio.data.length });
  }
  return { transcriptChars: transcript.length, audio: !!audio };
}
