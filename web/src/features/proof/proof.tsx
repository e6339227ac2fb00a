import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { texts } from '../../../../common/texts';
import { type Answer, apiUrl } from '../../api/client';
import type { ProofResult, ProofWork } from './proof.worker';

type ProofState = 'solving' | 'ready' | 'failed';

/** The public link's proof of work: solved by the browser from page load, one per new submission. */
export type PublicProof = { state: ProofState; take(): Promise<string> };

const ProofContext = createContext<PublicProof | null>(null);

/** The proof of work of the public link, or null on the signed-in pages. */
export function usePublicProof(): PublicProof | null {
  return useContext(ProofContext);
}

type Waiter = { resolve(payload: string): void; reject(error: Error): void };

/**
 * Runs the ALTCHA proof of work by itself as soon as a public page opens (no click, no third
 * party: the challenge comes from our server, Web Workers solve it, the page's main thread only
 * fetches the challenge and posts it; no widget code loads). `take()` hands the
 * solved payload to the one request that creates a submission, and starts the next proof.
 */
export function PublicProofProvider({ children }: { children: ReactNode }) {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<ProofState>('solving');
  // The next proof (after one was taken) waits a while unless someone already waits for it.
  const [hurry, setHurry] = useState(false);
  const payload = useRef<string | null>(null);
  const waiting = useRef<Waiter[]>([]);
  const current = useRef(state);
  current.current = state;

  const solved = useCallback((value: string) => {
    const next = waiting.current.shift();
    setHurry(waiting.current.length > 0);
    if (next) {
      next.resolve(value);
      setRound((r) => r + 1);
      setState('solving');
      return;
    }
    payload.current = value;
    setState('ready');
  }, []);
  const failed = useCallback(() => {
    setState('failed');
    for (const w of waiting.current.splice(0)) w.reject(new Error(texts.publicLink.proofFailed));
  }, []);

  const take = useCallback((): Promise<string> => {
    const ready = payload.current;
    if (ready) {
      payload.current = null;
      setRound((r) => r + 1);
      setState('solving');
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      waiting.current.push({ resolve, reject });
      setHurry(true);
      // A failed proof is tried again when someone needs it.
      if (current.current === 'failed') {
        setRound((r) => r + 1);
        setState('solving');
      }
    });
  }, []);

  const value = useMemo(() => ({ state, take }), [state, take]);
  return (
    <ProofContext.Provider value={value}>
      {children}
      <ProofWorker
        key={round}
        delayMs={round === 0 || hurry ? 0 : NEXT_PROOF_DELAY_MS}
        onSolved={solved}
        onFailed={failed}
      />
    </ProofContext.Provider>
  );
}

/** A second submission from the same page is rare: its proof starts this long after the first was taken. */
const NEXT_PROOF_DELAY_MS = 10_000;

/** Fetches a challenge from our server and solves it in Web Workers (each tries every n-th counter). */
async function solveProof(signal: AbortSignal, delayMs: number): Promise<string> {
  if (delayMs) await new Promise((resolve) => globalThis.setTimeout(resolve, delayMs));
  if (signal.aborted) throw new Error('aborted');
  // After the page's first render has settled: the proof is not what the visitor sees first.
  await new Promise<void>((resolve) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => resolve(), { timeout: 1500 })
      : globalThis.setTimeout(resolve, 200),
  );
  if (signal.aborted) throw new Error('aborted');
  const response = await fetch(apiUrl('GET /public/challenge'), { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`challenge ${response.status}`);
  const challenge: ProofWork['challenge'] = (await response.json()) as Answer<'GET /public/challenge'>;
  // One core stays free for the page itself (a phone keeps scrolling, the first render is not slowed).
  const count = Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL('./proof.worker.ts', import.meta.url), { type: 'module', name: 'proof' }),
  );
  try {
    const solution = await new Promise<NonNullable<Extract<ProofResult, { solution: unknown }>['solution']>>(
      (resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        let left = count;
        workers.forEach((worker, i) => {
          worker.onmessage = (e: MessageEvent<ProofResult>) => {
            if ('solution' in e.data && e.data.solution) return resolve(e.data.solution);
            // A worker that searched its share without a hit, or failed: the proof fails when all did.
            if (--left === 0) reject(new Error('error' in e.data ? e.data.error : 'no solution'));
          };
          worker.onerror = () => {
            if (--left === 0) reject(new Error('worker failed'));
          };
          worker.postMessage({ challenge, counterStart: i, counterStep: count } satisfies ProofWork);
        });
      },
    );
    return btoa(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    );
  } finally {
    for (const w of workers) w.terminate();
  }
}

/** Solves one proof, invisibly; its state is on the hidden element for tests and measurements. */
function ProofWorker({
  delayMs,
  onSolved,
  onFailed,
}: {
  delayMs: number;
  onSolved(payload: string): void;
  onFailed(): void;
}) {
  const handlers = useRef({ onSolved, onFailed });
  handlers.current = { onSolved, onFailed };
  const [state, setState] = useState<'solving' | 'solved' | 'failed'>('solving');
  useEffect(() => {
    const controller = new AbortController();
    setState('solving');
    solveProof(controller.signal, delayMs).then(
      (payload) => {
        if (controller.signal.aborted) return;
        setState('solved');
        handlers.current.onSolved(payload);
      },
      () => {
        if (controller.signal.aborted) return;
        setState('failed');
        handlers.current.onFailed();
      },
    );
    return () => controller.abort();
  }, [delayMs]);
  return <div hidden data-testid="public-proof" data-state={state} />;
}
