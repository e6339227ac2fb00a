import { Images, type LucideIcon, MessageSquare, Mic, Video } from 'lucide-react';
import { publicFlows, tenantPath, type PublicFlow } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { CardGrid, LinkCard } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useTenant } from '../../current-tenant/TenantContext';

const p = texts.publicLink;

const flowCards: Record<PublicFlow, { title: string; text: string; Icon: LucideIcon }> = {
  'interview-category': { ...p.cards.interview, Icon: MessageSquare },
  'voice-message': { ...p.cards.voice, Icon: Mic },
  'video-answer': { ...texts.videoAnswers.card, Icon: Video },
  upload: { ...p.cards.upload, Icon: Images },
};

/** The cards of what the public link offers (publicFlows), optionally without one of them. */
export function PublicFlowCards({ without }: { without?: PublicFlow }) {
  const tenant = useTenant();
  return (
    <CardGrid>
      {publicFlows(tenant.dashboardCards)
        .filter((flow) => flow !== without)
        .map((flow) => {
          const { title, text, Icon } = flowCards[flow];
          return (
            <LinkCard
              key={flow}
              to={tenantPath(tenant, flow)}
              title={title}
              text={text}
              icon={<Icon size={22} aria-hidden="true" />}
            />
          );
        })}
    </CardGrid>
  );
}

/** /p/<tenant>: what the public link offers, without an account. */
export function PublicStartPage() {
  return (
    <Page title={p.startTitle} width="lg">
      <PublicFlowCards />
    </Page>
  );
}
