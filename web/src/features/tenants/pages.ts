export { MembersPage } from './MembersPage';
export { TenantsPage } from './TenantsPage';
