/**
 * Personal links: the one mechanism by which a named person reaches their flows and their own page
 * without an account (`/e/<code>`; docs/ARCHITECTURE.md "Personal links"). Other capabilities use
 * only what is exported here.
 */
export {
  type LinkedPerson,
  type Person,
  type PersonalLinkRow,
  type Resolved,
  attachSubmission,
  codeOfLink,
  createPersonalLink,
  createPersonalLinks,
  endCampaignLinks,
  erasePersonalLinks,
  exportPersonalLinks,
  findLink,
  isOpen,
  resolvePersonalLink,
  revokePersonalLink,
  eraseSubmissionLinks,
  submissionLink,
  submissionsOfLink,
} from './service';
export { codeRouteLimit, openPersonOf, resolveForRequest } from './caller';
export { personalLinkRoutes } from './routes';
