import { buildClip, finished, pauses, speeds, unfinished, voices, type Clip, type ClipSpec } from '../../server/voice/testing/corpus';

/** The conditions and cases of bench/turns (shared by run.ts and trace.ts). */
export type Condition = { name: string; noise: ClipSpec['noise']; phone?: boolean };
export const allConditions: Condition[] = [
  { name: 'quiet', noise: null },
  ...(['pink', 'brown', 'babble'] as const).flatMap((kind) => [20, 10, 5].map((snrDb) => ({ name: `${kind} ${snrDb} dB`, noise: { kind, snrDb } }))),
  { name: 'phone band, quiet', noise: null, phone: true },
  { name: 'phone band, pink 10 dB', noise: { kind: 'pink', snrDb: 10 }, phone: true },
];

export function conditions(only?: string[]): Condition[] {
  return only ? allConditions.filter((c) => only.includes(c.name)) : allConditions;
}

export type Case = { condition: string; kind: 'unfinished' | 'finished'; pause: number; clip: Clip };

/** Every unfinished answer at every pause, every finished one with 0.3 and 0.8 s between its sentences. */
export function benchCases(list: Condition[], limit?: { unfinished: number; finished: number }): Case[] {
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
        const spec: ClipSpec = { first, second, pause, voice: voices[n % voices.length], wpm: speeds[Math.floor(n / voices.length) % speeds.length], noise: condition.noise, phone: condition.phone, leadMs: 3000, tailMs: 4000 };
        cases.push({ condition: condition.name, kind, pause, clip: buildClip(spec, `${condition.name}#${n}`) });
        n++;
      }
    }
  }
  return cases;
}
