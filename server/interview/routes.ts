import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { texts } from '../../common/texts';
import { requireUser } from '../auth';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import {
  beginPublicInterview,
  endPublicInterview,
  endPublicInterviewsOf,
  isPublicSubmission,
  startPublicInterview,
} from '../public-link';
import { loadOwnedSubmission, type Submission } from '../submissions';
import { accessOf, entersTenant, publicLinkTenant, requireOpenTenant } from '../tenants';
import { BuiltinAgentSession, WORK_RATE, type TurnTiming } from './agent';
import { parseAudioFormat } from '../../common/interview/audio';
import { interviewPlan, patienceOf } from './interviewer';
import {
  ELEVENLABS_TRANSCRIPT_JOB,
  importElevenLabsConversation,
  keepRecording,
  scheduleElevenLabsImport,
  elevenLabsImport,
} from './service';
import { closeTake, openTake, saveTurns } from './takes';
import { waitsFor } from './patience';
import { claimOnce } from '../cluster/used-once';
import { VOICE_TOKEN_LIFETIME_MS, VOICE_TOKEN_PURPOSE, verifyVoiceToken } from './token';
import { EnergyClassifier, loadSilero, SileroClassifier } from './vad';
import type { VoiceTopic } from '../../common/schemas/interview';

const require = createRequire(import.meta.url);

/** Worklets and resampler of @elevenlabs/client, served by us (the CSP allows only 'self'). */
const assets: Record<string, () => string> = {
  'rawAudioProcessor.js': () => require.resolve('@elevenlabs/client/worklets/rawAudioProcessor.js'),
  'audioConcatProcessor.js': () => require.resolve('@elevenlabs/client/worklets/audioConcatProcessor.js'),
  'libsamplerate.worklet.js': () =>
    path.join(
      path.dirname(require.resolve('@alexanderolsen/libsamplerate-js/package.json')),
      'dist/libsamplerate.worklet.js',
    ),
};

/** Timings of answered turns of the built-in agent, for the benchmark and the tests (newest last). */
export const turnTimings: TurnTiming[] = [];

