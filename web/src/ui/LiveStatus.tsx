/**
 * A polite live region, hidden from view: screen readers say its text when it changes. It is
 * always rendered (a region that appears with its text is often not read).
 */
export function LiveStatus({ text, testId }: { text: string; testId?: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid={testId}>
      {text}
    </p>
  );
}
