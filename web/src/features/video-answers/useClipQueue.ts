import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../../../../common/texts';
import type { VideoAnswerItem } from '../../../../common/video-answers';
import { ApiError } from '../../lib/api';
import { call } from '../../api/client';
import { notify } from '../../lib/notify';
import { clipKey, clipsOf, ClipRefused, forgetClip, keepClip, sendClip, type StoredClip } from './clips';
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
            error instanceof ClipRefused
              ? error
              : new ClipRefused(texts.uploads.failedTitle, texts.uploads.uploadException, false);
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
        notify.warning(texts.videoAnswer.errorTitle, texts.videoAnswer.notKept);
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
      let onServer: VideoAnswerItem[] | null = null;
      while (!cancelled && onServer === null) {
        try {
          onServer = await call('GET /submissions/:contentId/video-answers', { params: { contentId } }, { contentId });
        } catch (error) {
          if (!(error instanceof ApiError) || !error.unreachable) return;
          await onlineOrLater(RETRY_AFTER_MS);
        }
      }
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
