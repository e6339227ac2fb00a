import { describe, expect, it } from 'vitest';
import {
  firstSupported,
  mediaErrorKind,
  RECORDER_TICK_MS,
  startRecording,
  type RecorderEnv,
  type RecordingEvents,
  type Take,
} from './core';

/** A recorder as the browser's behaves: chunks on each slice, one last chunk and `stop` at the end. */
class FakeRecorder {
  static made: FakeRecorder[] = [];
  static refuse = false;
  state: RecordingState = 'inactive';
  mimeType: string;
  timeslice?: number;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onerror: (() => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    readonly options?: MediaRecorderOptions,
  ) {
    if (FakeRecorder.refuse) throw new DOMException('no', 'NotSupportedError');
    this.mimeType = options?.mimeType ? `${options.mimeType};codecs=opus` : '';
    FakeRecorder.made.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  chunk(bytes: string) {
    this.ondataavailable?.({ data: new Blob([bytes]) });
  }
  stop() {
    this.state = 'inactive';
    this.chunk('');
    this.onstop?.();
  }
}

/** A stream whose tracks say whether they were ended. */
const stream = () => {
  const tracks = [
    {
      stopped: false,
      stop() {
        this.stopped = true;
      },
    },
  ];
  return { tracks, media: { getTracks: () => tracks } as unknown as MediaStream };
};

/** A clock and an interval the test moves by hand. */
function env() {
  let now = 1_000_000;
  const timers = new Map<number, { fn: () => void; ms: number; next: number }>();
  let ids = 0;
  const e: RecorderEnv = {
    Recorder: FakeRecorder as unknown as RecorderEnv['Recorder'],
    now: () => now,
    setInterval: (fn, ms) => {
      timers.set(++ids, { fn, ms, next: now + ms });
      return ids;
    },
    clearInterval: (id) => void timers.delete(id),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.ms;
      due.fn();
    }
    now = end;
  };
  return { e, advance, timers };
}

function events() {
  const seen = { ticks: [] as number[], auto: 0, done: [] as Take[], empty: [] as number[], errors: 0 };
  const on: RecordingEvents = {
    onTick: (s) => seen.ticks.push(s),
    onAutoStop: () => seen.auto++,
    onDone: (take) => seen.done.push(take),
    onEmpty: (s) => seen.empty.push(s),
    onError: () => seen.errors++,
  };
  return { seen, on };
}

const options = (media: MediaStream, more: { ownsStream?: boolean; type?: string; maxSeconds?: number } = {}) => ({
  stream: media,
  type: more.type ?? 'audio/webm',
  fallbackType: 'audio/webm',
  timesliceMs: 1000,
  maxSeconds: more.maxSeconds ?? 300,
  ownsStream: more.ownsStream ?? true,
});

