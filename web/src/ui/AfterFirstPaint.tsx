import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Shows `fallback` until the browser has painted the screen this is part of, then `children`
 * (suspending on the same fallback). A part below the fold whose code loads lazily goes in here:
 * its requests then leave after the first screen is on the phone, not beside the code and data
 * that screen needs.
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after the next one: by then the first has been painted and shown (one frame is
    // not always enough; the compositor may present it a frame later).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
