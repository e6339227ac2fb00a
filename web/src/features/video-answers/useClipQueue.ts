import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../../../../common/texts';
import type { VideoAnswerItem } from '../../../../common/contracts/uploads';
import { ApiError } from '../../lib/api';
import { call } from '../../api/client';
import { notify } from '../../lib/notify';
import { getDraft, UploadRefused } from '../submissions';
import { clipKey, clipsOf, forgetClip, keepClip, sendClip, type StoredClip } from './clips';
import { ignoreFailure } from '../../../../common/best-effort';

export type ClipState = {
  state: 'waiting' | 'uploading' | 'sent' | 'retrying' | 'refused';
  percent: number;
  message?: string;
};

/** After the retries of one attempt, the queue waits this long (or until the browser is online again). */
const RETRY_AFTER_MS = 15_000;

/** Waits until the browser is online again, or `ms`, or the signal aborts. */
function onlineOrLater(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      window.clearTimeout(wait);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const wait = window.setTimeout(done, ms);
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

/**
 * The answers the server has for a submission, asked again while it cannot be reached; null when
 * it refuses (nothing is sent again then) or `stopped()` says the page went on.
 */
async function answersOnServer(contentId: string, stopped: () => boolean): Promise<VideoAnswerItem[] | null> {
  while (!stopped()) {
    try {
      return await call('GET /submissions/:contentId/video-answers', { params: { contentId } }, { contentId });
    } catch (error) {
      if (!(error instanceof ApiError) || !error.unreachable) return null;
      await onlineOrLater(RETRY_AFTER_MS);
    }
  }
  return null;
}

/**
 * Sends the clips of one submission, one after the other, while the next is recorded. Each clip
 * is kept in IndexedDB first and leaves it only once the server has it; on opening, clips left
 * from before (a reload, a closed tab) are sent, unless the server already has their question.
 */
export function useClipQueue(contentId: string | null, onSent: (index: number) => void) {
  const [states, setStates] = useState<Record<number, ClipState>>({});
  const queue = useRef<StoredClip[]>([]);
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const sent = useRef(onSent);
  sent.current = onSent;

  const set = (index: number, state: ClipState) => setStates((s) => ({ ...s, [index]: state }));

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const signal = (controller.current ??= new AbortController()).signal;
    try {
      while (queue.current.length > 0 && !signal.aborted) {
        const clip = queue.current[0]!;
        set(clip.index, { state: 'uploading', percent: 0 });
        try {
          await sendClip(clip, (percent) => set(clip.index, { state: 'uploading', percent }), signal);
          queue.current.shift();
          set(clip.index, { state: 'sent', percent: 100 });
          sent.current(clip.index);
          await forgetClip(clip.key).catch(ignoreFailure('forget a sent clip on the device', null, { level: 'debug' }));
        } catch (error) {
          if ((error as Error).name === 'AbortError') return;
          const refused =
            error instanceof UploadRefused
              ? error
              : new UploadRefused(texts.uploads.failedTitle, texts.uploads.uploadException, false);
          if (refused.final) {
            queue.current.shift();
            set(clip.index, { state: 'refused', percent: 0, message: refused.message });
            notify.error(refused.title, refused.message);
            await forgetClip(clip.key).catch(
              ignoreFailure('forget a sent clip on the device', null, { level: 'debug' }),
            );
            continue;
          }
          set(clip.index, { state: 'retrying', percent: 0, message: refused.message });
          await onlineOrLater(RETRY_AFTER_MS, signal);
        }
      }
    } finally {
      running.current = false;
    }
  }, []);

  /** Keeps a reviewed clip on the device, then queues it. */
  const add = useCallback(
    async (clip: Omit<StoredClip, 'key'>) => {
      const stored: StoredClip = { ...clip, key: clipKey(clip.contentId, clip.index) };
      try {
        await keepClip(stored);
      } catch {
        notify.warning(texts.videoAnswers.errorTitle, texts.videoAnswers.notKept);
      }
      queue.current = [...queue.current.filter((c) => c.key !== stored.key), stored];
      set(stored.index, { state: 'waiting', percent: 0 });
      void pump();
    },
    [pump],
  );

  // Clips left from before: sent unless the server already has their question.
  useEffect(() => {
    if (!contentId) return;
    let cancelled = false;
    void (async () => {
      const left = await clipsOf(contentId).catch(() => [] as StoredClip[]);
      if (cancelled || left.length === 0) return;
      // Only the server can say which of them arrived (a clip may have been stored just before the
      // reload): without its answer nothing is sent again, so no clip arrives twice.
      const onServer = await answersOnServer(contentId, () => cancelled);
      if (cancelled || onServer === null) return;
      const have = new Set(onServer.map((a) => a.questionIndex));
      for (const clip of left) {
        if (have.has(clip.index)) {
          await forgetClip(clip.key).catch(ignoreFailure('forget a sent clip on the device', null, { level: 'debug' }));
          set(clip.index, { state: 'sent', percent: 100 });
          sent.current(clip.index);
        } else if (!queue.current.some((c) => c.key === clip.key)) {
          queue.current.push(clip);
          set(clip.index, { state: 'waiting', percent: 0 });
        }
      }
      if (!cancelled) void pump();
    })();
    return () => {
      cancelled = true;
    };
  }, [contentId, pump]);

  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
    },
    [],
  );

  const pending = Object.values(states).some(
    (s) => s.state === 'waiting' || s.state === 'uploading' || s.state === 'retrying',
  );
  return { states, add, pending };
}

