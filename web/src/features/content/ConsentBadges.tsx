import type { ConsentState, ContentItem } from '../../../../common/contracts/content';
import { texts } from '../../../../common/texts';

const t = texts.content;

/** Beside each item: the consent it needs and whether the contributor gave it. */
export function ConsentBadges({ item, consent }: { item: Pick<ContentItem, 'needs'>; consent: ConsentState }) {
  const rows = (['publication', 'naming', 'photo', 'video'] as const).map((kind) => {
    const needed = item.needs[kind];
    const given = consent[kind];
    const state: 'given' | 'missing' | 'notNeeded' = !needed ? 'notNeeded' : given ? 'given' : 'missing';
    return { kind, state };
  });
  const style = {
    given: 'bg-green-50 text-green-800 border-green-200',
    missing: 'bg-red-50 text-red-800 border-red-200',
    notNeeded: 'bg-slate-50 text-slate-600 border-slate-200',
  };
  const label = { given: t.consentGiven, missing: t.consentMissing, notNeeded: t.consentNotNeeded };
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t.consentTitle} data-testid="item-consent">
      {rows.map((r) => (
        <li key={r.kind} className={`rounded-full border px-2 py-0.5 text-xs ${style[r.state]}`}>
          {t.consentKinds[r.kind]}: {label[r.state]}
        </li>
      ))}
    </ul>
  );
}
