import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeWav, encodeWav } from '../audio';

/**
 * A generated corpus of spoken German answers for the turn detector's tests and `bench/turns`:
 * espeak-ng voices at several speeds, sox for resampling, noise and a phone band. Every clip
 * records what is said where, so a loopback transcription server can answer with the words a
 * piece of audio holds (see `wordsIn`).
 */
export const RATE = 16000;

export type Phrase = { text: string; start: number; end: number };
/** `pauses`: every pause between two parts (the first is `pauseStart`–`pauseEnd`). */
export type Clip = {
  id: string;
  samples: Int16Array;
  phrases: Phrase[] /** sample where the answer's voice ends */;
  answerEnd: number;
  pauseStart: number;
  pauseEnd: number;
  pauses: { start: number; end: number }[];
};
export type NoiseKind = 'pink' | 'brown' | 'babble';
export type ClipSpec = {
  first: string;
  second: string;
  pause: number;
  voice?: string;
  wpm?: number;
  noise?: { kind: NoiseKind; snrDb: number } | null;
  phone?: boolean;
  leadMs?: number;
  tailMs?: number;
  /** Further sentences after `second`, each after its pause (stories of 3–6 sentences). `second: ''`: a one-sentence answer. */
  more?: { text: string; pause: number }[];
  /** espeak's own silence before and after each part is kept (the pause is added to it), as a fake microphone plays it. */
  untrimmed?: boolean;
};

/** Answers in two parts with a pause between: unfinished clauses go on, finished sentences are complete. */
export const unfinished: [string, string][] = [
  [
    'Ich habe Maschinenbau studiert, weil',
    'mich Motoren und Getriebe schon als Kind fasziniert haben, besonders die alten Traktoren.',
  ],
  ['Am Anfang war das Projekt schwierig, aber', 'mit der Zeit hat das Team gut zusammengefunden.'],
  ['Wir haben dann im Versuch gemerkt, dass', 'die Lager viel zu heiß werden.'],
  ['Und dann kam, ähm', 'der Moment, in dem alles funktioniert hat.'],
  ['Das Projekt lief zwei Jahre und', 'am Ende hatten wir einen fertigen Prototyp.'],
  ['Nach dem Studium bin ich zu einem Zulieferer gegangen, obwohl', 'ich eigentlich lieber in die Forschung wollte.'],
  ['Mein erstes Projekt war eine Pumpe für', 'ein Klärwerk in der Nähe von Hannover.'],
  ['Das Schwierigste war, ähm', 'die Kunden davon zu überzeugen.'],
  ['Wir haben das Gehäuse aus Aluminium gebaut, weil', 'es leichter ist und die Wärme besser ableitet.'],
  ['Meine Chefin hat damals gesagt, dass', 'ich das Projekt übernehmen soll.'],
  ['Ich glaube, das lag vor allem an der', 'guten Zusammenarbeit mit der Fertigung.'],
  ['Zuerst haben wir alles simuliert, und', 'danach haben wir den ersten Prüfstand aufgebaut.'],
  ['Das hat mich gereizt, weil ich', 'schon immer gern mit den Händen gearbeitet habe.'],
];
export const finished: [string, string][] = [
  ['Ich arbeite seit zehn Jahren als Ingenieurin.', 'Heute leite ich ein kleines Team in Bremen.'],
  ['Das Getriebe läuft jetzt ohne Ölwechsel.', 'Darauf bin ich wirklich stolz.'],
  ['Mein Großvater hat mir das Löten beigebracht.', 'Seitdem repariere ich alte Radios.'],
  ['Ich komme aus Stuttgart.', 'Dort habe ich auch studiert.'],
];
/** Answers of one sentence: the question must still come soon after them. */
export const singles = [
  'Ich bin Maschinenbauingenieurin und arbeite in Bremen.',
  'Am liebsten entwickle ich Prüfstände für Getriebe.',
  'Mein Großvater war Elektriker.',
  'Das war vor ungefähr zwölf Jahren in Stuttgart.',
  'Wir bauen Pumpen für Klärwerke.',
  'Ich leite ein Team von acht Leuten.',
];
/** Stories of three to six finished sentences, told with pauses between them. */
export const stories = [
  [
    'Ich habe Maschinenbau in Aachen studiert.',
    'Danach habe ich bei einem Zulieferer angefangen, zuerst in der Konstruktion.',
    'Heute leite ich dort die Entwicklung.',
  ],
  [
    'Mein erstes Projekt war eine Pumpe für ein Klärwerk.',
    'Die Pumpe lief am Anfang viel zu heiß.',
    'Wir haben drei Monate nach dem Fehler gesucht.',
    'Am Ende war es ein falsch eingebautes Lager.',
  ],
  [
    'Als Kind habe ich mit meinem Großvater Radios repariert.',
    'Er hatte eine kleine Werkstatt im Keller.',
    'Dort habe ich zum ersten Mal gelötet.',
    'Seitdem lässt mich die Technik nicht mehr los.',
    'Deshalb habe ich später Elektrotechnik studiert.',
  ],
  [
    'Unser Team baut Getriebe für Windkraftanlagen.',
    'Die Anlagen stehen vor allem in der Nordsee.',
    'Dort ist die Wartung sehr teuer.',
    'Deshalb müssen die Getriebe zwanzig Jahre halten.',
    'Wir testen jedes Getriebe auf einem eigenen Prüfstand.',
    'Darauf bin ich wirklich stolz.',
  ],
];
export const voices = ['de', 'de+f3', 'de+m4'];
export const speeds = [150, 175, 205];
export const pauses = [0.3, 0.8, 1.2, 2.0];

