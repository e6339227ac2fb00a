import type { Patience } from '../../common/schemas/interview';

/**
 * Silence after a finished sentence that ends an answer, per patience (issue 27), measured by
 * `bench/turns`: `firstMs` after the answer's first sentence (people telling a story pause there
 * for up to a second), `laterMs` once two or more sentences are told (the question still comes
 * within about 1.2 s). Quick is the behaviour before patience existed.
 */
export const patienceWaits: Record<Patience, { firstMs: number; laterMs: number }> = {
  patient: { firstMs: 1350, laterMs: 1150 },
  normal: { firstMs: 800, laterMs: 700 },
  quick: { firstMs: 500, laterMs: 500 },
};

/** The waits of a patience; `VOICE_SILENCE_MS`, when set, is one fixed wait for every sentence. */
export function waitsFor(patience: Patience, fixedMs?: number): { firstMs: number; laterMs: number } {
  return fixedMs ? { firstMs: fixedMs, laterMs: fixedMs } : patienceWaits[patience];
}
