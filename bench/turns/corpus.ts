import {
  buildClip,
  finished,
  pauses,
  RATE,
  singles,
  speeds,
  stories,
  unfinished,
  voices,
  type Clip,
  type ClipSpec,
} from '../../server/interview/testing/corpus';

/** The conditions and cases of bench/turns (shared by run.ts and trace.ts). */
export type Condition = { name: string; noise: ClipSpec['noise']; phone?: boolean };
export const allConditions: Condition[] = [
  { name: 'quiet', noise: null },
  ...(['pink', 'brown', 'babble'] as const).flatMap((kind) =>
    [20, 10, 5].map((snrDb) => ({ name: `${kind} ${snrDb} dB`, noise: { kind, snrDb } })),
  ),
  { name: 'phone band, quiet', noise: null, phone: true },
  { name: 'phone band, pink 10 dB', noise: { kind: 'pink', snrDb: 10 }, phone: true },
];

export function conditions(only?: string[]): Condition[] {
  return only ? allConditions.filter((c) => only.includes(c.name)) : allConditions;
}

/**
 * `finished`: two sentences with a breath (0.3 s) or a long pause (0.8 s), as before issue 27;
 * `between`: two sentences with 0.6/1.0/1.5 s between them, measured from the last voiced sample;
 * `single`: one sentence; `story`: 3–6 sentences, 0.6 or 1.0 s after the first, 1.0 s after each later one.
 */
export type Case = {
  condition: string;
  kind: 'unfinished' | 'finished' | 'between' | 'single' | 'story';
  pause: number;
  clip: Clip;
};

/** Pauses between finished sentences (issue 27). */
export const sentencePauses = [0.6, 1.0, 1.5];
export const LATER_PAUSE = 1.0;

/** How many answers of each kind a shorter run takes (a kind left out: none of it). */
export type Limit = { unfinished: number; finished: number; between?: number; singles?: number; stories?: number };

/**
 * Every unfinished answer at every pause, every finished one with 0.3 and 0.8 s between its
 * sentences, the finished ones again with 0.6/1.0/1.5 s, the one-sentence answers and the stories;
 * with `limit` the first few of each.
 */
export function benchCases(list: Condition[], limit?: Limit): Case[] {
  const cases: Case[] = [];
  for (const condition of list) {
    const pairs: ['unfinished' | 'finished', [string, string]][] = [
      ...unfinished.slice(0, limit?.unfinished).map((p) => ['unfinished', p] as ['unfinished', [string, string]]),
      ...finished.slice(0, limit?.finished).map((p) => ['finished', p] as ['finished', [string, string]]),
    ];
    let n = 0;
    for (const [kind, [first, second]] of pairs) {
      // After a finished sentence a long pause rightly ends the answer; 0.3 and 0.8 s say enough there.
      for (const pause of kind === 'finished' ? pauses.filter((p) => p < 1) : pauses) {
        const spec: ClipSpec = {
          first,
          second,
          pause,
          voice: voices[n % voices.length],
          wpm: speeds[Math.floor(n / voices.length) % speeds.length],
          noise: condition.noise,
          phone: condition.phone,
          leadMs: 3000,
          tailMs: 4000,
        };
        cases.push({ condition: condition.name, kind, pause, clip: buildClip(spec, `${condition.name}#${n}`) });
        n++;
      }
    }
    const style = () => ({
      voice: voices[n % voices.length],
      wpm: speeds[Math.floor(n / voices.length) % speeds.length],
      noise: condition.noise,
      phone: condition.phone,
      leadMs: 3000,
      tailMs: 4000,
    });
    for (const [first, second] of finished.slice(0, limit ? (limit.between ?? 0) : undefined)) {
      for (const pause of sentencePauses) {
        cases.push({
          condition: condition.name,
          kind: 'between',
          pause,
          clip: buildClip({ first, second, pause, ...style() }, `${condition.name}#${n}`),
        });
        n++;
      }
    }
    for (const first of singles.slice(0, limit ? (limit.singles ?? 0) : undefined)) {
      cases.push({
        condition: condition.name,
        kind: 'single',
        pause: 0,
        clip: buildClip({ first, second: '', pause: 0, ...style() }, `${condition.name}#${n}`),
      });
      n++;
    }
    // Every story twice (other voice and speed), once with 0.6 s and once with 1.0 s after its first sentence.
    for (const firstPause of [0.6, 1.0]) {
      for (const [first, second, ...rest] of stories.slice(0, limit ? (limit.stories ?? 0) : undefined)) {
        const spec: ClipSpec = {
          first: first!,
          second: second!,
          pause: firstPause,
          more: rest.map((text) => ({ text, pause: LATER_PAUSE })),
          ...style(),
        };
        cases.push({
          condition: condition.name,
          kind: 'story',
          pause: firstPause,
          clip: buildClip(spec, `${condition.name}#${n}`),
        });
        n++;
      }
    }
  }
  return cases;
}

