import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** A render that takes longer than this is ended (its worker with it) and fails. */
export const RENDER_TIMEOUT_MS = 20_000;
/** Workers end after this long without work (each holds the fonts, about 10 MB). */
const IDLE_MS = 30_000;

const workerFile = new URL('./render-worker.mjs', import.meta.url);

export class RenderTimeout extends Error {
  constructor() {
    super('render timed out');
  }
}

type Task = {
  svg: string;
  options: object;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; task: Task | null; timer: NodeJS.Timeout | null; idle: NodeJS.Timeout | null };

/**
 * SVG → PNG in worker threads, off the event loop and off libuv's thread pool: at most `size`
 * renders run at once (one per core, leaving one for the server), the rest wait in order; each
 * has a time limit after which its worker is ended and a fresh one takes the next render.
 */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private next = 0;

  constructor(
    private readonly size = Math.max(1, availableParallelism() - 1),
    private readonly timeoutMs = RENDER_TIMEOUT_MS,
  ) {}

  render(svg: string, options: object): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ svg, options, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      this.run(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerFile), task: null, timer: null, idle: null };
    slot.worker.on('message', (message: { id: number; png?: Uint8Array; error?: string }) => {
      const task = slot.task;
      this.release(slot);
      if (!task) return;
      if (message.png) task.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else task.reject(new Error(message.error ?? 'render failed'));
      this.pump();
    });
    const fail = (error: Error) => {
      const task = slot.task;
      this.drop(slot);
      task?.reject(error);
      this.pump();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private run(slot: Slot, task: Task): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.drop(slot);
      void slot.worker.terminate();
      task.reject(new RenderTimeout());
      this.pump();
    }, this.timeoutMs);
    slot.worker.postMessage({ id: ++this.next, svg: task.svg, options: task.options });
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
    slot.idle = setTimeout(() => {
      this.drop(slot);
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.idle.unref();
  }

  private drop(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    slot.task = null;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }
}

/** The server's one pool (cards and caption images). */
export const renderPool = new RenderPool();
