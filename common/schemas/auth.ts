import { z } from 'zod';
import { texts } from '../texts';

export const loginForm = z.object({
  email: z.string().trim().min(1, texts.auth.emailRequired),
  password: z.string().min(1, texts.auth.passwordRequired),
});
export type LoginForm = z.infer<typeof loginForm>;

export const newPasswordForm = z
  .object({
    password: z.string().min(8, texts.auth.passwordTooShort),
    repeat: z.string(),
  })
  .refine((v) => v.password === v.repeat, { message: texts.auth.passwordsDiffer, path: ['repeat'] });

/** Longest display name (every form and better-auth's own endpoints). */
export const NAME_MAX = 100;

export const setupForm = z.object({
  name: z.string().trim().min(1, texts.auth.nameRequired).max(NAME_MAX, texts.auth.nameTooLong),
  email: z.email(texts.auth.emailRequired),
  password: z.string().min(8, texts.auth.passwordTooShort),
});
export type SetupForm = z.infer<typeof setupForm>;
