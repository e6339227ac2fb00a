import type { SignedUrlResponse } from '../../../../common/contracts/interview';
import {
  type AudioFormat,
  DEFAULT_FORMAT,
  decodeChunk,
  encodeChunk,
  readAudioFormat,
  USER_CHUNK_MS,
} from '../../../../common/interview/audio';
import { type ClientMessage, DEVICE_VOICE, readServerMessage } from '../../../../common/interview/protocol';
import type { AgentCallbacks, AgentSession } from './agentSession';
import { ignoreFailure } from '../../../../common/best-effort';

/**
 * The client of the built-in interviewer: the ElevenLabs conversation protocol
 * (common/interview/protocol.ts) over our own WebSocket, without the ElevenLabs SDK (which loads
 * only for an ElevenLabs agent). Microphone chunks of a tenth of a second go up as
 * `user_audio_chunk`; the interviewer's audio is played in order and faded out over 2 s on an
 * interruption.
 */
const parseFormat = (name: string): AudioFormat => readAudioFormat(name) ?? DEFAULT_FORMAT;

/** Spec: "An interruption fades the audio out over 2 s". */
export const FADE_OUT_SECONDS = 2;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Web Audio samples (-1…1) → the format's wire bytes, base64. */
function encode(samples: Float32Array, format: AudioFormat): string {
  const pcm = Int16Array.from(samples, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767))));
  return toBase64(encodeChunk(pcm, format));
}

function decode(base64: string, format: AudioFormat): Float32Array {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return Float32Array.from(decodeChunk(bytes, format), (v) => v / 32768);
}

export async function startBuiltinAgent(
  signed: SignedUrlResponse,
  callbacks: AgentCallbacks,
  opts: { deviceVoice?: boolean } = {},
): Promise<AgentSession> {
  // Created within the click that started the interview, so the browser lets them play.
  const output = new AudioContext();
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  const socket = new WebSocket(signed.signedUrl);
  let conversationId = '';
  let input: AudioContext | null = null;
  let ended = false;
  let endedByUser = false;
  let playing: AudioBufferSourceNode[] = [];
  let nextStart = 0;
  let mode: 'listening' | 'speaking' = 'listening';
  const setMode = (m: typeof mode) => {
    if (m === mode) return;
    mode = m;
    callbacks.onModeChange(m);
  };
  const send = (message: ClientMessage) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  // The interviewer's voice goes through a gain node, so an interruption can fade it out.
  let volume = output.createGain();
  volume.connect(output.destination);
  /** The person spoke over the interviewer: its voice fades out over 2 s, the next words start at full volume. */
  const fadeOut = () => {
    const fading = playing;
    const gain = volume;
    playing = [];
    nextStart = 0;
    setMode('listening');
    volume = output.createGain();
    volume.connect(output.destination);
    const now = output.currentTime;
    gain.gain.setValueAtTime(gain.gain.value, now);
    gain.gain.linearRampToValueAtTime(0, now + FADE_OUT_SECONDS);
    for (const s of fading) {
      s.onended = null;
      try {
        s.stop(now + FADE_OUT_SECONDS);
      } catch {
        // already stopped
      }
    }
    window.setTimeout(() => gain.disconnect(), FADE_OUT_SECONDS * 1000 + 100);
  };
  const stopPlayback = () => {
    for (const s of playing) {
      s.onended = null;
      try {
        s.stop();
      } catch {
        // not started yet
      }
    }
    playing = [];
    nextStart = 0;
    setMode('listening');
  };
  const cleanUp = () => {
    stopPlayback();
    for (const track of stream.getTracks()) track.stop();
    void input?.close().catch(ignoreFailure('close the audio input', null, { level: 'debug' }));
    void output.close().catch(ignoreFailure('close the audio output', null, { level: 'debug' }));
  };

  const startCapture = async (format: AudioFormat) => {
    input = new AudioContext({ sampleRate: format.sampleRate });
    await input.audioWorklet.addModule(new URL('./capture.worklet.js', import.meta.url));
    const source = input.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(input, 'ca-capture', {
      processorOptions: { chunk: Math.round((format.sampleRate * USER_CHUNK_MS) / 1000) },
    });
    node.port.onmessage = (e: MessageEvent<Float32Array>) => send({ user_audio_chunk: encode(e.data, format) });
    source.connect(node);
  };

  let outputFormat = DEFAULT_FORMAT;
  const play = (base64: string) => {
    const samples = decode(base64, outputFormat);
    if (!samples.length) return;
    const buffer = output.createBuffer(1, samples.length, outputFormat.sampleRate);
    buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, 0);
    const node = output.createBufferSource();
    node.buffer = buffer;
    node.connect(volume);
    const at = Math.max(output.currentTime, nextStart);
    node.start(at);
    nextStart = at + buffer.duration;
    playing.push(node);
    setMode('speaking');
    node.onended = () => {
      playing = playing.filter((p) => p !== node);
      if (!playing.length) setMode('listening');
    };
  };

  await new Promise<void>((resolve, reject) => {
    let connected = false;
    socket.onopen = () => {
      send({
        type: 'conversation_initiation_client_data',
        conversation_config_override: opts.deviceVoice ? { tts: { voice_id: DEVICE_VOICE } } : {},
      });
    };
    socket.onmessage = (event) => {
      const m = readServerMessage(String(event.data));
      switch (m?.type) {
        case 'conversation_initiation_metadata': {
          const meta = m.conversation_initiation_metadata_event;
          conversationId = meta.conversation_id;
          outputFormat = parseFormat(meta.agent_output_audio_format);
          startCapture(parseFormat(meta.user_input_audio_format)).then(
            () => {
              connected = true;
              void output.resume();
              callbacks.onConnect();
              resolve();
            },
            (error: unknown) => {
              cleanUp();
              socket.close();
              reject(error);
            },
          );
          return;
        }
        case 'ping':
          send({ type: 'pong', event_id: m.ping_event.event_id });
          return;
        case 'audio':
          play(m.audio_event.audio_base_64);
          return;
        case 'agent_response':
          callbacks.onMessage({ source: 'ai', message: m.agent_response_event.agent_response });
          return;
        case 'user_transcript':
          callbacks.onMessage({ source: 'user', message: m.user_transcription_event.user_transcript });
          return;
        case 'interruption':
          fadeOut();
          callbacks.onInterruption();
          return;
        default:
          return;
      }
    };
    socket.onerror = () => {
      if (!connected) callbacks.onError('socket error');
    };
    socket.onclose = (event) => {
      const wasEnded = ended;
      ended = true;
      cleanUp();
      if (!connected) return reject(new Error(event.reason || 'connection closed'));
      if (wasEnded && endedByUser) return callbacks.onDisconnect({ reason: 'user' });
      callbacks.onDisconnect(
        event.code === 1000 ? { reason: 'agent' } : { reason: 'error', message: event.reason || undefined },
      );
    };
  });

  return {
    getId: () => conversationId,
    async endSession() {
      if (ended) return;
      ended = true;
      endedByUser = true;
      socket.close(1000);
      await new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.addEventListener('close', () => resolve(), { once: true });
        window.setTimeout(resolve, 2000);
      });
    },
  };
}
