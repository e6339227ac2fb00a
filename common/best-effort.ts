/**
 * Best-effort steps: work whose failure changes nothing the user relies on (removing a temporary
 * blob, closing an audio context, a session refresh). They are named, and their failure is logged,
 * never silently swallowed: `promise.catch(ignoreFailure('remove staging blob', app.log))`.
 */

/** A logger with pino's call shape (`app.log`); the browser's console fits too. */
export type FailureLog = {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

let fallbackLog: FailureLog = console;

/** Where failures go when the caller has no logger at hand (the server sets its pino logger). */
export function setFailureLog(log: FailureLog): void {
  fallbackLog = log;
}

/**
 * A catch handler for a best-effort step: logs `what` failed (at `warn`, or `debug` for failures
 * that are expected now and then) and resolves to `fallback` so the caller goes on.
 */
export function ignoreFailure<T = undefined>(
  what: string,
  log?: FailureLog | null,
  opts: { level?: 'debug' | 'warn'; fallback?: T } = {},
): (error: unknown) => T {
  return (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    (log ?? fallbackLog)[opts.level ?? 'warn']({ err: message }, `best effort failed: ${what}`);
    return opts.fallback as T;
  };
}

/**
 * A catch handler for a promise whose failure its caller sees on another path (a serialising
 * chain, a step prepared ahead and awaited later): it only keeps the rejection from going unhandled.
 */
export const handledElsewhere = (): undefined => undefined;
