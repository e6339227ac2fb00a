import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { AdminNav } from './AdminNav';
import { formatDateTime } from './format';

const t = texts.admin;

/** A mail body with its links clickable. */
function MailBody({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-700">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-brand underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

export function OutboxPage() {
  const [page, setPage] = useState(1);
  const outbox = useQuery({
    queryKey: ['admin', 'outbox', page],
    queryFn: () => call('GET /admin/outbox', { query: { page } }),
  });
  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / outbox.data.pageSize)) : 1;
  return (
    <Page title={t.outboxTitle} intro={outbox.data?.smtp ? t.outboxSmtpActive : t.outboxIntro} width="xl">
      <AdminNav />
      {outbox.isPending ? (
        <Spinner text={texts.common.loading} />
      ) : outbox.isError ? (
        <p role="alert" className="text-red-700">
          {t.noData}
        </p>
      ) : outbox.data.mails.length === 0 ? (
        <p className="text-slate-600">{t.outboxEmpty}</p>
      ) : (
        <div className="space-y-4">
          {outbox.data.mails.map((m) => (
            <Card key={m.id}>
              <article aria-label={m.subject}>
                <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-slate-500">{t.outboxTo}</dt>
                  <dd className="font-medium text-slate-900">{m.to}</dd>
                  <dt className="text-slate-500">{t.outboxSubject}</dt>
                  <dd className="font-medium text-slate-900">{m.subject}</dd>
                  <dt className="text-slate-500">{t.outboxDate}</dt>
                  <dd className="text-slate-700">{formatDateTime(m.createdAt)}</dd>
                </dl>
                <MailBody text={m.body} />
              </article>
            </Card>
          ))}
          {pages > 1 && (
            <div className="flex items-center justify-between">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t.previousPage}
              </Button>
              <span className="text-sm text-slate-600">{t.pageOf(page, pages)}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t.nextPage}
              </Button>
            </div>
          )}
        </div>
      )}
    </Page>
  );
}