/** How often the page looks at the clips kept under a local id (the drafts send them). */
const LOOK_EVERY_MS = 1000;

/**
 * The clips of a video answer recorded under a local id: kept in its draft on the device and sent
 * by the drafts (submissions/drafts.ts) under the server's id once it answers, from any page. A
 * clip the draft no longer holds has arrived (only clips kept count as `queued`). `kept(index)` tells when the page kept a clip, so
 * that a look begun before does not count it as arrived.
 */
export function useKeptClips(localId: string | null, queued: readonly number[], onSent: (index: number) => void) {
  const [states, setStates] = useState<Record<number, ClipState>>({});
  // Queued before this page opened (a reload): kept then, so a clip the draft no longer holds has arrived.
  const keptAt = useRef(new Map<number, number>(queued.map((index) => [index, 0])));
  const told = useRef(new Set<number>());
  const [contentId, setContentId] = useState<string | null>(null);
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    if (!localId) return;
    let cancelled = false;
    const look = async () => {
      const began = Date.now();
      const draft = await getDraft(localId).catch(() => undefined);
      if (cancelled || !draft) return;
      if (draft.contentId !== undefined) setContentId(String(draft.contentId));
      const held = new Set((draft.clips ?? []).map((c) => c.index));
      for (const index of held) keptAt.current.set(index, Math.min(keptAt.current.get(index) ?? began, began));
      const next: Record<number, ClipState> = {};
      for (const index of held) next[index] = { state: 'waiting', percent: 0 };
      const arrived: number[] = [];
      for (const [index, at] of keptAt.current) {
        if (held.has(index) || at >= began) continue;
        next[index] = { state: 'sent', percent: 100 };
        if (!told.current.has(index)) arrived.push(index);
      }
      setStates(next);
      for (const index of arrived) {
        told.current.add(index);
        sent.current(index);
      }
    };
    void look();
    const timer = window.setInterval(() => void look(), LOOK_EVERY_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [localId]);
  const kept = useCallback((index: number) => {
    keptAt.current.set(index, Date.now());
    told.current.delete(index);
    setStates((s) => ({ ...s, [index]: { state: 'waiting', percent: 0 } }));
  }, []);
  const pending = Object.values(states).some((s) => s.state === 'waiting');
  /** `contentId`: the server's id of the draft, once it has made it. */
  return { states, kept, pending, contentId };
}
