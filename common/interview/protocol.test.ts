import { describe, expect, it } from 'vitest';
import { DEVICE_VOICE, readClientMessage, readServerMessage, type ClientMessage, type ServerMessage } from './protocol';

const wire = (m: ClientMessage | ServerMessage) => JSON.stringify(m);

describe('messages from the browser', () => {
  it('reads audio before any type, the initiation with the device voice, a typed answer and a pong', () => {
    expect(readClientMessage(JSON.stringify({ type: 'user_message', user_audio_chunk: 'AAA=' }))).toEqual({
      user_audio_chunk: 'AAA=',
    });
    expect(
      readClientMessage(
        wire({
          type: 'conversation_initiation_client_data',
          conversation_config_override: { tts: { voice_id: DEVICE_VOICE } },
        }),
      ),
    ).toEqual({
      type: 'conversation_initiation_client_data',
      conversation_config_override: { tts: { voice_id: 'device' } },
    });
    expect(readClientMessage(wire({ type: 'user_message', text: 'Hallo' }))).toEqual({
      type: 'user_message',
      text: 'Hallo',
    });
    expect(readClientMessage(wire({ type: 'pong', event_id: 3 }))).toEqual({ type: 'pong', event_id: 3 });
  });

  it('takes an initiation with an odd override as one without', () => {
    for (const override of [null, 'x', 5, { tts: null }, { tts: { voice_id: 7 } }])
      expect(
        readClientMessage(
          JSON.stringify({ type: 'conversation_initiation_client_data', conversation_config_override: override }),
        ),
      ).toEqual({ type: 'conversation_initiation_client_data' });
  });

  it.each(['', 'nope', 'null', '5', '"user_message"', '{"type":"user_message"}', '{"type":"user_activity"}', '{}'])(
    'ignores %j',
    (text) => {
      expect(readClientMessage(text)).toBeNull();
    },
  );
});

describe('messages from the server', () => {
  it('reads each message the page acts on as it was sent', () => {
    const sent: ServerMessage[] = [
      { type: 'ping', ping_event: { event_id: 1, ping_ms: null } },
      { type: 'audio', audio_event: { audio_base_64: 'AAA=', event_id: 2 } },
      { type: 'agent_response', agent_response_event: { agent_response: 'Frage?', event_id: 2 } },
      { type: 'user_transcript', user_transcription_event: { user_transcript: 'Antwort.', event_id: 3 } },
      { type: 'interruption', interruption_event: { event_id: 3 } },
      {
        type: 'conversation_initiation_metadata',
        conversation_initiation_metadata_event: {
          conversation_id: 'conv_1',
          agent_output_audio_format: 'ulaw_8000',
          user_input_audio_format: 'pcm_16000',
        },
      },
    ];
    for (const m of sent) expect(readServerMessage(wire(m))).toEqual(m);
  });

  it('takes initiation metadata with fields missing as it comes', () => {
    expect(readServerMessage('{"type":"conversation_initiation_metadata"}')).toEqual({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: '',
        agent_output_audio_format: '',
        user_input_audio_format: '',
      },
    });
  });

  it.each([
    'nope',
    'null',
    '{"type":"audio","audio_event":{}}',
    '{"type":"agent_response"}',
    '{"type":"user_transcript","user_transcription_event":{"user_transcript":5}}',
    '{"type":"ping"}',
    '{"type":"vad_score"}',
  ])('ignores %j', (text) => {
    expect(readServerMessage(text)).toBeNull();
  });
});
