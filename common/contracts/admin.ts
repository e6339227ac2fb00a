import { z } from 'zod';
import { roleSchema } from '../schemas/admin';
import { membershipInfo } from './tenants';

/** The spec's "admin statistics per role", per tenant (the bank included). */
export const tenantStatistics = z.object({
  /** A seed key or a created tenant's key (server/tenants). */
  tenant: z.string(),
  totalInterviews: z.number(),
  totalMediaUploads: z.number(),
  activeUsers: z.number(),
  /** The three most active users by interviews plus uploads. */
  topUsers: z.array(
    z.object({
      userId: z.string(),
      userEmail: z.string().nullable(),
      interviewsCount: z.number(),
      mediaUploadsCount: z.number(),
      lastActivity: z.string(),
    }),
  ),
});

/** Submissions per tenant key in one week (Monday, UTC). */
export const weeklySubmissions = z.object({ week: z.string(), counts: z.partialRecord(z.string(), z.number()) });

export const adminStatistics = z.object({
  tenants: z.array(tenantStatistics),
  /** The last weeks, oldest first; weeks start on Monday (UTC). */
  weekly: z.array(weeklySubmissions),
});

/** An account in the admin's user list. */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema.nullable(),
  deactivated: z.boolean(),
  createdAt: z.string(),
  /** Whether the account has a password yet (an invitation not yet accepted has none). */
  hasPassword: z.boolean(),
  /** The tenant membership access uses (stored, or the seed role's); null for admins and "none". */
  membership: membershipInfo.nullable(),
});

export const userInvited = adminUser.pick({ id: true, email: true });
export const roleChanged = z.object({ ok: z.literal(true), role: roleSchema.nullable() });

export const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const outboxPage = z.object({
  mails: z.array(outboxMail),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Whether mails go out by SMTP (else they only land here). */
  smtp: z.boolean(),
});

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  tenant: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export type TenantStatistics = z.output<typeof tenantStatistics>;
export type WeeklySubmissions = z.output<typeof weeklySubmissions>;
export type AdminStatistics = z.output<typeof adminStatistics>;
export type AdminUser = z.output<typeof adminUser>;
export type OutboxMail = z.output<typeof outboxMail>;
export type OutboxPage = z.output<typeof outboxPage>;
export type AuditEntry = z.output<typeof auditEntry>;
