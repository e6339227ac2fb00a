export { MembersPage } from './MembersPage';
export { TenantsPage } from './TenantsPage';
export { AcceptInvitationPage } from './AcceptInvitationPage';
