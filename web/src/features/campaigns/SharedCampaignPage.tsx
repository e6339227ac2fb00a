import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { TenantProvider } from '../../current-tenant/TenantContext';
import { storageKeys } from '../../lib/storage';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { FlowCards } from '../personal-links';

const t = texts.campaigns;

/**
 * /k/<code>: a campaign's shared link (an event, a notice board). Its questions without any
 * person, then the public link's pages (proof of work and limits as there); what is sent there
 * answers the campaign.
 */
export function SharedCampaignPage() {
  const code = useParams().code ?? '';
  const shared = useQuery({
    queryKey: ['shared-campaign', code],
    queryFn: () => call('GET /campaigns/shared/:code', { params: { code } }),
    retry: false,
  });
  const view = shared.data;
  useEffect(() => {
    if (view?.open) sessionStorage.setItem(storageKeys.sharedCampaign, JSON.stringify({ code, tenant: view.tenant }));
  }, [view, code]);
  if (shared.isPending) return <Spinner fill text={texts.common.loading} />;
  if (!view) return <Page title={t.errors.notFound} />;
  if (!view.open)
    return (
      <Page title={texts.personalLinks.expiredTitle} intro={t.errors.ended}>
        <p className="text-slate-700">
          {texts.personalLinks.expiredContact}{' '}
          <a href={`mailto:${view.contactEmail}`} className="text-brand underline">
            {view.contactEmail}
          </a>
        </p>
      </Page>
    );
  return (
    <TenantProvider tenant={view.tenant} viaPublicLink>
      <Page title={t.shared.title(view.name)} intro={t.shared.intro} width="lg">
        <div className="mb-6 space-y-2 text-slate-700">
          <p className="whitespace-pre-line">{view.invitationText}</p>
          {view.questions.length > 0 && (
            <ul className="list-disc space-y-1 pl-5">
              {view.questions.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ul>
          )}
          <p>{t.invitation.until(view.deadline)}</p>
        </div>
        <FlowCards flows={view.flows} />
      </Page>
    </TenantProvider>
  );
}
