import { useQuery, useQueryClient } from '@tanstack/react-query';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { FlowCards, usePersonalLink } from '../personal-links';

const t = texts.campaigns.invitation;

/**
 * The campaign's part of /e/<code>: who asks, what, until when, the flows offered (their contact
 * step prefilled with the person), "Ich möchte nicht teilnehmen"; after the deadline the team's
 * contact. Nothing for a link of no campaign.
 */
export function CampaignInvitation() {
  const personal = usePersonalLink();
  const code = personal?.code ?? '';
  const hasCampaign = personal?.link.campaignId !== null && personal?.link.campaignId !== undefined;
  const queryClient = useQueryClient();
  const invitation = useQuery({
    queryKey: ['invitation', code],
    queryFn: () => call('GET /personal-links/:code/campaign', { params: { code } }),
    enabled: hasCampaign,
    retry: false,
  });
  if (!hasCampaign || !personal) return null;
  if (invitation.isPending) return <Spinner text={texts.common.loading} />;
  if (!invitation.data) return null;
  const c = invitation.data;
  const link = personal.link;

  if (!c.open || link.state === 'expired')
    return (
      <section className="space-y-2 text-slate-700" data-testid="campaign-closed">
        <p>{texts.personalLinks.expiredContact}</p>
        <p className="font-medium text-slate-900">
          {t.expiredContact(c.senderName, '')}
          <a href={`mailto:${c.contactEmail}`} className="text-brand underline">
            {c.contactEmail}
          </a>
        </p>
      </section>
    );

  const decline = async () => {
    if (!window.confirm(t.declineConfirm)) return;
    try {
      await call('POST /personal-links/:code/campaign/decline', { params: { code } });
      notify.success(t.declined);
      await queryClient.invalidateQueries({ queryKey: ['invitation', code] });
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <section className="space-y-5" data-testid="campaign-invitation">
      <div className="space-y-2 text-slate-700">
        <p className="font-medium text-slate-900">{t.askedBy(c.senderName)}</p>
        <p className="whitespace-pre-line">{c.invitationText}</p>
        {c.questions.length > 0 && (
          <>
            <p className="font-medium text-slate-900">{t.questions}</p>
            <ul className="list-disc space-y-1 pl-5">
              {c.questions.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ul>
          </>
        )}
        <p>{t.until(c.deadline)}</p>
        {link.state === 'open' && link.contentIds.length > 0 && <p className="text-green-800">{t.submitted}</p>}
        {c.declined && <p>{t.declinedBefore}</p>}
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{t.choose}</h2>
      <FlowCards flows={c.flows} />
      {!c.declined && (
        <Button variant="ghost" onClick={decline}>
          {t.decline}
        </Button>
      )}
    </section>
  );
}
