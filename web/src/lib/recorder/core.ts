/**
 * The MediaRecorder part the voice message and the video answer share: which type to record,
 * what a failed device request means, and one recording from start to its blob (chunks, the
 * clock, the stop at the longest length, the clean-up). No React here: the hooks hold the state.
 */

/** How often the clock of a running recording is read. */
export const RECORDER_TICK_MS = 250;

/** Why the microphone or the camera could not be opened. */
export type MediaErrorKind = 'denied' | 'missing' | 'failed';

/** Sorts a failed getUserMedia: refused by the person or the page, no such device, anything else. */
export function mediaErrorKind(error: unknown): MediaErrorKind {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** The first of `types` the browser records (a check that throws counts as no), or undefined. */
export function firstSupported(types: readonly string[], isSupported: (type: string) => boolean): string | undefined {
  return types.find((type) => {
    try {
      return isSupported(type);
    } catch {
      return false;
    }
  });
}

/** Whether this browser can record at all (MediaRecorder and getUserMedia). */
export function canRecord(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia
  );
}

/** What a finished recording hands over. `seconds` is the wall-clock length, at most the longest length. */
export type Take = { blob: Blob; mimeType: string; seconds: number };

export type RecordingOptions = {
  stream: MediaStream;
  /** The type chosen with `firstSupported`; without one the browser's default. */
  type?: string;
  /** The type named when neither the recorder nor `type` names one. */
  fallbackType: string;
  /** More recorder options with a chosen type (e.g. `videoBitsPerSecond`). */
  options?: Omit<MediaRecorderOptions, 'mimeType'>;
  timesliceMs: number;
  maxSeconds: number;
  /** The recording owns the stream: its tracks end with the recording (the voice). The camera stays on otherwise. */
  ownsStream: boolean;
};

export type RecordingEvents = {
  /** Seconds since the start, read every RECORDER_TICK_MS. */
  onTick(seconds: number): void;
  /** The longest length was reached; the recording is stopping. */
  onAutoStop(): void;
  /** The recording ended with data. */
  onDone(take: Take): void;
  /** The recording ended without a byte (a broken device or codec). */
  onEmpty(seconds: number): void;
  /** The recorder failed while recording. */
  onError(): void;
};

/** What the core needs from the browser; tests give their own. */
export type RecorderEnv = {
  Recorder: new (stream: MediaStream, options?: MediaRecorderOptions) => MediaRecorder;
  now(): number;
  setInterval(fn: () => void, ms: number): number;
  clearInterval(id: number): void;
};

const browserEnv = (): RecorderEnv => ({
  Recorder: MediaRecorder,
  now: () => Date.now(),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (id) => window.clearInterval(id),
});

export type Recording = {
  readonly recorder: MediaRecorder;
  /** Stops the recording; its data arrives through onDone or onEmpty. */
  stop(): void;
  /** Ends the recording and throws its data away (the page goes). */
  cancel(): void;
};

/**
 * Starts one recording on `stream`. Returns null when the browser refuses to make a recorder
 * (then an owned stream is ended too).
 */
export function startRecording(
  opts: RecordingOptions,
  on: RecordingEvents,
  env: RecorderEnv = browserEnv(),
): Recording | null {
  const { stream, type } = opts;
  const endTracks = () => stream.getTracks().forEach((t) => t.stop());
  let rec: MediaRecorder;
  try {
    rec = type ? new env.Recorder(stream, { ...opts.options, mimeType: type }) : new env.Recorder(stream);
  } catch {
    if (opts.ownsStream) endTracks();
    return null;
  }
  let timer: number | null = null;
  const clearTimer = () => {
    if (timer !== null) env.clearInterval(timer);
    timer = null;
  };
  const startedAt = env.now();
  const elapsed = () => (env.now() - startedAt) / 1000;
  const chunks: Blob[] = [];
  rec.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  rec.onerror = () => {
    clearTimer();
    on.onError();
  };
  rec.onstop = () => {
    if (opts.ownsStream) endTracks();
    const mimeType = rec.mimeType || type || opts.fallbackType;
    const blob = new Blob(chunks, { type: mimeType });
    const seconds = Math.min(opts.maxSeconds, elapsed());
    if (blob.size === 0) on.onEmpty(seconds);
    else on.onDone({ blob, mimeType, seconds });
  };
  const stop = () => {
    clearTimer();
    if (rec.state !== 'inactive') rec.stop();
  };
  rec.start(opts.timesliceMs);
  timer = env.setInterval(() => {
    const seconds = elapsed();
    on.onTick(seconds);
    if (seconds >= opts.maxSeconds) {
      stop();
      on.onAutoStop();
    }
  }, RECORDER_TICK_MS);
  return {
    recorder: rec,
    stop,
    cancel() {
      clearTimer();
      if (rec.state !== 'inactive') {
        rec.onstop = null;
        rec.stop();
      }
      if (opts.ownsStream) endTracks();
    },
  };
}
