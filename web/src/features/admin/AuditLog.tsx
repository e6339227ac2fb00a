import { useQuery } from '@tanstack/react-query';
import { texts } from '../../../../common/texts';
import { type Answer, call } from '../../api/client';
import { Card } from '../../ui/Card';
import { formatDateTime } from './format';

const t = texts.admin;

function targetOf(entry: Answer<'GET /admin/audit'>[number]): string {
  const [kind, id] = entry.target.split(':');
  if (kind === 'submission') return t.detailHeading(Number(id));
  return typeof entry.detail?.email === 'string' ? entry.detail.email : entry.target;
}

/** The latest audit entries: who deleted or changed what, and when. */
export function AuditLog() {
  const audit = useQuery({ queryKey: ['admin', 'audit'], queryFn: () => call('GET /admin/audit') });
  return (
    <Card className="mt-6">
      <section aria-label={t.auditTitle}>
        <h2 className="text-lg font-semibold text-slate-900">{t.auditTitle}</h2>
        <p className="mb-3 text-sm text-slate-500">{t.auditIntro}</p>
        {!audit.data || audit.data.length === 0 ? (
          <p className="text-sm text-slate-500">
            {audit.isError ? t.noData : audit.isPending ? texts.common.loading : t.auditEmpty}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {audit.data.map((entry) => (
              <li key={entry.id} className="flex flex-wrap gap-x-3 gap-y-0.5 py-2">
                <span className="text-slate-500">{formatDateTime(entry.at)}</span>
                <span className="font-medium text-slate-900">{t.auditActions[entry.action] ?? entry.action}</span>
                <span className="min-w-0 break-all text-slate-700">{targetOf(entry)}</span>
                <span className="ml-auto text-slate-500">{entry.actorEmail ?? t.auditSystem}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
