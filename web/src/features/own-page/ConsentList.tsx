import type { OwnPage } from '../../../../common/contracts/own-page';
import type { ConsentKind } from '../../../../common/finish-rules';
import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { day } from './format';

const t = texts.ownPage;

/** Each consent with its words, version and date; withdrawn one by one or all at once, each after a confirmation dialog. */
export function ConsentList({
  consents,
  busy,
  onWithdraw,
}: {
  consents: OwnPage['consents'];
  busy: boolean;
  onWithdraw: (kinds: ConsentKind[]) => void;
}) {
  const live = consents.filter((c) => !c.withdrawnAt);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t.consentsTitle}</h2>
      {consents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.noConsents}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {consents.map((c) => {
            const label = t.consentKinds[c.kind] ?? c.kind;
            return (
              <li key={c.kind} aria-label={label} className="border-t border-slate-100 pt-3 first:border-0 first:pt-0">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{label}</h3>
                  <span className={c.withdrawnAt ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>
                    {c.withdrawnAt
                      ? t.consentWithdrawnAt(day(c.withdrawnAt))
                      : t.consentGiven(day(c.givenAt), c.version)}
                  </span>
                </div>
                <blockquote className="mt-1 border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
                  {c.text}
                </blockquote>
                {!c.withdrawnAt && (
                  <ConfirmDialog
                    trigger={`${t.withdraw}: ${label}`}
                    triggerProps={{ className: 'mt-2', disabled: busy }}
                    title={t.withdrawConfirm(label)}
                    confirm={t.withdraw}
                    busy={busy}
                    onConfirm={() => onWithdraw([c.kind as ConsentKind])}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {live.length > 1 && (
        <ConfirmDialog
          trigger={t.withdrawAll}
          triggerProps={{ variant: 'danger', className: 'mt-4', disabled: busy }}
          title={t.withdrawAllConfirm}
          confirm={t.withdraw}
          busy={busy}
          onConfirm={() => onWithdraw(live.map((c) => c.kind as ConsentKind))}
        />
      )}
    </Card>
  );
}
