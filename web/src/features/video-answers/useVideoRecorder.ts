import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../../../../common/texts';
import { pickVideoType, VIDEO_TIMESLICE_MS } from '../../../../common/video-answers';
import { ignoreFailure } from '../../../../common/best-effort';
import { canRecord, mediaErrorKind, type Recording, startRecording } from '../../lib/recorder';

const v = texts.videoAnswers;

export type Facing = 'user' | 'environment';
export type Orientation = 'portrait' | 'landscape';
export type RecorderPhase = 'off' | 'starting' | 'preview' | 'countdown' | 'recording' | 'review';
export type Clip = { blob: Blob; url: string; mimeType: string; seconds: number; recordedAt: number };

/** Seconds of the visible countdown before a recording begins. */
export const COUNTDOWN_SECONDS = 3;

/** The German message for a failed camera request. */
export function cameraError(error: unknown): string {
  const kind = mediaErrorKind(error);
  if (kind === 'denied') return v.cameraDenied;
  if (kind === 'missing') return v.noCamera;
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
  const session = useRef<Recording | null>(null);
  /** The countdown's interval. */
  const timer = useRef<number | null>(null);
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
      if (!canRecord()) {
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
    session.current?.stop();
  }, []);

  const begin = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const { maxSeconds } = settings.current;
    const started = startRecording(
      {
        stream: media,
        type: pickVideoType((t) => MediaRecorder.isTypeSupported(t)),
        fallbackType: 'video/webm',
        options: { videoBitsPerSecond: 2_500_000 },
        timesliceMs: VIDEO_TIMESLICE_MS,
        maxSeconds,
        ownsStream: false,
      },
      {
        onTick: (seconds) => setElapsed(Math.min(seconds, maxSeconds)),
        onAutoStop: () => settings.current.onAutoStop?.(),
        onError: () => setError(v.recorderFailed),
        onEmpty: () => {
          setError(v.recorderFailed);
          setPhase('preview');
        },
        onDone: ({ blob, mimeType, seconds }) => {
          // The clip is named by its container alone (the server judges the codecs from the bytes).
          const type = mimeType.split(';')[0]!;
          const plain = blob.type === type ? blob : blob.slice(0, blob.size, type);
          setClip({ blob: plain, url: URL.createObjectURL(plain), mimeType: type, seconds, recordedAt: Date.now() });
          setPhase('review');
        },
      },
    );
    if (!started) {
      setError(v.recorderFailed);
      setPhase('preview');
      return;
    }
    session.current = started;
    setElapsed(0);
    setPhase('recording');
  }, []);

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
    session.current?.cancel();
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
