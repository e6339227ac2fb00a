/** Campaigns: the editors' pages and the invitee's part of their personal page (issue 40). */
export { CampaignBoardPage } from './CampaignBoardPage';
export { CampaignInvitation } from './CampaignInvitation';
export { CampaignsPage } from './CampaignsPage';
export { UnsubscribePage } from './UnsubscribePage';
export { SharedCampaignPage } from './SharedCampaignPage';
