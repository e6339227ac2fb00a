import { z } from 'zod';
import { membershipRoles, tenantSettings } from '../schemas/tenants';
import type { TenantRow } from '../tenants';

/** A tenant as the API gives it: what the admin sets, and what the server keeps beside it. */
export const tenantInfo = tenantSettings.extend({
  key: z.string(),
  /** URL of the logo, null when none was uploaded. */
  logoUrl: z.string().nullable(),
  /** One of the seed's tenants (own routes like /firma-a); others live under /t/<key>. */
  builtin: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The brand a page outside the tenant's own pages wears (approval link, own page): name, colour, logo. */
export const tenantBrand = z.object({ name: z.string(), brandColor: z.string(), logoUrl: z.string().nullable() });
export type TenantBrand = z.infer<typeof tenantBrand>;

/** What the inbox and the dashboard show of a tenant. */
export const tenantLabel = tenantInfo
  .pick({ key: true, name: true, brandColor: true, builtin: true })
  .extend({ archived: z.boolean() });

/** The admin list: each tenant with its counts. */
export const tenantListItem = tenantInfo.extend({
  submissions: z.number(),
  contributors: z.number(),
  editors: z.number(),
});

const membershipRole = z.enum(membershipRoles);

/** What the signed-in user belongs to. */
export const membershipInfo = z.object({ tenant: z.string(), role: membershipRole });

/** The user's tenant and landing page. */
export const myTenant = z.object({
  admin: z.boolean(),
  membership: membershipInfo.nullable(),
  tenant: tenantInfo.nullable(),
  landing: z.string(),
});

/** A tenant's member: a stored membership or one of the seed's role holders (`seed`). */
export const tenantMember = z.object({
  id: z.string(),
  email: z.string(),
  role: membershipRole,
  createdAt: z.string(),
  seed: z.boolean(),
});

/** The same answer whether the address has an account or not. */
export const memberInvited = z.object({ email: z.string(), invited: z.literal(true) });
export const memberChanged = z.object({ ok: z.literal(true), role: membershipRole });
export const invitationAccepted = z.object({ ok: z.literal(true), membership: membershipInfo });
export const tenantDeleted = z.object({ ok: z.literal(true), submissions: z.number(), files: z.number() });
/** The tenant after its new logo (null if it was deleted meanwhile). */
export const logoSet = z.object({ ok: z.literal(true), tenant: tenantInfo.nullable() });

export type TenantInfo = z.output<typeof tenantInfo>;
export type TenantLabel = z.output<typeof tenantLabel>;
export type TenantListItem = z.output<typeof tenantListItem>;
export type MembershipInfo = z.output<typeof membershipInfo>;
export type MyTenant = z.output<typeof myTenant>;
export type TenantMember = z.output<typeof tenantMember>;

/** A row is what the page's tenant is built from (common/tenants.ts tenantView). */
export type RowIsTenantRow = TenantInfo extends TenantRow ? true : never;
const _rowCheck: RowIsTenantRow = true;
void _rowCheck;
