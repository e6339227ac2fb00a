import { z } from 'zod';
import { roles, type Role } from '../roles';
import type { TenantKey } from '../tenants';
import { texts } from '../texts';

/** The spec's "admin statistics per role", per tenant (the bank included). */
export type TenantStatistics = {
  /** A seed key or a created tenant's key (server/tenants). */
  tenant: TenantKey | (string & {});
  totalInterviews: number;
  totalMediaUploads: number;
  activeUsers: number;
  /** The three most active users by interviews plus uploads. */
  topUsers: {
    userId: string;
    userEmail: string | null;
    interviewsCount: number;
    mediaUploadsCount: number;
    lastActivity: string;
  }[];
};

export type WeeklySubmissions = { week: string; counts: Partial<Record<TenantKey | (string & {}), number>> };

export type AdminStatistics = {
  tenants: TenantStatistics[];
  /** The last weeks, oldest first; weeks start on Monday (UTC). */
  weekly: WeeklySubmissions[];
};

export const STATISTICS_WEEKS = 12;

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  deactivated: boolean;
  createdAt: string;
  /** Whether the account has a password yet (an invitation not yet accepted has none). */
  hasPassword: boolean;
  /** The tenant membership access uses (stored, or the seed role's); null for admins and "none". */
  membership: { tenant: string; role: 'contributor' | 'editor' } | null;
};

/** Role in the admin forms: one of ours, or 'none'. */
export const roleSchema = z.enum(roles);
export const roleChoice = z.union([roleSchema, z.literal('none')]);

export const inviteUser = z.object({
  email: z.email(texts.admin.userEmailInvalid).transform((e) => e.trim().toLowerCase()),
  name: z.string().trim().max(100, texts.auth.nameTooLong).optional(),
  role: roleChoice,
});
export type InviteUser = z.input<typeof inviteUser>;

export const changeRole = z.object({ role: roleChoice });

export const userIdParam = z.object({ userId: z.string().min(1).max(100) });

export type OutboxMail = { id: number; to: string; subject: string; body: string; createdAt: string };
export type OutboxPage = { mails: OutboxMail[]; total: number; page: number; pageSize: number };
export const OUTBOX_PAGE_SIZE = 20;
export const outboxQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export type AuditEntry = {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  target: string;
  tenant: string | null;
  detail: Record<string, unknown> | null;
};
export const AUDIT_PAGE_SIZE = 15;
