type LogFn = {
  (obj: object, msg?: string): void;
  (msg: string): void;
};

/** A logger with pino's call shape: the app's logger fits, and so does a test's pino. */
export type Log = { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn };
