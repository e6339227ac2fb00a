import type { Role } from './roles';
import { tenants, type Tenant, type TenantKey } from './tenants';

/** Pages of a tenant's contributor flows, relative to the tenant's base path. */
export const flowPages = [
  'content-selection',
  'interview-category',
  'interview/:topic',
  'interview',
  'voice-message',
  'transcript-edit',
  'image-upload-after-voice',
  'contact-information',
  'upload',
  'thank-you',
  'image-upload',
  'image-description',
  'document-upload',
  'document-image-upload',
  'video-answer',
] as const;
export type FlowPage = (typeof flowPages)[number];

/**
 * The flow pages the anonymous public link offers below /p/<tenant>/ (besides its upload and
 * thank-you pages): the interview with its topics and instructions, and the voice message.
 */
export const publicFlowPages = [
  'interview-category',
  'interview/:topic',
  'voice-message',
  'transcript-edit',
  'image-upload-after-voice',
  'contact-information',
  'video-answer',
] as const satisfies readonly FlowPage[];

export type PageKey =
  | FlowPage
  | 'login'
  | 'reset-password'
  | 'setup'
  | 'no-role'
  | 'home'
  | 'dashboard'
  | 'modern-interview'
  | 'admin'
  | 'admin-users'
  | 'admin-tenants'
  | 'tenant-members'
  | 'tenant-invitation'
  | 'admin-outbox'
  | 'security'
  | 'inbox'
  | 'inbox-detail'
  | 'public-start'
  | 'public-upload'
  | 'public-thank-you'
  | 'personal-start'
  | 'personal-unsubscribe'
  | 'campaigns'
  | 'campaign-board'
  | 'campaign-shared'
  | 'approval'
  | 'accessibility'
  | 'account';

/**
 * `roles`: the listed seed roles, plus members of the route's tenant (`tenant`) and, with
 * `editors`, every tenant's editors. `member`: admins and members of the tenant in the path
 * (/t/:tenantKey/…, tenants an admin created).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'roles'; roles: readonly Role[]; editors?: boolean }
  | { kind: 'member' };

/** A user's one tenant and role in it (common/schemas/tenants.ts MembershipInfo). */
export type Member = { tenant: string; role: 'contributor' | 'editor' } | null;

/**
 * `viaPublicLink`: a page of the anonymous public link; its tenant comes from the path (/p/:tenant/…).
 * `tenantParam`: a page of a tenant an admin created; its tenant comes from the path (/t/:tenantKey/…).
 */
export type RouteDef = {
  path: string;
  page: PageKey;
  access: Access;
  tenant?: TenantKey;
  viaPublicLink?: boolean;
  /** A page of one person's personal link (/e/:code/…): the public link's pages, that person's tenant and data. */
  viaPersonalLink?: boolean;
  tenantParam?: boolean;
};

const pub: Access = { kind: 'public' };
const loggedIn: Access = { kind: 'authenticated' };
const only = (...roles: Role[]): Access => ({ kind: 'roles', roles });
const editorsAnd = (...roles: Role[]): Access => ({ kind: 'roles', roles, editors: true });
const member: Access = { kind: 'member' };

function tenantRoutes(tenant: Tenant): RouteDef[] {
  const access = only(...tenant.allowedRoles);
  const routes: RouteDef[] = flowPages.map((page) => ({
    path: `${tenant.basePath}/${page}`,
    page,
    access,
    tenant: tenant.key,
  }));
  if (tenant.basePath) routes.unshift({ path: tenant.homePath, page: 'dashboard', access, tenant: tenant.key });
  return routes;
}

