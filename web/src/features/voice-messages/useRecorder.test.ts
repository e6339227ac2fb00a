import { describe, expect, it } from 'vitest';
import { texts } from '../../../../common/texts';
import { clock, microphoneError, pickRecordingType } from './useRecorder';

describe('recorder rules', () => {
  it('tries the recording types in the spec order: webm, ogg, mp4, mp3, mpeg, wav', () => {
    const chrome = ['audio/webm', 'audio/ogg', 'audio/mp4'];
    const safari = ['audio/mp4', 'audio/wav'];
    const onlyWav = ['audio/wav'];
    expect(pickRecordingType((t) => chrome.includes(t))).toBe('audio/webm');
    expect(pickRecordingType((t) => safari.includes(t))).toBe('audio/mp4');
    expect(pickRecordingType((t) => t === 'audio/mpeg' || onlyWav.includes(t))).toBe('audio/mpeg');
    expect(pickRecordingType((t) => onlyWav.includes(t))).toBe('audio/wav');
    expect(pickRecordingType(() => false)).toBeUndefined();
  });

  it('names every microphone failure in German', () => {
    expect(microphoneError(new DOMException('x', 'NotAllowedError'))).toBe(texts.voiceMessages.micDenied);
    expect(microphoneError(new DOMException('x', 'SecurityError'))).toBe(texts.voiceMessages.micDenied);
    expect(microphoneError(new DOMException('x', 'NotFoundError'))).toBe(texts.voiceMessages.noMic);
    expect(microphoneError(new DOMException('x', 'NotReadableError'))).toBe(texts.voiceMessages.micFailed);
    expect(microphoneError(null)).toBe(texts.voiceMessages.micFailed);
  });

  it('shows times as mm:ss', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(65.7)).toBe('01:05');
    expect(clock(300)).toBe('05:00');
  });
});
