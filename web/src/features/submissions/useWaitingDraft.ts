import { useEffect, useRef, useState } from 'react';
import { texts } from '../../../../common/texts';
import { getDraft, isDone, isEmpty } from './draft-store';
import { itemTransfer } from './draft-sync';

export type WaitingState = keyof typeof texts.finish.waitingStates;
export type WaitingItem = { id: string; name: string; state: WaitingState };

/** How often the page looks at the draft (one IndexedDB read). */
const LOOK_EVERY_MS = 1000;

/**
 * What of a local id's work still waits on this device, item by item (files, the voice message,
 * video clips), and the Content-ID once everything has arrived. An item seen once stays listed:
 * gone from the draft means it arrived (or, noted by the sync, was refused).
 */
export function useWaitingDraft(localId: string | null) {
  const [items, setItems] = useState<WaitingItem[]>([]);
  const [textsWaiting, setTextsWaiting] = useState(false);
  const [arrivedAs, setArrivedAs] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const seen = useRef(new Map<string, string>());

  useEffect(() => {
    if (!localId || typeof indexedDB === 'undefined') return;
    let stopped = false;
    const look = async () => {
      const draft = await getDraft(localId).catch(() => undefined);
      if (stopped) return;
      const present = new Map<string, string>();
      for (const f of draft?.files ?? []) present.set(f.id, f.name);
      if (draft?.recording) present.set(draft.recording.id, texts.finish.draftRecordingName);
      for (const c of draft?.clips ?? []) present.set(c.id, texts.videoAnswers.inboxQuestion(c.index + 1));
      for (const [id, name] of present) seen.current.set(id, name);
      setItems(
        [...seen.current].map(([id, name]) => {
          const transfer = itemTransfer(id);
          const state: WaitingState = present.has(id)
            ? transfer === 'sending'
              ? 'sending'
              : 'waiting'
            : transfer === 'refused'
              ? 'refused'
              : 'sent';
          return { id, name, state };
        }),
      );
      setTextsWaiting(!!draft && !isEmpty(draft.pending));
      setArrivedAs(draft?.contentId !== undefined && isDone(draft) ? draft.contentId : null);
      setLoaded(true);
    };
    void look();
    const timer = window.setInterval(() => void look(), LOOK_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [localId]);

  const waiting = textsWaiting || items.some((i) => i.state === 'waiting' || i.state === 'sending');
  return { items, textsWaiting, waiting, arrivedAs, loaded };
}
