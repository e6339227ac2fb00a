import { z } from 'zod';

export const roles = ['firma_a', 'firma_b', 'testnormec', 'admin', 'vdi_admin', 'bank'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export function parseRole(value: unknown): Role | null {
  const parsed = roleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
