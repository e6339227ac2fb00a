/** Campaigns: asking named people for their story, and following up until it is in (issue 40). */
export { campaignRoutes } from './routes';
export { remindAsOf, startCampaignScheduler } from './mail';
export { eraseCampaignPerson, exportCampaignPerson } from './person';
export { sharedCampaignByCode } from './shared';