const work = mkdtempSync(path.join(tmpdir(), 'turn-corpus-'));
process.once('exit', () => rmSync(work, { recursive: true, force: true }));
let fileNo = 0;
const tmp = (ext: string) => path.join(work, `${process.pid}-${fileNo++}.${ext}`);

function readWav(file: string): Int16Array {
  const { samples, sampleRate } = decodeWav(readFileSync(file));
  if (sampleRate !== RATE) throw new Error(`expected ${RATE} Hz, got ${sampleRate}`);
  return samples;
}

const spoken = new Map<string, Int16Array>();
/** espeak-ng speech at 16 kHz, cut to its voice (sox). */
export function speak(text: string, voice = 'de', wpm = 175, untrimmed = false): Int16Array {
  const key = `${voice}|${wpm}|${untrimmed}|${text}`;
  const cached = spoken.get(key);
  if (cached) return cached;
  const raw = tmp('wav');
  const out = tmp('wav');
  execFileSync('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', raw, text]);
  execFileSync('sox', [raw, '-r', String(RATE), '-b', '16', '-c', '1', out]);
  const samples = untrimmed ? readWav(out) : trimSilence(readWav(out));
  rmSync(raw);
  rmSync(out);
  spoken.set(key, samples);
  return samples;
}

/** Without the silence espeak puts before and after the voice. */
function trimSilence(samples: Int16Array): Int16Array {
  const win = RATE / 100;
  const loud = (i: number) => {
    let sum = 0;
    for (let j = i; j < Math.min(samples.length, i + win); j++) sum += samples[j]! * samples[j]!;
    return Math.sqrt(sum / win) > 200;
  };
  let start = 0;
  while (start < samples.length && !loud(start)) start += win;
  let end = samples.length - win;
  while (end > start && !loud(end)) end -= win;
  return samples.slice(Math.max(0, start - win), Math.min(samples.length, end + 2 * win));
}

const noises = new Map<NoiseKind, Float64Array>();
/** 30 s of noise at unit RMS: sox's pink and brown noise, or four espeak voices talking at once. */
export function noise(kind: NoiseKind): Float64Array {
  const cached = noises.get(kind);
  if (cached) return cached;
  let samples: Int16Array;
  if (kind === 'babble') {
    const talk = [
      'Gestern war ich mit den Kindern im Park, und danach haben wir Eis gegessen, das war schön.',
      'Die Sitzung am Montag wurde verschoben, weil der Raum belegt war und niemand Bescheid wusste.',
      'Kannst du mir bitte den Zucker geben? Der Kaffee ist heute wirklich sehr stark geworden.',
      'Im Urlaub fahren wir wieder an die Nordsee, dort ist es im Sommer nicht so heiß wie im Süden.',
    ];
    const parts = talk.map((t, i) => speak(`${t} ${t} ${t}`, voices[i % voices.length]!, 160 + i * 15));
    const length = RATE * 30;
    samples = new Int16Array(length);
    for (let i = 0; i < length; i++) {
      let sum = 0;
      parts.forEach((p, k) => (sum += p[(i + k * 7919) % p.length]! / 2));
      samples[i] = Math.max(-32768, Math.min(32767, sum));
    }
  } else {
    const out = tmp('wav');
    execFileSync('sox', [
      '-n',
      '-r',
      String(RATE),
      '-b',
      '16',
      '-c',
      '1',
      out,
      'synth',
      '30',
      kind === 'pink' ? 'pinknoise' : 'brownnoise',
      'vol',
      '0.5',
    ]);
    samples = readWav(out);
    rmSync(out);
  }
  const level = rmsOf(samples, 0, samples.length);
  const unit = Float64Array.from(samples, (s) => s / level);
  noises.set(kind, unit);
  return unit;
}

function rmsOf(s: ArrayLike<number>, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += s[i]! * s[i]!;
  return Math.sqrt(sum / Math.max(1, end - start));
}

/** Level of the speech while it is active (frames within 35 dB of the loudest). */
function activeLevel(samples: Int16Array): number {
  const win = RATE / 50;
  const levels: number[] = [];
  for (let i = 0; i + win <= samples.length; i += win) levels.push(rmsOf(samples, i, i + win));
  const max = Math.max(...levels);
  const active = levels.filter((l) => l > max / 56);
  return Math.sqrt(active.reduce((n, l) => n + l * l, 0) / active.length);
}

/** Telephone band (300–3400 Hz) by sox. */
function phoneBand(samples: Int16Array): Int16Array {
  const inp = tmp('wav');
  const out = tmp('wav');
  writeFileSync(inp, encodeWav(samples, RATE));
  execFileSync('sox', [inp, out, 'sinc', '300-3400']);
  const filtered = readWav(out);
  rmSync(inp);
  rmSync(out);
  return filtered;
}

