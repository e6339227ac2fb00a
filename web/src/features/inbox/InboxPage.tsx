import { useQuery } from '@tanstack/react-query';
import { BellRing, Download, FileText, Megaphone, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  INBOX_COUNT_LIMIT,
  listApprovalStates,
  submissionKinds,
  submissionStatuses,
} from '../../../../common/schemas/values';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../auth';
import { AdminNav, formatDateTime } from '../admin';
import { useTenantLabels } from '../../current-tenant/labels';
import { ApprovalBadge } from '../post';
import { StatusBadge } from './StatusBadge';
import { EditorTasks } from '../own-page';

const t = texts.admin;
const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';
const filterKeys = ['tenant', 'kind', 'status', 'approval', 'campaign', 'from', 'to', 'q'] as const;

function SelectFilter({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange(v: string): void;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      options={[{ value: '', label: t.filterAll }, ...options.map(([v, l]) => ({ value: v, label: l }))]}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The editorial inbox: every submission the editor may see, filtered in the URL, newest first. */
export function InboxPage() {
  const { role } = useAuth();
  const labels = useTenantLabels();
  const tenantLabel = labels.label;
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  // The cursor is the position in the list; `seite` only numbers the pages for the reader.
  const cursor = params.get('cursor');
  const page = cursor ? Math.max(2, Number(params.get('seite') ?? 2) || 2) : 1;
  const query = new URLSearchParams();
  for (const key of filterKeys) if (params.get(key)) query.set(key, params.get(key)!);
  const filterQuery = query.toString();
  if (cursor) query.set('cursor', cursor);
  const inbox = useQuery({
    queryKey: ['inbox', query.toString()],
    queryFn: () => call('GET /inbox', { query: Object.fromEntries(query) }),
    placeholderData: (prev) => prev,
  });

  // Campaigns name the submissions that answer them, and filter by them (issue 40).
  const campaigns = useQuery({ queryKey: ['campaigns'], queryFn: () => call('GET /campaigns'), staleTime: 60_000 });
  const campaignName = new Map((campaigns.data ?? []).map((c) => [c.id, c.name]));

  /** Sets parameters (null removes one) from the latest ones, not this render's: two changes before a render keep both. */
  const change = (values: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(values)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  // A new filter starts again at the first page.
  const setFilter = (key: string, value: string) => change({ [key]: value || null, cursor: null, seite: null });
  const goTo = (to: string | null, number: number) => {
    const later = to && number > 1;
    change({ cursor: later ? to : null, seite: later ? String(number) : null });
    window.scrollTo({ top: 0 });
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter('q', search.trim());
  };

  return (
    <Page
      title={t.inboxTitle}
      intro={t.inboxIntro}
      width="xl"
      actions={
        <>
          <Link
            to="/kampagnen"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <Megaphone size={16} aria-hidden="true" />
            {texts.campaigns.navLabel}
          </Link>
          <Link
            to="/konto"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <BellRing size={16} aria-hidden="true" />
            {texts.post.navAccount}
          </Link>
        </>
      }
    >
      {role === 'admin' && <AdminNav />}
      <EditorTasks />
      <Card className="mb-6">
        <form onSubmit={submitSearch} role="search" className="mb-4 flex gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="inbox-q" className="sr-only">
              {t.filterSearch}
            </label>
            <input
              id="inbox-q"
              type="search"
              className={control}
              placeholder={t.filterSearch}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <Button type="submit" aria-label={t.filterSearch}>
            <Search size={18} aria-hidden="true" />
          </Button>
        </form>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {role === 'admin' && (
            <SelectFilter
              id="inbox-tenant"
              label={t.filterTenant}
              value={params.get('tenant') ?? ''}
              options={labels.rows.map((r) => [r.key, tenantLabel(r.key)])}
              onChange={(v) => setFilter('tenant', v)}
            />
          )}
          <SelectFilter
            id="inbox-kind"
            label={t.filterKind}
            value={params.get('kind') ?? ''}
            options={submissionKinds.map((k) => [k, t.kinds[k] ?? k])}
            onChange={(v) => setFilter('kind', v)}
          />
          <SelectFilter
            id="inbox-status"
            label={t.filterStatus}
            value={params.get('status') ?? ''}
            options={submissionStatuses.map((s) => [s, t.statuses[s] ?? s])}
            onChange={(v) => setFilter('status', v)}
          />
          <SelectFilter
            id="inbox-approval"
            label={texts.post.filterApproval}
            value={params.get('approval') ?? ''}
            options={listApprovalStates.map((s) => [s, texts.post.states[s] ?? texts.post.listStates[s]!])}
            onChange={(v) => setFilter('approval', v)}
          />
          {campaignName.size > 0 && (
            <SelectFilter
              id="inbox-campaign"
              label={texts.campaigns.inboxFilter}
              value={params.get('campaign') ?? ''}
              options={[...campaignName].map(([id, name]) => [String(id), name])}
              onChange={(v) => setFilter('campaign', v)}
            />
          )}
          {(['from', 'to'] as const).map((key) => (
            <div key={key} className="space-y-1">
              <label htmlFor={`inbox-${key}`} className="block text-sm font-medium text-slate-800">
                {key === 'from' ? t.filterFrom : t.filterTo}
              </label>
              <input
                id={`inbox-${key}`}
                type="date"
                className={control}
                value={params.get(key) ?? ''}
                onChange={(e) => setFilter(key, e.target.value)}
              />
            </div>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {inbox.data
              ? inbox.data.totalAtLeast
                ? t.totalMoreThan(inbox.data.total)
                : t.totalCount(inbox.data.total)
              : ''}
            {inbox.data?.ranked && inbox.data.items.length > 0 && (
              <span className="block text-xs text-slate-500">{t.searchRankedHint(INBOX_COUNT_LIMIT)}</span>
            )}
          </p>
          <div className="flex gap-2">
            {filterQuery && (
              <Button
                variant="ghost"
                onClick={() => {
                  setSearch('');
                  setParams(new URLSearchParams());
                }}
              >
                {t.filterReset}
              </Button>
            )}
            <a
              href={apiUrl('GET /inbox/export.csv', undefined, Object.fromEntries(new URLSearchParams(filterQuery)))}
              download
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              <Download size={16} aria-hidden="true" />
              {t.exportCsv}
            </a>
          </div>
        </div>
      </Card>

      {inbox.isPending ? (
        <Spinner text={texts.common.loading} />
      ) : inbox.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {inbox.error.message}
        </p>
      ) : inbox.data.items.length === 0 ? (
        <p className="text-slate-600">{t.emptyInbox}</p>
      ) : (
        <>
          <ul className="space-y-3" aria-label={t.inboxTitle}>
            {inbox.data.items.map((item) => (
              <li key={item.contentId}>
                <Link
                  to={`/eingang/${item.contentId}`}
                  className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand hover:shadow-md"
                >
                  {/* Named by its visible text (WCAG 2.5.3); "Content-ID" is read before the number. */}
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-semibold text-slate-900">
                      <span className="sr-only">{t.colContentId} </span>#{item.contentId}
                    </span>
                    <span className="text-slate-700">{t.kinds[item.kind] ?? item.kind}</span>
                    <span className="text-slate-500">{tenantLabel(item.tenant)}</span>
                    <StatusBadge status={item.status} />
                    {item.approval && <ApprovalBadge state={item.approval} />}
                    {item.consentWithdrawnAt && (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
                        {texts.ownPage.inboxWithdrawn}
                      </span>
                    )}
                    <span className="ml-auto text-xs text-slate-500">{formatDateTime(item.createdAt)}</span>
                  </div>
                  <div className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
                    <span>{item.contactName ?? item.userEmail ?? t.anonymous}</span>
                    {item.campaignId !== null && campaignName.has(item.campaignId) && (
                      <span className="inline-flex items-center gap-1" data-testid="inbox-campaign">
                        <Megaphone size={14} aria-hidden="true" />
                        {campaignName.get(item.campaignId)}
                      </span>
                    )}
                    {item.mediaCount > 0 && (
                      <span className="inline-flex items-center gap-1">
                        <FileText size={14} aria-hidden="true" />
                        {t.fileCount(item.mediaCount)}
                      </span>
                    )}
                  </div>
                  {item.excerpt && <p className="mt-2 line-clamp-2 text-sm text-slate-500">{item.excerpt}</p>}
                </Link>
              </li>
            ))}
          </ul>
          {(inbox.data.next !== null || inbox.data.prev !== null) && (
            <nav className="mt-6 flex items-center justify-between" aria-label={t.pagination}>
              <Button
                variant="secondary"
                disabled={inbox.data.prev === null}
                onClick={() => goTo(inbox.data.prev, page - 1)}
              >
                {t.previousPage}
              </Button>
              <span className="text-sm text-slate-600">{t.pageNumber(page)}</span>
              <Button
                variant="secondary"
                disabled={inbox.data.next === null}
                onClick={() => goTo(inbox.data.next, page + 1)}
              >
                {t.nextPage}
              </Button>
            </nav>
          )}
        </>
      )}
    </Page>
  );
}
