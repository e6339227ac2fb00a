// No zod here: the browser reads roles on every page (the zod schema lives in schemas/admin.ts).
export const roles = ['firma_a', 'firma_b', 'testnormec', 'admin', 'vdi_admin', 'bank'] as const;
export type Role = (typeof roles)[number];

export function parseRole(value: unknown): Role | null {
  return typeof value === 'string' && (roles as readonly string[]).includes(value) ? (value as Role) : null;
}

/** The spec's landing table: where a role goes after login. */
export const landingRoute: Record<Role, string> = {
  firma_a: '/firma-a',
  firma_b: '/firma-b',
  testnormec: '/testnormec',
  admin: '/admin',
  vdi_admin: '/content-selection',
  bank: '/bank',
};

export function landingFor(role: Role | null): string {
  return role ? landingRoute[role] : '/no-role';
}

/** Roles that may review submissions of a tenant (the editorial team). */
export const editorRoles: readonly Role[] = ['admin', 'vdi_admin'];