/** Where the first question came, in samples of the clip (null: none), and the interruption's delay. */
export type Outcome = Case & { questionAt: number | null; bargeInMs?: number | null };

/** The p-th percentile (0–100) of xs; NaN when empty. */
export const pct = (xs: number[], p: number) =>
  xs.length
    ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!
    : Number.NaN;
const sec = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`);

/**
 * The table of bench/turns: the columns of issue 19 (kept as they were, over its cases) and those
 * of issue 27 (pauses between finished sentences, one-sentence answers, stories).
 */
export function table(outcomes: Outcome[], names: string[]): string[][] {
  const rows: string[][] = [
    [
      'condition',
      'false cuts (unfinished, pauses ≤ 2 s)',
      'false cuts (2 sentences, 0.3 s breath)',
      'turn taken after a finished sentence (pause ≥ 0.8 s)',
      'missed ends (> 3 s)',
      'latency p50',
      'latency p95',
      'barge-in p50',
      'false cuts between sentences (≤ 1.0 s after the first)',
      'later 1.0 s pauses that ended the story',
      'ended at a 1.5 s pause',
      'latency ≥ 2 sentences p50',
      'latency ≥ 2 sentences p95',
      'one sentence: latency p50 / max',
    ],
  ];
  for (const name of names) {
    const rs = outcomes.filter((r) => r.condition === name);
    const early = (r: Outcome) => r.questionAt !== null && r.questionAt < r.clip.answerEnd;
    const latency = (r: Outcome) => ((r.questionAt! - r.clip.answerEnd) / RATE) * 1000;
    const share = (xs: Outcome[], f: (r: Outcome) => boolean) => `${xs.filter(f).length}/${xs.length}`;
    const old = rs.filter((r) => r.kind === 'unfinished' || r.kind === 'finished');
    const unf = rs.filter((r) => r.kind === 'unfinished');
    const breath = rs.filter((r) => r.kind === 'finished' && r.pause < 0.5);
    const fin = rs.filter((r) => r.kind === 'finished' && r.pause >= 0.5);
    const ended = rs.filter((r) => !early(r));
    const missed = ended.filter((r) => r.questionAt === null || latency(r) > 3000);
    const oldLatency = old.filter((r) => !early(r) && r.questionAt !== null).map(latency);
    const barge = rs.map((r) => r.bargeInMs).filter((x): x is number => typeof x === 'number');
    // In which pause a cut fell (0: after the first sentence).
    const cutIn = (r: Outcome) => (early(r) ? r.clip.pauses.findLastIndex((p) => p.start <= r.questionAt!) : -1);
    const firstPause = [
      ...rs.filter((r) => r.kind === 'between' && r.pause <= 1.0),
      ...rs.filter((r) => r.kind === 'story'),
    ];
    const stories = rs.filter((r) => r.kind === 'story');
    // Later pauses reached: a story cut in pause k reached pauses 1..k; one not cut reached all of them.
    let laterPauses = 0;
    let laterCuts = 0;
    for (const r of stories) {
      const k = cutIn(r);
      if (k === 0) continue;
      laterPauses += k > 0 ? k : r.clip.pauses.length - 1;
      if (k > 0) laterCuts++;
    }
    const long = rs.filter((r) => r.kind === 'between' && r.pause > 1.0);
    const two = rs
      .filter(
        (r) =>
          (r.kind === 'finished' || r.kind === 'between' || r.kind === 'story') && !early(r) && r.questionAt !== null,
      )
      .map(latency);
    const one = rs.filter((r) => r.kind === 'single' && r.questionAt !== null && !early(r)).map(latency);
    rows.push([
      name,
      share(unf, early),
      share(breath, early),
      share(fin, early),
      `${missed.length}/${ended.length}`,
      sec(pct(oldLatency, 50)),
      sec(pct(oldLatency, 95)),
      sec(pct(barge, 50)),
      share(firstPause, (r) => cutIn(r) === 0),
      laterPauses ? `${laterCuts}/${laterPauses} (${((laterCuts / laterPauses) * 100).toFixed(0)} %)` : '–',
      share(long, early),
      sec(pct(two, 50)),
      sec(pct(two, 95)),
      `${sec(pct(one, 50))} / ${sec(one.length ? Math.max(...one) : Number.NaN)}`,
    ]);
  }
  return rows;
}

export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [i, r] of rows.entries()) {
    console.log(`| ${r.map((c, j) => c.padEnd(widths[j]!)).join(' | ')} |`);
    if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  }
}
