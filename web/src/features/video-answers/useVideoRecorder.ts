import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../../../../common/texts';
import { pickVideoType, VIDEO_TIMESLICE_MS } from '../../../../common/video-answers';
import { ignoreFailure } from '../../../../common/best-effort';

const v = texts.videoAnswers;

export type Facing = 'user' | 'environment';
export type Orientation = 'portrait' | 'landscape';
export type RecorderPhase = 'off' | 'starting' | 'preview' | 'countdown' | 'recording' | 'review';
export type Clip = { blob: Blob; url: string; mimeType: string; seconds: number; recordedAt: number };

/** Seconds of the visible countdown before a recording begins. */
export const COUNTDOWN_SECONDS = 3;

/** The German message for a failed camera request. */
export function cameraError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return v.cameraDenied;
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return v.noCamera;
  return v.cameraFailed;
}

/** Camera constraints: the chosen camera, about 720p in the chosen orientation. */
export function cameraConstraints(facing: Facing, orientation: Orientation): MediaStreamConstraints {
  const [width, height] = orientation === 'portrait' ? [720, 1280] : [1280, 720];
  return {
    video: {
      facingMode: { ideal: facing },
      width: { ideal: width },
      height: { ideal: height },
      aspectRatio: { ideal: width / height },
    },
    audio: { echoCancellation: true, noiseSuppression: true },
  };
}

/**
 * Camera preview and one clip at a time: a countdown, then MediaRecorder with whatever the
 * browser records (WebM VP8/VP9 and Opus, or MP4 H.264 and AAC), stopped by the person or at
 * `maxSeconds`; then the clip for review.
 */
export function useVideoRecorder(opts: { maxSeconds: number; onAutoStop?: () => void }) {
  const [phase, setPhase] = useState<RecorderPhase>('off');
  const [facing, setFacing] = useState<Facing>('user');
  const [orientation, setOrientation] = useState<Orientation>(() =>
    typeof window !== 'undefined' && window.innerWidth > window.innerHeight ? 'landscape' : 'portrait',
  );
  const [countdown, setCountdown] = useState(COUNTDOWN_SECONDS);
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const preview = useRef<HTMLVideoElement | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | null>(null);
  const startedAt = useRef(0);
  const settings = useRef(opts);
  settings.current = opts;

  const clearTimer = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  };

  const stopStream = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (preview.current) preview.current.srcObject = null;
  };

  const attach = useCallback((el: HTMLVideoElement | null) => {
    preview.current = el;
    if (el && stream.current && el.srcObject !== stream.current) {
      el.srcObject = stream.current;
      void el.play().catch(ignoreFailure('start the camera preview', null, { level: 'debug' }));
    }
  }, []);

  const openCamera = useCallback(
    async (nextFacing: Facing, nextOrientation: Orientation) => {
      setError(null);
      if (typeof window.MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
        setError(v.notSupported);
        setPhase('off');
        return;
      }
      stopStream();
      setPhase('starting');
      try {
        stream.current = await navigator.mediaDevices.getUserMedia(cameraConstraints(nextFacing, nextOrientation));
      } catch (e) {
        setError(cameraError(e));
        setPhase('off');
        return;
      }
      attach(preview.current);
      setPhase('preview');
    },
    [attach],
  );

  const stop = useCallback(() => {
    clearTimer();
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const begin = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const type = pickVideoType((t) => MediaRecorder.isTypeSupported(t));
    let rec: MediaRecorder;
    try {
      rec = type
        ? new MediaRecorder(media, { mimeType: type, videoBitsPerSecond: 2_500_000 })
        : new MediaRecorder(media);
    } catch {
      setError(v.recorderFailed);
      setPhase('preview');
      return;
    }
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onerror = () => {
      clearTimer();
      setError(v.recorderFailed);
    };
    rec.onstop = () => {
      const mimeType = (rec.mimeType || type || 'video/webm').split(';')[0]!;
      const blob = new Blob(chunks, { type: mimeType });
      const seconds = Math.min(settings.current.maxSeconds, (Date.now() - startedAt.current) / 1000);
      if (blob.size === 0) {
        setError(v.recorderFailed);
        setPhase('preview');
        return;
      }
      setClip({ blob, url: URL.createObjectURL(blob), mimeType, seconds, recordedAt: Date.now() });
      setPhase('review');
    };
    recorder.current = rec;
    startedAt.current = Date.now();
    setElapsed(0);
    rec.start(VIDEO_TIMESLICE_MS);
    setPhase('recording');
    timer.current = window.setInterval(() => {
      const seconds = (Date.now() - startedAt.current) / 1000;
      setElapsed(Math.min(seconds, settings.current.maxSeconds));
      if (seconds >= settings.current.maxSeconds) {
        stop();
        settings.current.onAutoStop?.();
      }
    }, 250);
  }, [stop]);

  /** The countdown, then the recording. */
  const record = useCallback(() => {
    if (!stream.current) return;
    setError(null);
    setCountdown(COUNTDOWN_SECONDS);
    setPhase('countdown');
    let left = COUNTDOWN_SECONDS;
    clearTimer();
    timer.current = window.setInterval(() => {
      left -= 1;
      if (left > 0) {
        setCountdown(left);
        return;
      }
      clearTimer();
      begin();
    }, 1000);
  }, [begin]);

  /** Throws the reviewed clip away and shows the camera again. */
  const discard = useCallback(() => {
    setClip((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return null;
    });
    setElapsed(0);
    setPhase(stream.current ? 'preview' : 'off');
  }, []);

  /** Hands the reviewed clip over (the caller keeps it) and shows the camera for the next question. */
  const take = useCallback((): Clip | null => {
    const taken = clip;
    setClip(null);
    setElapsed(0);
    setPhase(stream.current ? 'preview' : 'off');
    return taken;
  }, [clip]);

  const switchCamera = useCallback(() => {
    const next = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    void openCamera(next, orientation);
  }, [facing, orientation, openCamera]);

  const turn = useCallback(
    (next: Orientation) => {
      setOrientation(next);
      void openCamera(facing, next);
    },
    [facing, openCamera],
  );

  const close = useCallback(() => {
    clearTimer();
    if (recorder.current && recorder.current.state !== 'inactive') {
      recorder.current.onstop = null;
      recorder.current.stop();
    }
    stopStream();
    setPhase('off');
  }, []);

  useEffect(() => close, [close]);

  return {
    phase,
    facing,
    orientation,
    countdown,
    elapsed,
    clip,
    error,
    attach,
    open: () => openCamera(facing, orientation),
    record,
    stop,
    discard,
    take,
    switchCamera,
    turn,
    close,
  };
}
