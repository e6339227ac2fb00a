import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MAX_RECORDING_SECONDS,
  RECORDER_TIMESLICE_MS,
  RECORDING_TYPES,
} from '../../../../common/schemas/voice-messages';
import { texts } from '../../../../common/texts';
import {
  canRecord,
  firstSupported,
  mediaErrorKind,
  type Recording as Session,
  startRecording,
} from '../../lib/recorder';

export type RecorderState = 'idle' | 'recording' | 'recorded';

export type Recording = { blob: Blob; url: string; mimeType: string; seconds: number };

/** The first recording type this browser supports, in the spec's order (webm, ogg, mp4, mp3, mpeg, wav). */
export function pickRecordingType(isSupported: (type: string) => boolean): string | undefined {
  return firstSupported(RECORDING_TYPES, isSupported);
}

/** The German message for a failed microphone request. */
export function microphoneError(error: unknown): string {
  const kind = mediaErrorKind(error);
  if (kind === 'denied') return texts.voiceMessages.micDenied;
  if (kind === 'missing') return texts.voiceMessages.noMic;
  return texts.voiceMessages.micFailed;
}

/** Records from the microphone, up to 5 minutes (then it stops by itself). */
export function useRecorder(opts: { onAutoStop?: () => void } = {}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const onAutoStop = useRef(opts.onAutoStop);
  onAutoStop.current = opts.onAutoStop;

  const stop = useCallback(() => session.current?.stop(), []);

  const start = useCallback(async () => {
    setError(null);
    if (!canRecord()) {
      setError(texts.voiceMessages.notSupported);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (e) {
      setError(microphoneError(e));
      return;
    }
    const started = startRecording(
      {
        stream,
        type: pickRecordingType((t) => MediaRecorder.isTypeSupported(t)),
        fallbackType: 'audio/webm',
        timesliceMs: RECORDER_TIMESLICE_MS,
        maxSeconds: MAX_RECORDING_SECONDS,
        ownsStream: true,
      },
      {
        onTick: (seconds) => setElapsed(Math.min(Math.floor(seconds), MAX_RECORDING_SECONDS)),
        onAutoStop: () => onAutoStop.current?.(),
        onError: () => setError(texts.voiceMessages.recorderFailed),
        onEmpty: (seconds) => {
          setElapsed(Math.round(seconds));
          setError(texts.voiceMessages.recorderFailed);
          setState('idle');
        },
        onDone: ({ blob, mimeType, seconds }) => {
          const rounded = Math.round(seconds);
          setElapsed(rounded);
          setRecording({ blob, url: URL.createObjectURL(blob), mimeType, seconds: rounded });
          setState('recorded');
        },
      },
    );
    if (!started) {
      setError(texts.voiceMessages.recorderFailed);
      return;
    }
    session.current = started;
    setElapsed(0);
    setState('recording');
  }, []);

  const reset = useCallback(() => {
    stop();
    setRecording((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return null;
    });
    setElapsed(0);
    setError(null);
    setState('idle');
  }, [stop]);

  useEffect(() => () => session.current?.cancel(), []);

  return { state, elapsed, recording, error, start, stop, reset };
}

/** mm:ss */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
