/**
 * The built-in interviewer's WebSocket protocol: the part of the ElevenLabs Conversational AI
 * protocol that the server (server/interview/agent.ts), the browser
 * (web/src/features/interview/builtinAgent.ts), the test client and the benches speak. JSON text
 * frames; audio goes base64 in the formats of ./audio.ts. Types and two small readers only, no
 * zod: the browser's interview chunk imports this.
 */

/** The WebSocket subprotocol @elevenlabs/client asks for. */
export const SUBPROTOCOL = 'convai';

/** Voice id the page sends when it reads the questions aloud with a German voice of the device: words, no audio. */
export const DEVICE_VOICE = 'device';

/** Browser → server. Microphone audio is the one message without a `type`. */
export type ClientMessage =
  | { user_audio_chunk: string }
  | {
      type: 'conversation_initiation_client_data';
      conversation_config_override?: { tts?: { voice_id?: string } };
      source_info?: { source: string; version: string };
    }
  /** A typed answer (the tests and benches; the SDK's sendUserMessage). */
  | { type: 'user_message'; text: string }
  | { type: 'pong'; event_id?: number };

/** Server → browser. `event_id` ties an answer's text to its audio. */
export type ServerMessage =
  | {
      type: 'conversation_initiation_metadata';
      conversation_initiation_metadata_event: {
        conversation_id: string;
        /** Audio format names ('pcm_16000', 'ulaw_8000'): see ./audio.ts. */
        agent_output_audio_format: string;
        user_input_audio_format: string;
      };
    }
  | { type: 'ping'; ping_event: { event_id: number; ping_ms: number | null } }
  | { type: 'audio'; audio_event: { audio_base_64: string; event_id: number } }
  | { type: 'agent_response'; agent_response_event: { agent_response: string; event_id: number } }
  | { type: 'user_transcript'; user_transcription_event: { user_transcript: string; event_id: number } }
  | { type: 'interruption'; interruption_event: { event_id: number } };

export type ServerMessageType = ServerMessage['type'];

// biome-ignore lint/suspicious/noExplicitAny: wire messages are read field by field with runtime checks
function json(text: string): Record<string, any> | null {
  try {
    const value: unknown = JSON.parse(text);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return typeof value === 'object' && value !== null ? (value as Record<string, any>) : null;
  } catch {
    return null;
  }
}

/**
 * A frame from the browser as the server uses it, or null (not JSON, or a message it ignores:
 * user_activity, feedback, contextual_update, a user_message without text). Audio wins over `type`.
 */
export function readClientMessage(text: string): ClientMessage | null {
  const m = json(text);
  if (!m) return null;
  if (typeof m.user_audio_chunk === 'string') return { user_audio_chunk: m.user_audio_chunk };
  switch (m.type) {
    case 'conversation_initiation_client_data': {
      const voiceId = m.conversation_config_override?.tts?.voice_id;
      return typeof voiceId === 'string'
        ? { type: m.type, conversation_config_override: { tts: { voice_id: voiceId } } }
        : { type: m.type };
    }
    case 'user_message':
      return typeof m.text === 'string' ? { type: m.type, text: m.text } : null;
    case 'pong':
      return { type: m.type, event_id: typeof m.event_id === 'number' ? m.event_id : undefined };
    default:
      return null;
  }
}

/**
 * A frame from the server as the browser uses it, or null (not JSON, unknown, or a field missing).
 * The initiation metadata is taken as it comes: a missing id is '', a missing format ''.
 */
export function readServerMessage(text: string): ServerMessage | null {
  const m = json(text);
  if (!m) return null;
  switch (m.type) {
    case 'conversation_initiation_metadata': {
      const meta = m.conversation_initiation_metadata_event;
      const format = (name: unknown) => (typeof name === 'string' ? name : '');
      return {
        type: m.type,
        conversation_initiation_metadata_event: {
          conversation_id: String(meta?.conversation_id ?? ''),
          agent_output_audio_format: format(meta?.agent_output_audio_format),
          user_input_audio_format: format(meta?.user_input_audio_format),
        },
      };
    }
    case 'ping':
      return typeof m.ping_event?.event_id === 'number' ? (m as ServerMessage) : null;
    case 'audio':
      return typeof m.audio_event?.audio_base_64 === 'string' ? (m as ServerMessage) : null;
    case 'agent_response':
      return typeof m.agent_response_event?.agent_response === 'string' ? (m as ServerMessage) : null;
    case 'user_transcript':
      return typeof m.user_transcription_event?.user_transcript === 'string' ? (m as ServerMessage) : null;
    case 'interruption':
      return m as ServerMessage;
    default:
      return null;
  }
}
