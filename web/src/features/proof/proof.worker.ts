/// <reference lib="webworker" />
// The proof of work of the public link, solved off the main thread: the page posts the challenge
// and which counters to try (every step-th from start), and gets the solution back.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

export type ProofWork = { challenge: Challenge; counterStart: number; counterStep: number };
export type ProofResult = { solution: Awaited<ReturnType<typeof solveChallenge>> } | { error: string };

self.onmessage = async (event: MessageEvent<ProofWork>) => {
  const { challenge, counterStart, counterStep } = event.data;
  try {
    const solution = await solveChallenge({ challenge, deriveKey, counterStart, counterStep });
    self.postMessage({ solution } satisfies ProofResult);
  } catch (error) {
    self.postMessage({ error: String(error) } satisfies ProofResult);
  }
};