/** The route table. Guards in the browser and role checks in the API both read it. */
export const routeTable: readonly RouteDef[] = [
  { path: '/login', page: 'login', access: pub },
  { path: '/reset-password', page: 'reset-password', access: pub },
  { path: '/setup', page: 'setup', access: pub },
  { path: '/no-role', page: 'no-role', access: loggedIn },
  { path: '/', page: 'home', access: loggedIn },
  { path: '/modern-interview', page: 'modern-interview', access: loggedIn },
  { path: '/security', page: 'security', access: loggedIn },
  { path: '/admin', page: 'admin', access: only('admin') },
  { path: '/admin/users', page: 'admin-users', access: only('admin') },
  { path: '/admin/outbox', page: 'admin-outbox', access: only('admin') },
  { path: '/admin/bereiche', page: 'admin-tenants', access: only('admin') },
  { path: '/mitglieder', page: 'tenant-members', access: editorsAnd() },
  { path: '/einladung', page: 'tenant-invitation', access: loggedIn },
  { path: '/eingang', page: 'inbox', access: editorsAnd('admin', 'vdi_admin') },
  { path: '/kampagnen', page: 'campaigns', access: editorsAnd('admin', 'vdi_admin') },
  { path: '/kampagnen/:campaignId', page: 'campaign-board', access: editorsAnd('admin', 'vdi_admin') },
  { path: '/eingang/:contentId', page: 'inbox-detail', access: editorsAnd('admin', 'vdi_admin') },
  { path: '/p/:tenant', page: 'public-start', access: pub, viaPublicLink: true },
  { path: '/p/:tenant/upload', page: 'public-upload', access: pub, viaPublicLink: true },
  { path: '/p/:tenant/thank-you', page: 'public-thank-you', access: pub, viaPublicLink: true },
  ...publicFlowPages.map((page): RouteDef => ({ path: `/p/:tenant/${page}`, page, access: pub, viaPublicLink: true })),
  // A personal link: the person's start page and the public link's flow pages for that person.
  { path: '/e/:code', page: 'personal-start', access: pub, viaPersonalLink: true },
  { path: '/e/:code/upload', page: 'public-upload', access: pub, viaPersonalLink: true },
  { path: '/e/:code/keine-erinnerungen', page: 'personal-unsubscribe', access: pub, viaPersonalLink: true },
  { path: '/e/:code/thank-you', page: 'public-thank-you', access: pub, viaPersonalLink: true },
  ...publicFlowPages.map((page): RouteDef => ({ path: `/e/:code/${page}`, page, access: pub, viaPersonalLink: true })),
  // A campaign's shared link: its questions, then the public link's pages (with its proof of work).
  { path: '/k/:code', page: 'campaign-shared', access: pub },
  { path: '/freigabe/:token', page: 'approval', access: pub },
  { path: '/barrierefreiheit', page: 'accessibility', access: pub },
  // Every signed-in person's own page; editors find their notification settings there too.
  { path: '/konto', page: 'account', access: loggedIn },
  ...Object.values(tenants).flatMap(tenantRoutes),
  // Tenants an admin created: the same pages below /t/<key>, the tenant read from the database.
  { path: '/t/:tenantKey', page: 'dashboard', access: member, tenantParam: true },
  ...flowPages.map((page): RouteDef => ({ path: `/t/:tenantKey/${page}`, page, access: member, tenantParam: true })),
];

/** Routes whose guard lets the request through without a role check. */
export function isOpenRoute(def: RouteDef): boolean {
  return def.access.kind === 'public' || def.access.kind === 'authenticated';
}

/** The guard's rule; `tenantKey` is the /t/:tenantKey of the path for `member` routes. */
export function mayEnter(def: RouteDef, role: Role | null, membership: Member = null, tenantKey?: string): boolean {
  const access = def.access;
  if (access.kind === 'public' || access.kind === 'authenticated') return true;
  if (access.kind === 'member') return role === 'admin' || (!!membership && membership.tenant === tenantKey);
  if (role !== null && access.roles.includes(role)) return true;
  if (!membership) return false;
  if (access.editors && membership.role === 'editor') return true;
  return !!def.tenant && membership.tenant === def.tenant;
}