describe('the recorder core (voice message and video answer)', () => {
  it('sorts a failed device request: refused, missing, or anything else', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'])
      expect(mediaErrorKind(named(name))).toBe('denied');
    for (const name of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'])
      expect(mediaErrorKind(named(name))).toBe('missing');
    expect(mediaErrorKind(named('NotReadableError'))).toBe('failed');
    expect(mediaErrorKind(null)).toBe('failed');
    expect(mediaErrorKind('kaputt')).toBe('failed');
  });

  it('takes the first type the browser records, in the given order; a check that throws is a no', () => {
    const types = ['video/webm;codecs=vp9', 'video/webm', 'video/mp4'];
    expect(firstSupported(types, (t) => t !== types[0])).toBe('video/webm');
    expect(
      firstSupported(types, (t) => {
        if (t.includes('webm')) throw new TypeError('bad type');
        return true;
      }),
    ).toBe('video/mp4');
    expect(firstSupported(types, () => false)).toBeUndefined();
  });

  it('records in slices, ticks the clock, and hands over the chunks as one blob with its length', async () => {
    const { e, advance } = env();
    const { seen, on } = events();
    const s = stream();
    const rec = startRecording(options(s.media), on, e)!;
    const fake = rec.recorder as unknown as FakeRecorder;
    expect(fake.timeslice).toBe(1000);
    expect(fake.options?.mimeType).toBe('audio/webm');
    fake.chunk('abc');
    advance(1000);
    fake.chunk('de');
    advance(1500);
    expect(seen.ticks.length).toBe(2500 / RECORDER_TICK_MS);
    expect(seen.ticks.at(-1)).toBe(2.5);
    rec.stop();
    expect(seen.done).toHaveLength(1);
    const take = seen.done[0]!;
    expect(await take.blob.text()).toBe('abcde');
    // The recorder's own type wins (with its codecs; the video hook cuts them off).
    expect(take.mimeType).toBe('audio/webm;codecs=opus');
    expect(take.seconds).toBe(2.5);
    // The voice owns its microphone stream: it ends with the recording.
    expect(s.tracks[0]!.stopped).toBe(true);
    // The clock stopped with the recording.
    advance(5000);
    expect(seen.ticks.length).toBe(10);
  });

  it('stops by itself at the longest length, once, and says so', () => {
    const { e, advance, timers } = env();
    const { seen, on } = events();
    const rec = startRecording(options(stream().media, { maxSeconds: 3 }), on, e)!;
    (rec.recorder as unknown as FakeRecorder).chunk('x');
    advance(10_000);
    expect(seen.auto).toBe(1);
    expect(seen.done).toHaveLength(1);
    expect(seen.done[0]!.seconds).toBe(3);
    expect(seen.ticks.at(-1)).toBe(3);
    expect(timers.size).toBe(0);
  });

  it('a recording without a byte is reported empty, not as a take', () => {
    const { e, advance } = env();
    const { seen, on } = events();
    const rec = startRecording(options(stream().media), on, e)!;
    advance(2000);
    rec.stop();
    expect(seen.done).toHaveLength(0);
    expect(seen.empty).toEqual([2]);
  });

  it('a camera stream stays on after the recording (the preview goes on); the named type is the fallback', () => {
    const { e } = env();
    const { seen, on } = events();
    const s = stream();
    const rec = startRecording(
      { ...options(s.media, { ownsStream: false }), type: undefined, fallbackType: 'video/webm' },
      on,
      e,
    )!;
    expect((rec.recorder as unknown as FakeRecorder).options).toBeUndefined();
    (rec.recorder as unknown as FakeRecorder).chunk('frame');
    rec.stop();
    expect(seen.done[0]!.mimeType).toBe('video/webm');
    expect(s.tracks[0]!.stopped).toBe(false);
  });

  it('passes further options (the video bitrate) along with the chosen type', () => {
    const { e } = env();
    const rec = startRecording(
      { ...options(stream().media, { type: 'video/mp4' }), options: { videoBitsPerSecond: 2_500_000 } },
      events().on,
      e,
    )!;
    expect((rec.recorder as unknown as FakeRecorder).options).toEqual({
      mimeType: 'video/mp4',
      videoBitsPerSecond: 2_500_000,
    });
  });

  it('cancel (the page goes) ends recorder, clock and owned stream and hands nothing over', () => {
    const { e, advance, timers } = env();
    const { seen, on } = events();
    const s = stream();
    const rec = startRecording(options(s.media), on, e)!;
    (rec.recorder as unknown as FakeRecorder).chunk('abc');
    advance(1000);
    rec.cancel();
    expect(rec.recorder.state).toBe('inactive');
    expect(seen.done).toHaveLength(0);
    expect(seen.empty).toHaveLength(0);
    expect(timers.size).toBe(0);
    expect(s.tracks[0]!.stopped).toBe(true);
  });

  it('a recorder error stops the clock and is reported', () => {
    const { e, advance, timers } = env();
    const { seen, on } = events();
    const rec = startRecording(options(stream().media), on, e)!;
    (rec.recorder as unknown as FakeRecorder).onerror?.();
    expect(seen.errors).toBe(1);
    expect(timers.size).toBe(0);
    advance(1000);
    expect(seen.ticks).toHaveLength(0);
  });

  it('a browser that refuses to make the recorder gets null, and an owned stream is ended', () => {
    const { e } = env();
    const s = stream();
    FakeRecorder.refuse = true;
    try {
      expect(startRecording(options(s.media), events().on, e)).toBeNull();
    } finally {
      FakeRecorder.refuse = false;
    }
    expect(s.tracks[0]!.stopped).toBe(true);
  });
});
