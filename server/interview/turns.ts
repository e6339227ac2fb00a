import { frameLevel, VAD_FRAME, VAD_RATE, type VoiceClassifier } from './vad';

/**
 * End-of-turn detection for the built-in interviewer, at 16 kHz.
 *
 * Voice comes from a trained model (Silero VAD; energy only as fallback), frame by frame. After a
 * short pause (`pauseMs`) the words so far are judged (`judge`, usually: transcribe and look at the
 * end of the last clause). A finished sentence ends the turn after `finishedMs` of silence, a clause
 * that is not finished waits up to `unfinishedMs`, words not known (empty, failed) `unknownMs`.
 * Voice coming back before that continues the same turn.
 */
export type Verdict = 'finished' | 'unfinished' | 'unknown';
export type Judgement = { verdict: Verdict; text: string };

export type TurnOptions = {
  classifier: VoiceClassifier;
  /** Judges the words of the turn so far (all its samples) at each pause. */
  judge?: (samples: Int16Array) => Promise<Judgement>;
  /** Silence after which the words are judged. */
  pauseMs?: number;
  /** Silence that ends a turn whose last sentence is finished, when it is the answer's first sentence. */
  finishedMs?: number;
  /** Silence that ends a turn after a finished sentence when the answer has two or more (default: `finishedMs`). */
  laterMs?: number;
  /** Longest silence inside an unfinished clause before the turn ends anyway. */
  unfinishedMs?: number;
  /** Silence that ends a turn whose words are not known. */
  unknownMs?: number;
  /** Silence that ends a turn whose words are still being transcribed (the transcriber is late). */
  lateMs?: number;
  /** Voiced time a turn needs to count as an answer (coughs and clicks do not). */
  minVoicedMs?: number;
  /** Longest turn before it is cut, so a monologue is still transcribed in pieces. */
  maxTurnMs?: number;
  /** Speech probability that counts as voice. */
  threshold?: number;
  /** Voiced frames (of the last five) that start a turn; more while the interviewer speaks. */
  onsetFrames?: number;
  /** Clock in ms for the late-words fallback (default: the wall clock; the bench trace passes audio time). */
  now?: () => number;
};

/** `voiceEnd`: stream position (in samples pushed so far) where the last voiced frame ended. */
/** `position`: stream position at which the end was decided. */
/** `words`: the judgement of this last pause, still under way when the turn ended (its words are the turn's). */
export type EndedTurn = {
  samples: Int16Array;
  voicedMs: number;
  durationMs: number;
  voiceEnd: number;
  position: number;
  text: string | null;
  verdict: Verdict;
  words?: Promise<Judgement>;
  /** Silence counted when the end was decided, and the wait it had to reach (for diagnosis). */
  silenceMs: number;
  waitMs: number;
};

export type FrameTrace = {
  at: number;
  p: number;
  voiced: boolean;
  db: number;
  background: number;
  babble: number;
  silentMs: number;
};

export const FRAME_MS = (VAD_FRAME / VAD_RATE) * 1000;
const PRE_ROLL_FRAMES = 8;
/** Background level: a low percentile of frame levels over this many frames (about 5 s). */
const BACKGROUND_FRAMES = 156;
/** In a room full of talk, a frame is the speaker's only this far above the background. */
const FOREGROUND_DB = 6;
/** Extra silence before the end when the gate is on (other voices around). */
const BABBLE_MARGIN_MS = 250;
/** The same after a later finished sentence (see `finishedWait`). */
const LATER_BABBLE_MARGIN_MS = 50;
const BACKGROUND_PERCENTILE = 0.2;
/** Frames of voice this recent hold an end back (it may be the onset of the next word). */
const RESUME_HOLD_FRAMES = 3;
/** A learnt pause between sentences is waited out with this much on top … */
const LEARNT_MARGIN_MS = 150;
/** … but never longer than this (the question must still come). */
const LEARNT_MAX_MS = 1450;
/**
 * Voice within this many dB of the background at the end of speech is mostly the model's hangover
 * (its probability decays over a few frames after the voice in noise): a pause counts from the last
 * frame above it, at most `TAIL_MAX_FRAMES` back.
 */
