export { TenantsPage } from './TenantsPage';
