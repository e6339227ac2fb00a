/**
 * End-of-turn detection by voice activity: frame energy against an adaptive noise floor. A turn
 * starts after a short run of voiced frames and ends after `silenceMs` without voice.
 */
export type TurnOptions = {
  sampleRate: number;
  /** Silence after speech that ends a turn. */
  silenceMs?: number;
  /** Voiced time a turn needs to count as an answer (coughs and clicks do not). */
  minVoicedMs?: number;
  /** Longest turn before it is cut, so a monologue is still transcribed in pieces. */
  maxTurnMs?: number;
  /** Lowest level that counts as voice (RMS, 0..1). */
  minLevel?: number;
};

/** `voiceEnd`: stream position (in samples pushed so far) where the last voiced frame ended. */
export type EndedTurn = { samples: Int16Array; voicedMs: number; durationMs: number; voiceEnd: number };

const FRAME_MS = 20;
const PRE_ROLL_MS = 200;

export class TurnDetector {
  private readonly frame: number;
  private readonly silenceMs: number;
  private readonly minVoicedMs: number;
  private readonly maxTurnMs: number;
  private readonly minLevel: number;
  private carry = new Int16Array(0);
  private noiseFloor = 0.002;
  private recent: boolean[] = [];
  private preRoll: Int16Array[] = [];
  private turn: Int16Array[] | null = null;
  private turnMs = 0;
  private voicedMs = 0;
  private silentMs = 0;
  private consumed = 0;
  private voiceEnd = 0;

  onSpeechStart: () => void = () => {};
  onTurnEnd: (turn: EndedTurn) => void = () => {};

  constructor(opts: TurnOptions) {
    this.frame = Math.round((opts.sampleRate * FRAME_MS) / 1000);
    this.silenceMs = opts.silenceMs ?? 700;
    this.minVoicedMs = opts.minVoicedMs ?? 300;
    this.maxTurnMs = opts.maxTurnMs ?? 60_000;
    this.minLevel = opts.minLevel ?? 0.01;
  }

  get speaking(): boolean {
    return this.turn !== null;
  }

  push(samples: Int16Array): void {
    const all = new Int16Array(this.carry.length + samples.length);
    all.set(this.carry);
    all.set(samples, this.carry.length);
    let i = 0;
    for (; i + this.frame <= all.length; i += this.frame) this.frameIn(all.subarray(i, i + this.frame));
    this.carry = all.slice(i);
  }

  private frameIn(frame: Int16Array): void {
    const level = frameRms(frame);
    const voiced = level > Math.max(this.minLevel, this.noiseFloor * 4);
    this.consumed += frame.length;
    if (voiced) this.voiceEnd = this.consumed;
    if (!voiced) this.noiseFloor = this.noiseFloor * 0.98 + level * 0.02;
    this.recent.push(voiced);
    if (this.recent.length > 5) this.recent.shift();

    if (!this.turn) {
      this.preRoll.push(frame.slice());
      if (this.preRoll.length > PRE_ROLL_MS / FRAME_MS) this.preRoll.shift();
      if (this.recent.filter(Boolean).length >= 3) {
        this.turn = this.preRoll;
        this.preRoll = [];
        this.turnMs = this.turn.length * FRAME_MS;
        this.voicedMs = FRAME_MS * 3;
        this.silentMs = 0;
        this.onSpeechStart();
      }
      return;
    }
    this.turn.push(frame.slice());
    this.turnMs += FRAME_MS;
    if (voiced) {
      this.voicedMs += FRAME_MS;
      this.silentMs = 0;
    } else {
      this.silentMs += FRAME_MS;
    }
    if (this.silentMs >= this.silenceMs || this.turnMs >= this.maxTurnMs) this.finish();
  }

  private finish(): void {
    const frames = this.turn!;
    this.turn = null;
    this.recent = [];
    if (this.voicedMs < this.minVoicedMs) return;
    const samples = new Int16Array(frames.reduce((n, f) => n + f.length, 0));
    let pos = 0;
    for (const f of frames) {
      samples.set(f, pos);
      pos += f.length;
    }
    this.onTurnEnd({ samples, voicedMs: this.voicedMs, durationMs: this.turnMs, voiceEnd: this.voiceEnd });
  }
}

function frameRms(frame: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  return Math.sqrt(sum / frame.length) / 32768;
}
