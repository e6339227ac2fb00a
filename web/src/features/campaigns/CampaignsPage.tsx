import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { useTenantLabels } from '../../current-tenant/labels';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../auth';
import { CampaignForm, type CampaignFormValues } from './CampaignForm';

const t = texts.campaigns;

/** /kampagnen: the campaigns the editor may manage, and a new one. */
export function CampaignsPage() {
  const list = useQuery({ queryKey: ['campaigns'], queryFn: () => call('GET /campaigns') });
  const labels = useTenantLabels();
  const { role, membership } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  // An editor makes campaigns in their tenant; an admin (and vdi_admin: the association) chooses.
  const tenants =
    role === 'admin'
      ? labels.rows.filter((r) => !r.archived).map((r) => ({ key: r.key, name: labels.label(r.key) }))
      : [{ key: membership?.tenant ?? 'vdi', name: labels.label(membership?.tenant ?? 'vdi') }];

  const create = async (values: CampaignFormValues) => {
    try {
      const created = await call('POST /campaigns', { body: values });
      notify.success(t.created);
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      navigate(`/kampagnen/${created.id}`);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Page
      title={t.listTitle}
      intro={t.listIntro}
      width="lg"
      actions={
        !creating && (
          <Button onClick={() => setCreating(true)} data-testid="new-campaign">
            {t.newTitle}
          </Button>
        )
      }
    >
      {creating && (
        <Card className="mb-6">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t.newTitle}</h2>
          <CampaignForm tenants={tenants} submitLabel={t.create} onSubmit={create} />
        </Card>
      )}
      {list.isPending ? (
        <Spinner text={texts.common.loading} />
      ) : list.data?.length ? (
        <ul className="space-y-3">
          {list.data.map((c) => (
            <li key={c.id}>
              <Link
                to={`/kampagnen/${c.id}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand"
              >
                <span className="block font-semibold text-slate-900">{c.name}</span>
                <span className="block text-sm text-slate-600">
                  {labels.label(c.tenant)} · {t.board.deadline(c.deadline)} · {c.submitted}/{c.invitees}{' '}
                  {t.states.eingereicht}
                  {c.endedAt ? ` · ${t.board.ended}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t.none}</p>
      )}
    </Page>
  );
}
