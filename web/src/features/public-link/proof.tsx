import type {} from 'altcha/types/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { texts } from '../../../../common/texts';

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
 * party: the challenge comes from our server, the browser's workers solve it). `take()` hands the
 * solved payload to the one request that creates a submission, and starts the next proof.
 */
export function PublicProofProvider({ children }: { children: ReactNode }) {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<ProofState>('solving');
  const payload = useRef<string | null>(null);
  const waiting = useRef<Waiter[]>([]);
  const current = useRef(state);
  current.current = state;

  const solved = useCallback((value: string) => {
    const next = waiting.current.shift();
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
      <ProofWidget key={round} onSolved={solved} onFailed={failed} />
    </ProofContext.Provider>
  );
}

/** The widget's code (~30 KB) loads with the first public page, not with the app (keeps /login light). */
let altcha: Promise<unknown> | null = null;
const loadAltcha = () => (altcha ??= Promise.all([import('altcha'), import('altcha/i18n/de')]).catch((error) => {
  altcha = null;
  throw error;
}));

/** The ALTCHA widget, invisible, verifying on load. */
function ProofWidget({ onSolved, onFailed }: { onSolved(payload: string): void; onFailed(): void }) {
  const ref = useRef<HTMLElement>(null);
  const handlers = useRef({ onSolved, onFailed });
  handlers.current = { onSolved, onFailed };
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    loadAltcha().then(
      () => live && setLoaded(true),
      () => live && handlers.current.onFailed(),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state?: string; payload?: string }>).detail;
      if (detail?.state === 'verified' && detail.payload) handlers.current.onSolved(detail.payload);
      else if (detail?.state === 'error' || detail?.state === 'expired') handlers.current.onFailed();
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [loaded]);
  return (
    <div hidden data-testid="public-proof">
      {loaded && <altcha-widget ref={ref} challenge="/api/public/challenge" auto="onload" display="invisible" language="de" name="altcha" />}
    </div>
  );
}