export async function interviewRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const inputFormat = parseAudioFormat(config.VOICE_INPUT_FORMAT);
  const outputFormat = parseAudioFormat(config.VOICE_OUTPUT_FORMAT);
  const { synthesizer, voiceAgent: agent } = app.adapters;
  // The voice model loads once, before the first interview; without it energy detection works.
  const silero = config.VOICE_AGENT === 'builtin' && config.VOICE_VAD === 'silero' ? await loadSilero() : null;
  if (config.VOICE_AGENT === 'builtin' && config.VOICE_VAD === 'silero' && !silero)
    app.log.warn('Silero VAD could not load; the built-in interviewer detects voice by energy');

  // Interviews still finishing when the server stops (last words transcribed, turns and recording
  // stored) are waited for, up to the shutdown timeout. The sockets are closed by then (http/websocket.ts).
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    if (!running.size) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...running]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
      }),
    ]);
    clearTimeout(timer);
  });

  app.jobs.register(ELEVENLABS_TRANSCRIPT_JOB, elevenLabsImport, (job) =>
    importElevenLabsConversation(app, job.payload),
  );

  serve(app, 'GET /voice/assets/:file', async (_request, reply, input) => {
    const { file } = input.params();
    const resolve = Object.hasOwn(assets, file) ? assets[file] : undefined;
    if (!resolve) throw new DomainError('not_found', texts.common.notFound);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(resolve()));
  });

  serve(app, 'GET /voice/signed-url', async (request, reply, input) => {
    const query = input.query();
    const { userId, row } = await authorize(request, reply, query.tenant, query.contentId);
    // A public-link interview holds a slot of the concurrent limit while it runs; a new start of
    // the same submission (the same browser trying again) first gives up its older slot.
    let publicSlot: number | null = null;
    if (row && isPublicSubmission(row)) {
      await endPublicInterviewsOf(app.db, row.id);
      // A URL of our own agent that is never used holds the slot only as long as its token lives.
      publicSlot = await startPublicInterview(
        app.db,
        config,
        request.ip,
        row.id,
        agent.provider === 'builtin' ? Date.now() + VOICE_TOKEN_LIFETIME_MS : null,
      );
    }
    try {
      return await agent.signedUrl(
        { tenant: query.tenant, topic: query.topic, contentId: query.contentId ?? null, userId, publicSlot },
        ownOrigin(config, request),
      );
    } catch (error) {
      if (publicSlot !== null) await endPublicInterview(app.db, publicSlot);
      // The provider could not hand out a session: keep the cause (no key, no URL query) in the log.
      if (error instanceof DomainError && error.cause) {
        request.log.error(
          { err: error.cause, provider: agent.provider, tenant: query.tenant, topic: query.topic },
          'voice agent signed URL request failed',
        );
      }
      throw error;
    }
  });

  // The built-in interviewer: the ElevenLabs Conversational AI protocol on our own socket.
  app.get('/api/voice/agent', { websocket: true }, async (socket, request) => {
    const grant = verifyVoiceToken(config.authSecret, String((request.query as { token?: string }).token ?? ''));
    if (!grant) {
      socket.close(1008, texts.interview.sessionExpired);
      return;
    }
    if (grant.publicSlot) {
      const slot = grant.publicSlot;
      socket.on(
        'close',
        () =>
          void endPublicInterview(app.db, slot).catch((error) =>
            request.log.error({ err: error }, 'could not free the public interview slot'),
          ),
      );
    }
    // One token, one conversation, across all instances. Messages wait while the database answers.
    socket.pause();
    const first = await claimOnce(app.db, VOICE_TOKEN_PURPOSE, grant.nonce, new Date(grant.exp)).catch((error) => {
      request.log.error({ err: error }, 'could not check the voice token');
      return false;
    });
    // A public interview whose link was switched off (or tenant archived) after the URL was signed.
    const closed =
      first && grant.publicSlot
        ? !(await publicLinkTenant(app, grant.tenant).catch((error) => {
            request.log.error({ err: error }, 'could not check the public link of a voice token');
            return null;
          }))
        : false;
    if (!first || closed) {
      socket.resume(); // a paused socket could not read the browser's closing handshake
      socket.close(1008, texts.interview.sessionExpired);
      return;
    }
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    running.add(done);
    void done.then(() => running.delete(done));
    // The interview begins: its slot holds until the socket closes (at most the slot's limit).
    if (grant.publicSlot)
      await beginPublicInterview(app.db, grant.publicSlot).catch((error) =>
        request.log.error({ err: error }, 'could not mark the public interview as begun'),
      );
    const tenantRow = (await app.tenantRegistry.fresh()).get(grant.tenant);
    const plan = interviewPlan(grant.tenant, grant.topic as VoiceTopic, tenantRow);
    // The interview of a submission is kept on the server turn by turn; a broken one is continued.
    const contentId = grant.contentId;
    const take = contentId
      ? await openTake(app, contentId, { provider: 'builtin', conversationId: null, sampleRate: WORK_RATE })
          .then((t) => ({ ...t, contentId }))
          .catch((error) => {
            request.log.error(
              { err: error },
              'could not open the interview on the server; the browser keeps the transcript',
            );
            return null;
          })
      : null;
    let stored: Promise<void> = Promise.resolve();
    const store = (task: () => Promise<void>) => {
      stored = stored
        .then(task)
        .catch((error) => request.log.error({ err: error, contentId }, 'could not store a turn of the interview'));
      return stored;
    };
    new BuiltinAgentSession(socket, {
      interviewer: app.adapters.interviewer(plan),
      transcriber: app.transcriber,
      synthesizer,
      inputFormat,
      outputFormat,
      classifier: silero ? new SileroClassifier(silero) : new EnergyClassifier(),
      waits: waitsFor(patienceOf(tenantRow, grant.topic as VoiceTopic, plan), config.VOICE_SILENCE_MS),
      unfinishedMs: config.VOICE_UNFINISHED_MS,
      // A public interview ends when its slot stops counting.
      maxSessionMs: grant.publicSlot ? config.PUBLIC_INTERVIEW_MAX_MINUTES * 60_000 : undefined,
      log: request.log,
      onTiming: (timing) => {
        turnTimings.push(timing);
        if (turnTimings.length > 200) turnTimings.shift();
        request.log.info(timing, 'voice agent answered a turn');
      },
      resume: take?.resumed ? { turns: take.turns, audio: take.audio } : undefined,
      onTurns: (turns) => {
        if (take) void store(() => saveTurns(app, take, turns));
      },
      onFinished: async ({ recording, turns, endedBy }) => {
        if (!grant.contentId) return settle();
        await (take
          ? store(async () => {
              if (turns.length) await saveTurns(app, take, turns, { completed: true });
              await closeTake(
                app,
                take,
                endedBy === 'lost' ? 'interrupted' : 'ended',
                recording.isEmpty ? null : recording.toWav(),
              );
            })
          : keepRecording(app, grant.contentId, recording)
        )
          .catch((error) => request.log.error({ err: error }, 'could not keep the interview audio'))
          .finally(settle);
      },
    });
    socket.resume();
  });

  // After an ElevenLabs call the browser names the conversation; a job fetches its transcript.
  serve(app, 'POST /voice/conversations/:conversationId/transcript', async (request, reply, input) => {
    const { conversationId } = input.params();
    const { contentId, live } = input.body();
    const row = await loadOwnedSubmission(request, reply, contentId);
    if (isPublicSubmission(row) && !live) await endPublicInterviewsOf(app.db, contentId);
    if (config.VOICE_AGENT !== 'elevenlabs') throw new DomainError('invalid', texts.interview.unavailableAgent);
    const jobId = await scheduleElevenLabsImport(app.db, { contentId, conversationId }, live ? 'live' : 'ended');
    app.jobs.nudge();
    reply.code(202);
    return { jobId };
  });
}

/** The caller may interview for this tenant; with a Content-ID it must own that submission. Returns the user id, if any. */
async function authorize(
  request: FastifyRequest,
  reply: FastifyReply,
  tenant: string,
  contentId: number | undefined,
): Promise<{ userId: string | null; row: Submission | null }> {
  if (contentId) {
    const row = await loadOwnedSubmission(request, reply, contentId);
    if (row.tenant !== tenant) throw new DomainError('forbidden', texts.auth.noPermission);
    return { userId: row.user_id, row };
  }
  const user = await requireUser(request, reply);
  await requireOpenTenant(request.server, tenant);
  if (!entersTenant(await accessOf(request, user), tenant)) throw new DomainError('forbidden', texts.auth.noPermission);
  return { userId: user.id, row: null };
}

/** Where the browser opens the interview socket: BASE_URL, or without it the request's own Host (never X-Forwarded-Host). */
export function ownOrigin(
  config: { BASE_URL?: string },
  request: { headers: Record<string, string | string[] | undefined>; raw: { socket: object } },
): { secure: boolean; host: string } {
  if (config.BASE_URL) {
    const url = new URL(config.BASE_URL);
    return { secure: url.protocol === 'https:', host: url.host };
  }
  const host = request.headers.host;
  return {
    secure: (request.raw.socket as { encrypted?: boolean }).encrypted === true,
    host: (Array.isArray(host) ? host[0] : host) ?? 'localhost',
  };
}
