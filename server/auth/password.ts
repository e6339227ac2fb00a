import { Worker } from 'node:worker_threads';
import { texts } from '../../common/texts';

/** zxcvbn's score 0–4; below this a password is one of the common or easily guessed ones. */
export const MIN_PASSWORD_SCORE = 2;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The strength worker ends after this long without a check (its dictionaries go with it). */
const IDLE_MS = 30_000;

const workerFile = new URL('./password-strength-worker.mjs', import.meta.url);

/**
 * zxcvbn runs in a worker thread that starts on the first check (about 0.1 s) and ends when no
 * check came for IDLE_MS: passwords are set rarely, and its dictionaries would otherwise stay in
 * the server's heap for good. Checks while it runs share it.
 */
export function strengthChecker(idleMs = IDLE_MS) {
  return {
    worker: null as Worker | null,
    idle: null as NodeJS.Timeout | null,
    next: 0,
    pending: new Map<number, { worker: Worker; resolve: (score: number) => void; reject: (error: Error) => void }>(),

    start(): Worker {
      const worker = new Worker(workerFile);
      worker.on('message', ({ id, score, error }: { id: number; score?: number; error?: string }) => {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (error !== undefined || score === undefined) waiting?.reject(new Error(error ?? 'no score'));
        else waiting?.resolve(score);
        this.settle();
      });
      // Only the checks sent to this worker fail: an idle worker being ended must not fail a check
      // that a new worker already took.
      const fail = (error: Error) => {
        if (this.worker === worker) this.worker = null;
        for (const [id, waiting] of this.pending) {
          if (waiting.worker !== worker) continue;
          this.pending.delete(id);
          waiting.reject(error);
        }
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`password strength worker exited (${code})`)));
      return worker;
    },

    /** Ends the worker once nothing waits for it for IDLE_MS. */
    settle() {
      if (this.idle) clearTimeout(this.idle);
      if (this.pending.size > 0) return;
      // Idle, it does not keep the process alive (a CLI command ends when its work is done).
      this.worker?.unref();
      this.idle = setTimeout(() => {
        const worker = this.worker;
        this.worker = null;
        void worker?.terminate();
      }, idleMs);
      this.idle.unref();
    },

    score(password: string, inputs: string[]): Promise<number> {
      if (this.idle) clearTimeout(this.idle);
      this.worker ??= this.start();
      const id = ++this.next;
      const worker = this.worker;
      worker.ref();
      return new Promise((resolve, reject) => {
        this.pending.set(id, { worker, resolve, reject });
        worker.postMessage({ id, password, inputs });
      });
    },
  };
}

const strength = strengthChecker();

/**
 * Why a new password is refused (German), or null. Checked wherever a password is set: first
 * admin, invitation and reset, the CLI, and better-auth's own endpoints (through its hook).
 */
export async function passwordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return texts.auth.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return texts.auth.passwordTooLong;
  const inputs = userInputs.flatMap((s) => [s, ...s.split(/[@.\s_-]+/)]).filter((s) => s.length >= 3);
  const score = await strength.score(password, inputs);
  return score < MIN_PASSWORD_SCORE ? texts.auth.passwordTooCommon : null;
}

/** The error code the web reads for a password problem's German text. */
export function passwordProblemCode(
  problem: string,
): 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON' {
  if (problem === texts.auth.passwordTooShort) return 'PASSWORD_TOO_SHORT';
  if (problem === texts.auth.passwordTooLong) return 'PASSWORD_TOO_LONG';
  return 'PASSWORD_TOO_COMMON';
}