const TAIL_DB = 4;
const TAIL_MAX_FRAMES = 8;
/** How far below the threshold running speech may fall and still count as voice. */
const HYSTERESIS = 0.15;
/**
 * In a pause, a frame this far below the threshold may be the soft onset of the next sentence (a
 * vowel or an "h" in noise): it holds the end back for up to `MAYBE_HOLD_MS`, so the onset has the
 * frames it needs to be heard as voice.
 */
const MAYBE_DELTA = 0.25;
const MAYBE_HOLD_MS = 200;

export class TurnDetector {
  private readonly o: Required<Omit<TurnOptions, 'judge' | 'laterMs' | 'now'>> & Pick<TurnOptions, 'judge' | 'laterMs'>;
  private readonly now: () => number;
  private carry = new Int16Array(0);
  private recent: boolean[] = [];
  /** The last frames' "may be voice" (see `MAYBE_DELTA`). */
  private maybe: boolean[] = [];
  private preRoll: Int16Array[] = [];
  private turn: Int16Array[] | null = null;
  private turnMs = 0;
  private voicedMs = 0;
  private silentMs = 0;
  /** Voiced frames since the last one that stood out from the background (see `TAIL_DB`). */
  private quietTail = 0;
  private consumed = 0;
  private voiceEnd = 0;
  /** Bumped whenever voice comes back or a turn ends: a judgement of an older pause is void. */
  private pauseId = 0;
  private judged: { id: number; result: Judgement | null } | null = null;
  /** The judgement under way (one at a time). */
  private judging: { id: number; words: Promise<Judgement>; since: number } | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Stricter onset (e.g. while the interviewer speaks: its echo must not start a turn). */
  guarded = false;
  /** Time spent in the classifier, for the benchmark's CPU figure. */
  classifierMs = 0;
  private levels: number[] = [];
  private smoothDb = 0;
  private background = 0;
  private backgroundFrames = 0;
  /** How much of the background the model takes for voice: other people talking (babble). */
  private babble = 0;
  /** Pauses after finished sentences that did not end an answer (this interview's last few). */
  private sentencePauses: number[] = [];

  onSpeechStart: () => void = () => {};
  onSpeechResume: () => void = () => {};
  onTurnEnd: (turn: EndedTurn) => void = () => {};
  /** Per-frame trace for diagnosis (bench/turns/trace.ts); null in service. */
  onFrame: ((f: FrameTrace) => void) | null = null;

