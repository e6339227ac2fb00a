// Loaded with the page, not with the first clip: a clip sent while offline must not depend on a
// chunk that cannot be fetched then (the browser would remember the failed import).
import * as tus from 'tus-js-client';
import type { InterviewTopic } from '../../../../common/tenants';
import { type Clip, deviceStore, transferClip } from '../submissions';

/**
 * Where a video answer stands, so that a reload, a locked phone or a dropped connection loses at
 * most the clip being recorded: the progress (Content-ID, topic, question) in localStorage, every
 * clip not yet on the server in IndexedDB (like the offline drafts), uploads with tus.
 */

/** A clip recorded and waiting on the device (`queued`), on the server (`sent`), or no clip (`skipped`). */
export type Answer = 'queued' | 'sent' | 'skipped';

export type Progress = {
  contentId: string;
  topic: InterviewTopic;
  /** The question shown now; equal to the number of questions when all are done. */
  index: number;
  /** What happened to each question so far. */
  answers: Record<number, Answer>;
  /** A clip being recorded (a reload loses it: the page says so afterwards). */
  recording?: { index: number; startedAt: number };
  /** When the page went while recording (pagehide). */
  savedAt?: number;
};

const progressKey = (scope: string) => `videoAnswer:${scope || '/'}`;

export function loadProgress(scope: string): Progress | null {
  try {
    const raw = localStorage.getItem(progressKey(scope));
    return raw ? (JSON.parse(raw) as Progress) : null;
  } catch {
    return null;
  }
}

export function saveProgress(scope: string, progress: Progress): void {
  localStorage.setItem(progressKey(scope), JSON.stringify(progress));
}

export function clearProgress(scope: string): void {
  localStorage.removeItem(progressKey(scope));
}

/** A recorded clip kept until the server has it. */
export type StoredClip = Clip & { key: string; contentId: string };

const clips = deviceStore('content-assistent-video', 'clips', 'key');

export const clipKey = (contentId: string, index: number) => `${contentId}:${index}`;
export const keepClip = (clip: StoredClip) => clips.run('readwrite', (s) => s.put(clip));
export const forgetClip = (key: string) => clips.run('readwrite', (s) => s.delete(key));
export async function clipsOf(contentId: string): Promise<StoredClip[]> {
  const all = await clips.run<StoredClip[]>('readonly', (s) => s.getAll() as IDBRequest<StoredClip[]>);
  return all.filter((c) => c.contentId === contentId).sort((a, b) => a.index - b.index);
}

/** Sends one clip with tus, under its Content-ID (see transferClip). */
export const sendClip = (clip: StoredClip, onProgress: (percent: number) => void, signal: AbortSignal) =>
  transferClip(clip, clip.contentId, onProgress, { signal, tus });
