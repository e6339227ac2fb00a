import { useCallback, useEffect, useRef, useState } from 'react';
import { isNumericId } from '../../../../common/content-id';
import type { VoiceTopic } from '../../../../common/schemas/interview';
import type { Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { addTurn, formatTranscript, type Turn } from '../../../../common/transcript';
import { type Answer, call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { useAuth } from '../auth';
import { browserVoice, loadSdk, localGermanVoice, startAgent, type AgentSession } from './voiceAgent';
import { ignoreFailure } from '../../../../common/best-effort';

export type VoiceStatus = 'idle' | 'connecting' | 'connected' | 'error';
export type PreloadStatus = 'idle' | 'initializing' | 'ready' | 'error';

export const CONNECT_TIMEOUT_MS = 15_000;
export const PROGRESS_CAP = 90;
export const PROGRESS_TICK_MS = 100;
export const SAVE_DELAY_MS = 1000;

/** Fake progress while connecting: 0.5 to 1.5 per tick, never past the cap. */
export const nextProgress = (p: number, random = Math.random()) => Math.min(PROGRESS_CAP, p + 0.5 + random);

function keepLocally(tenant: Tenant, transcript: string) {
  const key = tenant.style.ownStorageKeys ? storageKeys.latestBankTranscript : storageKeys.latestTranscript;
  sessionStorage.setItem(key, transcript);
  localStorage.setItem(storageKeys.currentTranscript, transcript);
}

/** The built-in interviewer speaks with the device's own German voice where there is one. */
async function chooseVoice(signed: Answer<'GET /voice/signed-url'>) {
  browserVoice.voice = signed.provider === 'builtin' ? await localGermanVoice() : null;
  const deviceVoice = signed.provider === 'builtin' && signed.speech === 'server' && browserVoice.voice !== null;
  return { deviceVoice, readAloud: signed.speech === 'browser' || deviceVoice };
}

/** ElevenLabs: the server learns the conversation at once, so it keeps the transcript even if this tab is closed. */
function keepLiveTranscript(conversationId: string | null, contentId: string | null) {
  if (!conversationId || !isNumericId(contentId)) return;
  void call(
    'POST /voice/conversations/:conversationId/transcript',
    { params: { conversationId }, body: { contentId: Number(contentId), live: true } },
    { contentId: contentId! },
  ).catch(ignoreFailure('store the live transcript'));
}

/** The words a failed start leaves on the page; the server's own reason also as a toast. */
function startFailure(e: unknown): string {
  // The server says why it cannot hand out a session (no agent for the topic, no permission).
  if (e instanceof ApiError && e.code && e.message !== texts.interview.connectionError)
    notify.error(e.title ?? texts.common.errorTitle, e.message);
  // A limit of the public link is no connection fault: its own words stay on the page.
  if (e instanceof ApiError && e.status === 429) return e.message;
  const name = (e as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError'
    ? texts.interview.microphoneDenied
    : texts.interview.connectionError;
}

/**
 * The voice connection and the interview lifecycle: connect with a signed URL from our server,
 * collect the live transcript, and after the end save it once, 1 s later, with completed_at.
 */
export function useVoiceInterview({ tenant, topic }: { tenant: Tenant; topic: VoiceTopic }) {
  const [status, setStatus] = useState<VoiceStatus>('idle');
  const [preload, setPreload] = useState<PreloadStatus>('idle');
  const [mode, setMode] = useState<'listening' | 'speaking'>('listening');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [finished, setFinished] = useState(false);
  const session = useRef<AgentSession | null>(null);
  const timers = useRef<{ tick?: number; timeout?: number }>({});
  const saved = useRef(false);
  const attempt = useRef(0);
  const contentIdRef = useRef<string | null>(null);
  const turnsRef = useRef<Turn[]>([]);
  turnsRef.current = turns;

  // Load the voice client (and with it the audio code) as soon as the page opens: the ElevenLabs
  // SDK only when ElevenLabs is the interviewer, else the built-in interviewer's own small client.
  const voiceAgent = useAuth().clientConfig?.voiceAgent;
  useEffect(() => {
    if (!voiceAgent) return;
    setPreload('initializing');
    (voiceAgent === 'elevenlabs' ? loadSdk() : import('./builtinAgent')).then(
      () => setPreload('ready'),
      () => setPreload('error'),
    );
  }, [voiceAgent]);

  const stopTimers = () => {
    window.clearInterval(timers.current.tick);
    window.clearTimeout(timers.current.timeout);
    timers.current = {};
  };

  const fail = useCallback((message: string) => {
    stopTimers();
    setStatus('error');
    setError(message);
    setProgress(0);
    const s = session.current;
    session.current = null;
    s?.endSession().catch(ignoreFailure('end the voice session', null, { level: 'debug' }));
  }, []);

  const saveOnce = useCallback(
    async (provider: Answer<'GET /voice/signed-url'>['provider'], conversationId: string | null) => {
      if (saved.current) return;
      const transcript = formatTranscript(turnsRef.current);
      if (!transcript.trim()) return;
      saved.current = true;
      keepLocally(tenant, transcript);
      const contentId = contentIdRef.current;
      if (!isNumericId(contentId)) return;
      try {
        if (provider === 'elevenlabs') {
          // ElevenLabs' own transcript is the one kept: the server fetches it by the conversation's id, not from this copy.
          if (conversationId)
            await call(
              'POST /voice/conversations/:conversationId/transcript',
              { params: { conversationId }, body: { contentId: Number(contentId) } },
              { contentId: contentId! },
            );
        } else {
          // The server stored every turn as it was said; this saves the same words once more and marks the interview complete.
          await call(
            'PUT /submissions/:contentId/transcript',
            { params: { contentId: contentId! }, body: { transcript, completed: true } },
            { contentId: contentId! },
          );
        }
        notify.success(texts.common.transcriptSavedTitle, texts.common.transcriptSaved);
      } catch (error) {
        // The spec's two words: a fault of the server's database, or a save that did not go through.
        const databaseFault = error instanceof ApiError && error.status >= 500 && !error.unreachable;
        notify.error(
          texts.common.errorTitle,
          databaseFault ? texts.interview.databaseError : texts.common.transcriptSaveFailed,
        );
      }
    },
    [tenant],
  );

  const start = useCallback(
    async (contentId: string | null, opts: { goOn?: boolean } = {}) => {
      const mine = ++attempt.current;
      contentIdRef.current = contentId;
      saved.current = false;
      setFinished(false);
      // After a lost connection the server continues the same interview: its turns stay on the page.
      if (!opts.goOn) setTurns([]);
      setError(null);
      setMode('listening');
      setStatus('connecting');
      setProgress(0);
      stopTimers();
      timers.current.tick = window.setInterval(() => setProgress((p) => nextProgress(p)), PROGRESS_TICK_MS);
      timers.current.timeout = window.setTimeout(() => {
        if (attempt.current === mine) fail(texts.interview.connectionError);
      }, CONNECT_TIMEOUT_MS);
      try {
        const query = { tenant: tenant.key, topic, contentId: isNumericId(contentId) ? contentId! : undefined };
        const signed = await call('GET /voice/signed-url', { query }, { contentId: contentId ?? undefined });
        if (attempt.current !== mine) return;
        const { deviceVoice, readAloud } = await chooseVoice(signed);
        if (attempt.current !== mine) return;
        let conversationId: string | null = null;
        const s = await startAgent(
          signed,
          {
            onConnect: () => {
              if (attempt.current !== mine) return;
              stopTimers();
              setProgress(100);
              setStatus('connected');
            },
            onDisconnect: ({ reason }) => {
              if (attempt.current !== mine) return;
              session.current = null;
              browserVoice.stop();
              if (reason === 'error') return fail(texts.interview.connectionError);
              // The person or the agent ended the interview: both are a normal end.
              stopTimers();
              setStatus('idle');
              setFinished(true);
              window.setTimeout(() => void saveOnce(signed.provider, conversationId), SAVE_DELAY_MS);
            },
            onMessage: ({ source, message }) => {
              if (attempt.current !== mine) return;
              setTurns((t) => addTurn(t, { speaker: source === 'ai' ? 'interviewer' : 'user', text: message }));
              if (source === 'ai' && readAloud) browserVoice.speak(message);
            },
            onModeChange: (m) => setMode(m),
            onInterruption: () => browserVoice.stop(),
            onError: () => {},
          },
          { deviceVoice },
        );
        if (attempt.current !== mine) {
          await s.endSession();
          return;
        }
        session.current = s;
        conversationId = s.getId();
        if (signed.provider === 'elevenlabs') keepLiveTranscript(conversationId, contentId);
      } catch (e) {
        if (attempt.current !== mine) return;
        fail(startFailure(e));
      }
    },
    [tenant, topic, fail, saveOnce],
  );

  const stop = useCallback(async () => {
    await session.current?.endSession();
  }, []);

  // Leaving the page ends a running conversation.
  useEffect(
    () => () => {
      attempt.current++;
      stopTimers();
      browserVoice.stop();
      session.current?.endSession().catch(ignoreFailure('end the voice session', null, { level: 'debug' }));
    },
    [],
  );

  const transcript = formatTranscript(turns);
  return {
    status,
    preload,
    mode,
    progress,
    error,
    turns,
    transcript,
    finished,
    active: status === 'connecting' || status === 'connected',
    start,
    stop,
    setTurns,
  };
}