  constructor(opts: TurnOptions) {
    this.o = {
      pauseMs: 200,
      finishedMs: 500,
      unfinishedMs: 2500,
      unknownMs: 1000,
      lateMs: 1500,
      minVoicedMs: 300,
      maxTurnMs: 60_000,
      threshold: 0.5,
      onsetFrames: 3,
      ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)),
    } as TurnDetector['o'];
    this.now = opts.now ?? (() => performance.now());
  }

  /** About a second of audio heard: the background is known. */
  get settled(): boolean {
    return this.consumed >= VAD_RATE;
  }

  get speaking(): boolean {
    return this.turn !== null;
  }

  get classifierName(): string {
    return this.o.classifier.name;
  }

  /** Takes samples in stream order; frames are classified one after the other. */
  push(samples: Int16Array): Promise<void> {
    const all = new Int16Array(this.carry.length + samples.length);
    all.set(this.carry);
    all.set(samples, this.carry.length);
    const frames: Int16Array[] = [];
    let i = 0;
    for (; i + VAD_FRAME <= all.length; i += VAD_FRAME) frames.push(all.slice(i, i + VAD_FRAME));
    this.carry = all.slice(i);
    this.queue = this.queue.then(async () => {
      for (const f of frames) if (!this.closed) await this.frameIn(f);
    });
    return this.queue;
  }

  close(): void {
    this.closed = true;
  }

  /** The samples of a turn still under way that holds enough voice to be an answer (null: none). */
  pending(): Int16Array | null {
    return this.turn && this.voicedMs >= this.o.minVoicedMs ? this.samplesSoFar() : null;
  }

  private async frameIn(frame: Int16Array): Promise<void> {
    const floats = Float32Array.from(frame, (s) => s / 32768);
    const started = performance.now();
    // Near-digital silence is no voice; the model need not look at it.
    const p = frameLevel(floats) < 0.0005 ? 0 : await this.o.classifier.probability(floats);
    this.classifierMs += performance.now() - started;
    const voiced = this.foreground(floats, p, this.o.threshold);
    // Hysteresis (as Silero's own iterator): inside running speech a lower probability keeps the voice
    // going, so soft word endings in noise do not open a pause; onsets still need the full threshold.
    const continuing =
      !voiced &&
      this.turn !== null &&
      this.silentMs < this.o.pauseMs &&
      this.foreground(floats, p, this.o.threshold - HYSTERESIS, false);
    this.consumed += frame.length;
    this.onFrame?.({
      at: this.consumed,
      p,
      voiced,
      db: this.levels[this.levels.length - 1]!,
      background: this.background,
      babble: this.babble,
      silentMs: this.silentMs,
    });
    const onset = this.remember(
      voiced,
      voiced || continuing || this.foreground(floats, p, this.o.threshold - MAYBE_DELTA, false),
    );
    if (!this.turn) return this.awaitOnset(frame, onset);
    this.turn.push(frame);
    this.turnMs += FRAME_MS;
    if (voiced || continuing) this.voiceGoesOn(onset);
    else this.silenceGoesOn();
    if (this.turnMs >= this.o.maxTurnMs) return this.finish('unknown', null, this.o.maxTurnMs);
    // One judgement at a time: a slow transcriber is asked about the latest pause, not about every one.
    if (this.silentMs >= this.o.pauseMs && !this.judged && !this.judging) this.startJudging();
    this.decide();
  }

  /** Keeps the last frames' voice and "may be voice"; true when they make an onset. */
  private remember(voiced: boolean, maybe: boolean): boolean {
    this.recent.push(voiced);
    if (this.recent.length > 5) this.recent.shift();
    this.maybe.push(maybe);
    if (this.maybe.length > 2) this.maybe.shift();
    return this.recent.filter(Boolean).length >= (this.guarded ? Math.max(this.o.onsetFrames, 4) : this.o.onsetFrames);
  }

  /** Between turns: the frame joins the pre-roll, and an onset starts a turn with it. */
  private awaitOnset(frame: Int16Array, onset: boolean): void {
    this.preRoll.push(frame);
    // While the background is learnt no turn starts: keep that first second, an answer may begin in it.
    while (this.preRoll.length > (this.settled ? PRE_ROLL_FRAMES : VAD_RATE / VAD_FRAME + 1)) this.preRoll.shift();
    // In the first second the background is being learnt: voices in the room would look like a turn.
    if (!onset || !this.settled) return;
    this.turn = this.preRoll;
    this.preRoll = [];
    this.turnMs = this.turn.length * FRAME_MS;
    this.voicedMs = FRAME_MS * this.o.onsetFrames;
    this.silentMs = 0;
    this.judged = null;
    this.pauseId++;
    this.voiceEnd = this.consumed;
    this.onSpeechStart();
  }

  /** A voiced frame in a turn: the voice goes on, or comes back after a pause. */
  private voiceGoesOn(onset: boolean): void {
    this.voicedMs += FRAME_MS;
    const loud = this.smoothDb > this.background + TAIL_DB;
    // Voice after a pause: the same turn goes on, whatever was judged is void.
    if (this.silentMs >= this.o.pauseMs && onset) {
      // A pause after a finished sentence that did not end the answer: how long this person pauses
      // between sentences (until the first voiced frame, not the onset's further frames).
      if (this.judged?.result?.verdict === 'finished') {
        const first = this.recent.indexOf(true);
        this.learnPause(this.silentMs - (this.recent.length - 1 - first) * FRAME_MS);
      }
      this.pauseId++;
      this.judged = null;
      this.silentMs = 0;
      this.quietTail = loud ? 0 : 1;
      this.voiceEnd = this.consumed;
      this.onSpeechResume();
    } else if (this.silentMs < this.o.pauseMs) {
      this.silentMs = 0;
      this.quietTail = loud ? 0 : this.quietTail + 1;
      this.voiceEnd = this.consumed;
    } else {
      this.silentMs += FRAME_MS;
    }
  }

  /** A silent frame in a turn: the pause grows. */
  private silenceGoesOn(): void {
    // The pause begins at the last voice that stood out from the background.
    if (this.silentMs === 0) this.silentMs = Math.min(this.quietTail, TAIL_MAX_FRAMES) * FRAME_MS;
    this.silentMs += FRAME_MS;
  }

  /**
   * Voice of the person speaking to us: the model hears voice, and when the background itself is
   * voices (a café, an open-plan office), the frame also stands out above that background.
   */
  private foreground(frame: Float32Array, p: number, threshold: number, learn = true): boolean {
    if (!learn) {
      if (p < threshold) return false;
      return this.babble < 0.5 || this.smoothDb > this.background + FOREGROUND_DB;
    }
    const db = 20 * Math.log10(frameLevel(frame) + 1e-9);
    this.smoothDb = this.levels.length ? this.smoothDb * 0.6 + db * 0.4 : db;
    this.levels.push(db);
    if (this.levels.length > BACKGROUND_FRAMES) this.levels.shift();
    const background = [...this.levels].sort((a, b) => a - b)[Math.floor(this.levels.length * BACKGROUND_PERCENTILE)]!;
    this.background = background;
    // Learnt outside the speaker's turns only: the soft ends of their own words lie near the background
    // in low noise and would count as other voices (the gate would then drop those ends).
    if (db < background + 2 && !this.turn) {
      // A running mean over the first background frames, then a slow average: known within the first second.
      const rate = Math.max(0.05, 1 / ++this.backgroundFrames);
      this.babble = this.babble * (1 - rate) + (p >= this.o.threshold ? rate : 0);
    }
    if (p < threshold) return false;
    return this.babble < 0.5 || this.smoothDb > background + FOREGROUND_DB;
  }

  private startJudging(): void {
    const id = this.pauseId;
    const judged = { id, result: null as Judgement | null };
    this.judged = judged;
    if (!this.o.judge) {
      // Nothing can judge the words: the pause alone decides.
      judged.result = { verdict: 'finished', text: '' };
      return;
    }
    const samples = this.samplesSoFar();
    const words = this.o.judge(samples).catch((): Judgement => ({ verdict: 'unknown', text: '' }));
    this.judging = { id, words, since: this.now() };
    void words.then((result) => {
      judged.result = result;
      this.judging = null;
      this.queue = this.queue.then(() => {
        if (this.closed || !this.turn) return;
        // The verdict may already allow the end: decide now, not at the next frame.
        if (this.judged === judged) return this.decide();
        // Voice came back while this was judged and the turn is in a pause again: judge that pause.
        if (!this.judged && this.silentMs >= this.o.pauseMs) this.startJudging();
      });
    });
  }

  /** Ends the turn when the silence is long enough for what was said. */
  private decide(): void {
    if (!this.turn || this.silentMs < this.o.pauseMs) return;
    const silence = this.silentMs;
    // Voice in the last frames may be the next word starting (a soft fricative in noise): no end until its onset is decided.
    if (silence < this.o.unfinishedMs && this.recent.slice(-RESUME_HOLD_FRAMES).some(Boolean)) return;
    const result = this.judged?.result;
    if (!result) {
      // Words still being transcribed (a slow local model): the pause alone decides after `lateMs`,
      // counted on the clock as well, since a detector that fell behind (busy machine) catches up in bursts.
      const waited = this.judging ? this.now() - this.judging.since : 0;
      if (silence >= this.o.unfinishedMs || (silence >= this.o.lateMs && waited >= this.o.lateMs - this.o.pauseMs))
        this.finish('unknown', null, this.o.lateMs);
      return;
    }
    // Among other voices the gate may take the speaker's softest syllables for background: wait a little longer.
    const margin = this.babble >= 0.5 ? BABBLE_MARGIN_MS : 0;
    // The unfinished wait is the longest there is: no margin on top, so the question still comes within 3 s.
    const needed =
      result.verdict === 'unfinished'
        ? this.o.unfinishedMs
        : result.verdict === 'finished'
          ? this.finishedWait(result.text, this.babble >= 0.5)
          : this.o.unknownMs + margin;
    if (silence < needed) return;
    // A soft onset may be under way: wait for its frames, a little.
    if (silence < needed + MAYBE_HOLD_MS && this.maybe.some(Boolean)) return;
    this.finish(result.verdict, result.text, needed);
  }

  /**
   * Patience: the first sentence of an answer is rarely the whole answer, so the pause after it may
   * be long; once two or more sentences are told, a shorter pause ends the story. Both are at least
   * a little longer than the longest pause this person has made between sentences in this interview.
   */
  private finishedWait(text: string, babble: boolean): number {
    const later = sentenceCount(text) >= 2;
    const base = later ? (this.o.laterMs ?? this.o.finishedMs) : this.o.finishedMs;
    // Among voices the first wait keeps the whole margin (no cut after a first sentence); a later one,
    // already longer than a heard 1.0 s pause, a little (bench/turns: babble 10 dB, p50 1.39 → 1.18 s).
    const margin = babble ? (later ? LATER_BABBLE_MARGIN_MS : BABBLE_MARGIN_MS) : 0;
    // A learnt pause was heard through the same gate: the margin is in it already.
    const learnt = this.sentencePauses.length ? Math.max(...this.sentencePauses) + LEARNT_MARGIN_MS : 0;
    return Math.max(base + margin, Math.min(learnt, LEARNT_MAX_MS));
  }

  private learnPause(ms: number): void {
    this.sentencePauses.push(ms);
    if (this.sentencePauses.length > 6) this.sentencePauses.shift();
  }

  private samplesSoFar(): Int16Array {
    const frames = this.turn!;
    const samples = new Int16Array(frames.length * VAD_FRAME);
    frames.forEach((f, i) => samples.set(f, i * VAD_FRAME));
    return samples;
  }

  private finish(verdict: Verdict, text: string | null, waitMs: number): void {
    const silenceMs = this.silentMs;
    const samples = this.samplesSoFar();
    const voicedMs = this.voicedMs;
    const durationMs = this.turnMs;
    const words = text === null && this.judged && this.judging?.id === this.judged.id ? this.judging.words : undefined;
    this.turn = null;
    this.recent = [];
    this.maybe = [];
    this.judged = null;
    this.pauseId++;
    if (voicedMs < this.o.minVoicedMs) return;
    this.onTurnEnd({
      samples,
      voicedMs,
      durationMs,
      voiceEnd: this.voiceEnd,
      position: this.consumed,
      text,
      verdict,
      ...(words ? { words } : {}),
      silenceMs,
      waitMs,
    });
  }
}

/** Finished sentences in a transcript (a sentence mark followed by a space or the end). */
export function sentenceCount(text: string): number {
  return (text.match(/[.!?]+(?=\s|$)/g) ?? []).length;
}
