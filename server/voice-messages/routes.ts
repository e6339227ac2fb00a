import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_RECORDING_BYTES, type TranscriptionStatus } from '../../common/schemas/voice-messages';
import { SUBMISSION_TOKEN_HEADER } from '../../common/schemas/submissions';
import { texts } from '../../common/texts';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { countPublicRecording, countPublicTranscription, isPublicSubmission, recordingSeconds } from '../public-link';
import { loadOwnedSubmission } from '../submissions';
import {
  measureVoiceMessage,
  queueTranscription,
  receiveVoiceMessage,
  registerTranscriptionJob,
  TRANSCRIBE_JOB,
  type TranscribeJobPayload,
} from './service';

/** Voice messages: upload of the recording, its transcription job and the job's status. */
export async function voiceMessageRoutes(app: FastifyInstance): Promise<void> {
  registerTranscriptionJob(app);
  app.addHook('onClose', async () => {
    await (app.transcriber as { close?: () => Promise<void> }).close?.();
  });

  // Recordings arrive as the raw body, typed by the recorder (audio/webm, audio/mp4, ...).
  app.addContentTypeParser(
    /^(audio|video)\/|^application\/octet-stream/,
    { parseAs: 'buffer', bodyLimit: MAX_RECORDING_BYTES },
    (_request, body, done) => done(null, body),
  );

  serve(
    app,
    'POST /submissions/:contentId/voice-message',
    {
      bodyLimit: MAX_RECORDING_BYTES,
      config: { rateLimit: perCaller(app.config.RECORDINGS_PER_HOUR_PER_USER, texts.voiceMessages.tooManyRecordings) },
    },
    async (request, reply, input) => {
      const { contentId } = input.params();
      const row = await loadOwnedSubmission(request, reply, contentId);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0)
        throw new DomainError('unsupported_type', texts.voiceMessages.notAudio);
      // Measured from its packets; over the cap it is refused before anything is stored or counted.
      const seconds = await measureVoiceMessage(app, request.body, isPublicSubmission(row));
      // The anonymous public link pays for nothing it cannot justify: recordings and transcriptions are counted.
      if (isPublicSubmission(row)) {
        await countPublicRecording(
          app.db,
          app.config,
          request.ip,
          contentId,
          seconds ?? recordingSeconds(request.body.length),
        );
        if (app.config.TRANSCRIBER !== 'none')
          await countPublicTranscription(app.db, app.config, request.ip, contentId);
      }
      const uploaded = await receiveVoiceMessage(app, contentId, request.body, seconds);
      reply.status(uploaded.jobId ? 202 : 201);
      return uploaded;
    },
  );

  // Another try for a stored recording whose transcription failed.
  serve(
    app,
    'POST /submissions/:contentId/transcriptions',
    {
      config: {
        rateLimit: perCaller(app.config.TRANSCRIPTIONS_PER_HOUR_PER_USER, texts.voiceMessages.tooManyTranscriptions),
      },
    },
    async (request, reply, input) => {
      const { contentId } = input.params();
      const { mediaId } = input.body();
      const row = await loadOwnedSubmission(request, reply, contentId);
      if (isPublicSubmission(row)) await countPublicTranscription(app.db, app.config, request.ip, contentId);
      const jobId = await queueTranscription(app, contentId, mediaId);
      reply.status(jobId ? 202 : 200);
      return { mediaId, jobId };
    },
  );

  serve(app, 'GET /submissions/:contentId/transcriptions/:jobId', async (request, reply, input) => {
    const { contentId, jobId } = input.params();
    await loadOwnedSubmission(request, reply, contentId);
    const job = await app.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', jobId)
      .where('kind', '=', TRANSCRIBE_JOB)
      .executeTakeFirst();
    if (!job || (JSON.parse(job.payload) as TranscribeJobPayload).contentId !== contentId)
      throw new DomainError('not_found', texts.voiceMessages.jobNotFound);
    const status = job.status as TranscriptionStatus['status'];
    if (status === 'done')
      return { jobId, status, text: (JSON.parse(job.result ?? '{}') as { text?: string }).text ?? '' };
    if (status === 'failed') return { jobId, status, message: texts.voiceMessages.transcriptionFailed };
    return { jobId, status };
  });
}

/** The caller a cap counts: the signed-in session, else the anonymous submission token, else the address. */
function callerKey(request: FastifyRequest): string {
  const session = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const token = request.headers[SUBMISSION_TOKEN_HEADER];
  const secret = session ?? (Array.isArray(token) ? token[0] : token);
  return secret ? `caller:${createHash('sha256').update(secret).digest('hex').slice(0, 32)}` : `ip:${request.ip}`;
}

/**
 * A generous hourly cap per caller (counted in the database, all instances together): signed-in
 * contributors too are bounded; the public link has its tighter limits besides (server/public-link/limits.ts).
 */
function perCaller(max: number, message: string) {
  return {
    max,
    timeWindow: '1 hour',
    keyGenerator: callerKey,
    errorResponseBuilder: () => Object.assign(new DomainError('too_many', message), { statusCode: 429 }),
  };
}
