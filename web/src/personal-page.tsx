import { FlowCards, PersonalStartPage, usePersonalLink } from './features/personal-links';
import { OwnPageSection } from './features/own-page';
import { CampaignInvitation } from './features/campaigns';

/** A link of no campaign: the flows, for the person. */
function PlainLinkFlows() {
  const link = usePersonalLink()?.link;
  return link?.state === 'open' && link.campaignId === null ? <FlowCards /> : null;
}

/**
 * /e/<code>: the sections of each capability that makes personal links, in order. Each renders
 * nothing for a link that is not its own (a campaign's invitation, the contributor's own page).
 */
const sections = [PlainLinkFlows, CampaignInvitation, OwnPageSection];

export function PersonalPage() {
  return <PersonalStartPage sections={sections} />;
}