/** One answer: lead silence, first part, pause, second part (and more), tail; with noise over all of it. */
export function buildClip(spec: ClipSpec, id = ''): Clip {
  const voice = spec.voice ?? 'de';
  const wpm = spec.wpm ?? 175;
  const parts = [
    { text: spec.first, pause: 0 },
    ...(spec.second ? [{ text: spec.second, pause: spec.pause }] : []),
    ...(spec.more ?? []),
  ].map((p) => ({ ...p, audio: speak(p.text, voice, wpm, spec.untrimmed) }));
  // The same spec gives the same clip: noise offset and dither come from a generator seeded by it.
  const random = seeded(`${id}|${JSON.stringify(spec)}`);
  const lead = Math.round(((spec.leadMs ?? 1000) / 1000) * RATE);
  const tail = Math.round(((spec.tailMs ?? 4000) / 1000) * RATE);
  const phrases: Phrase[] = [];
  let pos = lead;
  for (const p of parts) {
    pos += Math.round(p.pause * RATE);
    phrases.push({ text: p.text, start: pos, end: pos + p.audio.length });
    pos += p.audio.length;
  }
  const speech = new Int16Array(pos + tail);
  parts.forEach((p, i) => speech.set(p.audio, phrases[i]!.start));
  let mix: Int16Array = speech;
  if (spec.noise) {
    const n = noise(spec.noise.kind);
    const gain = activeLevel(concatAll(...parts.map((p) => p.audio))) / 10 ** (spec.noise.snrDb / 20);
    const offset = Math.floor(random() * n.length);
    mix = Int16Array.from(speech, (s, i) =>
      Math.max(-32768, Math.min(32767, Math.round(s + n[(i + offset) % n.length]! * gain))),
    );
  }
  if (spec.phone) mix = phoneBand(mix);
  // An inaudible dither makes every clip's samples its own, so a piece of audio points to one clip.
  mix = Int16Array.from(mix, (v) => Math.max(-32768, Math.min(32767, v + Math.round((random() - 0.5) * 4))));
  const pauses = phrases.slice(1).map((p, i) => ({ start: phrases[i]!.end, end: p.start }));
  const last = phrases[phrases.length - 1]!;
  return {
    id,
    samples: mix,
    phrases,
    answerEnd: last.end,
    pauseStart: pauses[0]?.start ?? last.end,
    pauseEnd: pauses[0]?.end ?? last.end,
    pauses,
  };
}

/** A small deterministic generator (mulberry32) seeded by a string. */
function seeded(text: string): () => number {
  let a = 0;
  for (let i = 0; i < text.length; i++) a = (Math.imul(a, 31) + text.charCodeAt(i)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function concatAll(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of parts) out.set(p, pos), (pos += p.length);
  return out;
}

/**
 * Where a piece of audio lies in a clip (exact samples: the agent cuts its turns from the stream it
 * was sent), or null. The loudest 32 samples of the piece are looked up in the clip.
 */
export function locate(clip: Clip, piece: Int16Array): { start: number; end: number } | null {
  const probe = 32;
  if (piece.length < probe) return null;
  let best = 0;
  let bestLevel = -1;
  for (let i = 0; i + probe <= piece.length; i += probe) {
    const level = rmsOf(piece, i, i + probe);
    if (level > bestLevel) (bestLevel = level), (best = i);
  }
  const first = piece[best]!;
  const s = clip.samples;
  outer: for (let p = 0; p + probe <= s.length; p++) {
    if (s[p] !== first) continue;
    for (let k = 1; k < probe; k++) if (s[p + k] !== piece[best + k]) continue outer;
    const start = p - best;
    return { start, end: start + piece.length };
  }
  return null;
}

/**
 * The words a stretch of a clip holds, as a transcription would give them: whole phrases, and of a
 * phrase cut off the share of its words that was spoken.
 */
export function wordsIn(clip: Clip, range: { start: number; end: number }): string {
  const words: string[] = [];
  for (const p of clip.phrases) {
    if (p.end <= range.start || p.start >= range.end) continue;
    const all = p.text.split(/\s+/);
    const from = Math.max(p.start, range.start);
    const to = Math.min(p.end, range.end);
    if (from <= p.start + RATE * 0.1 && to >= p.end - RATE * 0.1) words.push(...all);
    else {
      // A partial phrase: the words spoken so far, without the sentence mark.
      const lo = Math.round(((from - p.start) / (p.end - p.start)) * all.length);
      const hi = Math.round(((to - p.start) / (p.end - p.start)) * all.length);
      words.push(...all.slice(lo, hi).map((w) => w.replace(/[.!?]$/, '')));
    }
  }
  return words.join(' ');
}

/** Text for a WAV (or samples) cut from one of the clips, '' when it is from none of them. */
export function transcriptOf(clips: Iterable<Clip>, piece: Int16Array): string {
  for (const clip of clips) {
    const range = locate(clip, piece);
    if (range) return wordsIn(clip, range);
  }
  return '';
}
