import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MAX_RECORDING_SECONDS,
  RECORDER_TIMESLICE_MS,
  RECORDING_TYPES,
} from '../../../../common/schemas/voice-messages';
import { texts } from '../../../../common/texts';

export type RecorderState = 'idle' | 'recording' | 'recorded';

export type Recording = { blob: Blob; url: string; mimeType: string; seconds: number };

/** The first recording type this browser supports, in the spec's order (webm, ogg, mp4, mp3, mpeg, wav). */
export function pickRecordingType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => isSupported(type));
}

/** The German message for a failed microphone request. */
export function microphoneError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return texts.voiceMessages.micDenied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return texts.voiceMessages.noMic;
  return texts.voiceMessages.micFailed;
}

/** Records from the microphone, up to 5 minutes (then it stops by itself). */
export function useRecorder(opts: { onAutoStop?: () => void } = {}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | null>(null);
  const startedAt = useRef(0);
  const onAutoStop = useRef(opts.onAutoStop);
  onAutoStop.current = opts.onAutoStop;

  const clearTimer = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  };

  const stop = useCallback(() => {
    clearTimer();
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    setError(null);
    if (typeof window.MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
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
    const type = pickRecordingType((t) => MediaRecorder.isTypeSupported(t));
    let rec: MediaRecorder;
    try {
      rec = type ? new MediaRecorder(stream, { mimeType: type }) : new MediaRecorder(stream);
    } catch {
      stream.getTracks().forEach((t) => t.stop());
      setError(texts.voiceMessages.recorderFailed);
      return;
    }
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onerror = () => {
      clearTimer();
      setError(texts.voiceMessages.recorderFailed);
    };
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      const mimeType = rec.mimeType || type || 'audio/webm';
      const blob = new Blob(chunks, { type: mimeType });
      const seconds = Math.min(MAX_RECORDING_SECONDS, Math.round((Date.now() - startedAt.current) / 1000));
      setElapsed(seconds);
      if (blob.size === 0) {
        setError(texts.voiceMessages.recorderFailed);
        setState('idle');
        return;
      }
      setRecording({ blob, url: URL.createObjectURL(blob), mimeType, seconds });
      setState('recorded');
    };
    recorder.current = rec;
    startedAt.current = Date.now();
    setElapsed(0);
    rec.start(RECORDER_TIMESLICE_MS);
    setState('recording');
    timer.current = window.setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt.current) / 1000);
      setElapsed(Math.min(seconds, MAX_RECORDING_SECONDS));
      if (seconds >= MAX_RECORDING_SECONDS) {
        stop();
        onAutoStop.current?.();
      }
    }, 250);
  }, [stop]);

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

  useEffect(
    () => () => {
      clearTimer();
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
        recorder.current.stream.getTracks().forEach((t) => t.stop());
      }
    },
    [],
  );

  return { state, elapsed, recording, error, start, stop, reset };
}

/** mm:ss */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
