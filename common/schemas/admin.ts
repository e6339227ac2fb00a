import { z } from 'zod';
import { roles } from '../roles';
import { texts } from '../texts';

export const STATISTICS_WEEKS = 12;

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

export const OUTBOX_PAGE_SIZE = 20;
export const outboxQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const AUDIT_PAGE_SIZE = 15;
