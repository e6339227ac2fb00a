import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { funnelStates, inviteeStates, type InviteeState } from '../../../../common/campaign-values';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { useTenantLabels } from '../../current-tenant/labels';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { optionsOf, SelectField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { ShareLink } from '../sharing';
import { CampaignForm } from './CampaignForm';
import { InviteeImport } from './InviteeImport';

const t = texts.campaigns;
const b = t.board;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' }) : '';

/** /kampagnen/:campaignId: each invitee's state, the funnel, adding people, the shared link, the settings. */
export function CampaignBoardPage() {
  const campaignId = Number(useParams().campaignId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const labels = useTenantLabels();
  const [filter, setFilter] = useState<InviteeState | ''>('');
  const [editing, setEditing] = useState(false);
  const board = useQuery({
    queryKey: ['campaign', campaignId],
    queryFn: () => call('GET /campaigns/:campaignId', { params: { campaignId } }),
    // Mails go out paced: the board follows them while it is open.
    refetchInterval: 5000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['campaign', campaignId] });
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch (error) {
      notifyFailure(error);
    }
  };

  if (board.isPending) return <Spinner fill text={texts.common.loading} />;
  if (board.isError) return <Page title={t.errors.notFound} />;
  const { campaign, invitees, funnel } = board.data;
  const shown = filter ? invitees.filter((i) => i.state === filter) : invitees;
  const total = funnel.invitees ?? 0;
  const tenantRow = labels.rows.find((r) => r.key === campaign.tenant);
  const sharedLink = `${window.location.origin}/k/${campaign.sharedCode}`;

  return (
    <Page
      title={campaign.name}
      intro={`${labels.label(campaign.tenant)} · ${b.deadline(campaign.deadline)}${campaign.endedAt ? ` · ${b.ended}` : ''}`}
      width="xl"
      back={
        <Link to="/kampagnen" className="text-sm font-medium text-brand hover:underline">
          ← {t.listTitle}
        </Link>
      }
      actions={
        <a
          href={apiUrl('GET /campaigns/:campaignId/board.csv', { campaignId })}
          download
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          <Download size={16} aria-hidden="true" />
          {b.export}
        </a>
      }
    >
      <section
        aria-label={b.funnel}
        className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        data-testid="funnel"
      >
        {funnelStates.map((s) => (
          <Card key={s} className="!p-3">
            <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">{t.states[s]}</span>
            <span className="block text-2xl font-semibold text-slate-900">{funnel[s] ?? 0}</span>
            <span className="block text-xs text-slate-500">{b.rate(funnel[s] ?? 0, total)}</span>
          </Card>
        ))}
      </section>

      <Card className="mb-6">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{b.title}</h2>
          <SelectField
            id="board-filter"
            label={b.filter}
            className="sm:w-56"
            options={[{ value: '', label: b.all }, ...optionsOf(inviteeStates, t.states)]}
            value={filter}
            onChange={(e) => setFilter(e.target.value as InviteeState | '')}
          />
        </div>
        {shown.length === 0 ? (
          <p className="text-slate-600">{b.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="board">
            {shown.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-center gap-3 py-3"
                data-testid="invitee"
                data-email={i.email}
              >
                <div className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">
                    {i.firstName} {i.lastName}
                    {i.role ? <span className="font-normal text-slate-600"> · {i.role}</span> : null}
                  </span>
                  <span className="block break-all text-sm text-slate-600">{i.email}</span>
                  {i.mailError && (
                    <span className="block text-sm text-red-700">
                      {b.mailFailed}: {i.mailError}
                    </span>
                  )}
                  {i.contentIds.length > 0 && (
                    <span className="block text-sm">
                      {i.contentIds.map((id) => (
                        <Link key={id} to={`/eingang/${id}`} className="mr-2 text-brand hover:underline">
                          #{id}
                        </Link>
                      ))}
                    </span>
                  )}
                </div>
                <span className="text-sm" data-testid="invitee-state">
                  <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-800">
                    {t.states[i.state]}
                  </span>
                  {i.since && (
                    <span className="ml-2 text-slate-500">
                      {b.since} {when(i.since)}
                    </span>
                  )}
                </span>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    disabled={!!campaign.endedAt}
                    onClick={() =>
                      act(
                        () =>
                          call('POST /campaigns/:campaignId/invitees/:inviteeId/resend', {
                            params: { campaignId, inviteeId: i.id },
                          }),
                        b.resent,
                      )
                    }
                  >
                    {b.resend}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => {
                      if (window.confirm(b.removeConfirm(`${i.firstName} ${i.lastName}`)))
                        void act(
                          () =>
                            call('DELETE /campaigns/:campaignId/invitees/:inviteeId', {
                              params: { campaignId, inviteeId: i.id },
                            }),
                          b.removed,
                        );
                    }}
                  >
                    {b.remove}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {!campaign.endedAt && (
        <Card className="mb-6">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t.invitees.title}</h2>
          <InviteeImport
            campaignId={campaignId}
            known={new Set(invitees.map((i) => i.email.toLowerCase()))}
            onAdded={refresh}
          />
        </Card>
      )}

      {tenantRow && !campaign.endedAt && (
        <Card className="mb-6">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{b.sharedLink}</h2>
          <ShareLink tenant={tenantRow} link={sharedLink} />
        </Card>
      )}

      <Card>
        {editing ? (
          <CampaignForm
            tenants={[{ key: campaign.tenant, name: labels.label(campaign.tenant) }]}
            initial={campaign}
            submitLabel={t.save}
            onSubmit={async (values) => {
              const { tenant: _tenant, ...settings } = values;
              await act(() => call('PUT /campaigns/:campaignId', { params: { campaignId }, body: settings }), t.saved);
              setEditing(false);
            }}
          />
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t.editSettings}
            </Button>
            {!campaign.endedAt && (
              <Button
                variant="secondary"
                onClick={() => {
                  if (window.confirm(b.endConfirm))
                    void act(() => call('POST /campaigns/:campaignId/end', { params: { campaignId } }), b.ended);
                }}
              >
                {b.end}
              </Button>
            )}
            <Button
              variant="danger"
              onClick={async () => {
                if (!window.confirm(b.deleteConfirm)) return;
                try {
                  await call('DELETE /campaigns/:campaignId', { params: { campaignId } });
                  notify.success(b.deleted);
                  await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
                  navigate('/kampagnen');
                } catch (error) {
                  notifyFailure(error);
                }
              }}
            >
              {b.delete}
            </Button>
          </div>
        )}
      </Card>
    </Page>
  );
}
