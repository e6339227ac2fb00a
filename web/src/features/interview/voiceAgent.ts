import type { SignedUrlResponse } from '../../../../common/contracts/interview';
import { apiUrl } from '../../api/client';
import type { AgentCallbacks, AgentSession } from './agentSession';

export type { AgentCallbacks, AgentSession };

/** Worklets and resampler come from our server, never a CDN (the CSP allows only 'self'). */
const assets = {
  workletPaths: {
    rawAudioProcessor: apiUrl('GET /voice/assets/:file', { file: 'rawAudioProcessor.js' }),
    audioConcatProcessor: apiUrl('GET /voice/assets/:file', { file: 'audioConcatProcessor.js' }),
  },
  libsampleratePath: apiUrl('GET /voice/assets/:file', { file: 'libsamplerate.worklet.js' }),
};

/** The SDK is loaded only on the interview page with an ElevenLabs agent, and without its WebRTC part (web/build/voice-sdk.ts). */
export const loadSdk = () => import('./voiceSdk');

/** Starts a conversation with the agent behind a signed URL from our server (ElevenLabs or built-in). */
export async function startAgent(
  signed: SignedUrlResponse,
  callbacks: AgentCallbacks,
  opts: { deviceVoice?: boolean } = {},
): Promise<AgentSession> {
  // The built-in interviewer has its own small client: no part of the ElevenLabs SDK loads for it.
  if (signed.provider === 'builtin') return (await import('./builtinAgent')).startBuiltinAgent(signed, callbacks, opts);
  const { Conversation } = await loadSdk();
  return Conversation.startSession({
    signedUrl: signed.signedUrl,
    connectionType: 'websocket',
    ...assets,
    // The spec's audio chunk: a quarter second of samples.
    inputChunkDurationMs: 250,
    onConnect: () => callbacks.onConnect(),
    onDisconnect: (details) =>
      callbacks.onDisconnect({ reason: details.reason, message: 'message' in details ? details.message : undefined }),
    onMessage: ({ source, message }) => callbacks.onMessage({ source: source === 'ai' ? 'ai' : 'user', message }),
    onModeChange: ({ mode }) => callbacks.onModeChange(mode),
    onInterruption: () => callbacks.onInterruption(),
    onError: (message) => callbacks.onError(message),
  }) as Promise<AgentSession>;
}

/**
 * A German voice of the device itself (Web Speech API, `localService`: nothing leaves the device),
 * or null. Browsers fill the voice list late, so this waits for it a moment.
 */
export async function localGermanVoice(waitMs = 800): Promise<SpeechSynthesisVoice | null> {
  if (!('speechSynthesis' in window)) return null;
  const pick = () =>
    window.speechSynthesis.getVoices().find((v) => v.localService && /^de(-|_|$)/i.test(v.lang)) ?? null;
  if (window.speechSynthesis.getVoices().length) return pick();
  await new Promise<void>((resolve) => {
    const done = () => (window.speechSynthesis.removeEventListener('voiceschanged', done), resolve());
    window.speechSynthesis.addEventListener('voiceschanged', done);
    window.setTimeout(done, waitMs);
  });
  return pick();
}

/** The browser reads the interviewer's words aloud (Web Speech API), with the device's German voice if it has one. */
export const browserVoice = {
  voice: null as SpeechSynthesisVoice | null,
  speak(text: string) {
    if (!('speechSynthesis' in window)) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'de-DE';
    if (this.voice) utterance.voice = this.voice;
    window.speechSynthesis.speak(utterance);
  },
  stop() {
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
  },
};
