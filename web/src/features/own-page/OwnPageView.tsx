import { texts } from '../../../../common/texts';
import { apiUrl } from '../../api/client';
import { failureMessage } from '../../lib/notify';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { ConsentList } from './ConsentList';
import { day } from './format';
import { SubmissionList } from './SubmissionList';
import { useOwnPage } from './useOwnPage';

const t = texts.ownPage;

/** The contributor's own page: what they gave, what became of it, their consents, export and erasure. */
export function OwnPageView({ access }: { access: string }) {
  const { page, withdraw, erase } = useOwnPage(access);
  if (page.isError) return <p role="alert">{failureMessage(page.error)}</p>;
  if (!page.data) return <Spinner text={texts.common.loading} />;
  const p = page.data;
  return (
    <section aria-label={t.title} className="space-y-4">
      <h2 className="text-xl font-bold text-slate-900">{t.title}</h2>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <SubmissionList submissions={p.submissions} />
      <ConsentList consents={p.consents} busy={withdraw.isPending} onWithdraw={(kinds) => withdraw.mutate(kinds)} />
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.exportTitle}</h2>
        <p className="mt-1 text-sm text-slate-700">{t.exportText}</p>
        <a
          href={apiUrl('GET /own-page/:access/export.zip', { access })}
          download="meine-daten.zip"
          className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t.exportButton}
        </a>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t.erasureTitle}</h2>
        {p.erasure?.state === 'open' ? (
          <p role="status" className="mt-1 text-sm text-slate-800">
            {t.erasureRequested(day(p.erasure.dueAt))}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-700">{t.erasureText}</p>
            {p.erasure?.state === 'kept' && p.erasure.keepReason && (
              <p className="mt-1 text-sm text-slate-800">{t.erasureKept(p.erasure.keepReason)}</p>
            )}
            <ConfirmDialog
              trigger={t.erasureButton}
              triggerProps={{ className: 'mt-3' }}
              title={t.erasureConfirm}
              confirm={t.erasureButton}
              busy={erase.isPending}
              onConfirm={() => erase.mutate()}
            />
          </>
        )}
      </Card>
    </section>
  );
}
