/** The front door of server/tenants: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export {
  accessFrom,
  accessOf,
  accessOfUser,
  editorScope,
  editsTenant,
  entersTenant,
  requireTenantEditor,
  type Access,
} from './access';
export { createMemberUser, memberCommand, TenantCliError, tenantCommand, tenantUsage } from './cli';
export { loadForEditor, requireEditor, type Editor, type Submission, type TenantScope } from './editor';
export { publicLinkTenant, requireOpenTenant } from './guard';
export { membershipsByUser } from './members';
export { TenantRegistry, type WithTenants } from './registry';
