import { useState } from 'react';
import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';
import type { WaitingItem } from '../submissions';

const f = texts.finish;

/** A local id shown short (its first 8 characters, as on the upload pages), in full on request. */
export function LocalIdValue({ id }: { id: string }) {
  const [full, setFull] = useState(false);
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <span data-testid="content-id" className="break-all" title={full ? undefined : id}>
        {full ? id : `${id.slice(0, 8)}...`}
      </span>
      <button
        type="button"
        onClick={() => setFull((v) => !v)}
        aria-expanded={full}
        className="-my-2 inline-flex min-h-11 items-center font-sans text-sm font-medium text-brand underline"
      >
        {full ? f.hideFullId : f.showFullId}
      </button>
    </span>
  );
}

/** What of a local id's work is still on this device, each item with its state. */
export function WaitingList({ items, textsWaiting }: { items: WaitingItem[]; textsWaiting: boolean }) {
  if (items.length === 0 && !textsWaiting) return null;
  return (
    <Card className="border-amber-300 bg-amber-50">
      <h2 className="mb-2 text-lg font-semibold text-amber-950">{f.waitingTitle}</h2>
      <ul className="space-y-1 text-sm text-amber-950" aria-live="polite">
        {items.map((item) => (
          <li key={item.id} data-testid="waiting-item" data-state={item.state} className="break-words">
            <span className="font-medium">{item.name}</span> · {f.waitingStates[item.state]}
          </li>
        ))}
        {textsWaiting && (
          <li data-testid="waiting-item" data-state="waiting">
            <span className="font-medium">{f.waitingTexts}</span> · {f.waitingStates.waiting}
          </li>
        )}
      </ul>
    </Card>
  );
}
