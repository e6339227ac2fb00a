import { Images, MessageSquare, Mic, Video } from 'lucide-react';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { CardGrid, LinkCard } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useTenant } from '../../current-tenant/TenantContext';

const p = texts.publicLink;

/** /p/<tenant>: what the public link offers, without an account. */
export function PublicStartPage() {
  const tenant = useTenant();
  return (
    <Page title={p.startTitle} width="lg">
      <CardGrid>
        <LinkCard
          to={tenantPath(tenant, 'interview-category')}
          title={p.cards.interview.title}
          text={p.cards.interview.text}
          icon={<MessageSquare size={22} aria-hidden="true" />}
        />
        <LinkCard
          to={tenantPath(tenant, 'voice-message')}
          title={p.cards.voice.title}
          text={p.cards.voice.text}
          icon={<Mic size={22} aria-hidden="true" />}
        />
        {tenant.dashboardCards.includes('video-answer') && (
          <LinkCard
            to={tenantPath(tenant, 'video-answer')}
            title={texts.videoAnswers.card.title}
            text={texts.videoAnswers.card.text}
            icon={<Video size={22} aria-hidden="true" />}
          />
        )}
        <LinkCard
          to={tenantPath(tenant, 'upload')}
          title={p.cards.upload.title}
          text={p.cards.upload.text}
          icon={<Images size={22} aria-hidden="true" />}
        />
      </CardGrid>
    </Page>
  );
}
