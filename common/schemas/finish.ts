import { z } from 'zod';
import type { TenantKey } from '../tenants';
import { texts } from '../texts';

const t = texts.finish;

/** The W-questions, in the order the form asks them. */
export const wQuestionKeys = ['who', 'what', 'when', 'where', 'why'] as const;
export type WQuestionKey = (typeof wQuestionKeys)[number];

const wAnswer = z
  .string({ error: t.wIncomplete })
  .trim()
  .min(2, t.wIncomplete)
  .max(2000, t.wTooLong);

/** Image description along the W-questions: every answer at least 2 characters (after trimming). */
export const wAnswers = z.object({ who: wAnswer, what: wAnswer, when: wAnswer, where: wAnswer, why: wAnswer }, { error: t.wIncomplete });
export type WAnswers = z.infer<typeof wAnswers>;

/** Which wording and rules a tenant's contact forms use: the bank has its own. */
export type FormVariant = 'standard' | 'bank';
export const formVariantOf: Record<TenantKey, FormVariant> = {
  vdi: 'standard',
  firma_a: 'standard',
  firma_b: 'standard',
  bank: 'bank',
  testnormec: 'standard',
};

export function formVariantOfTenant(tenant: string): FormVariant {
  return formVariantOf[tenant as TenantKey] ?? 'standard';
}

/** Consent kinds, each with the exact wording a person may agree to. */
export const consentKinds = ['contact', 'photo_rights'] as const;
export type ConsentKind = (typeof consentKinds)[number];
export const consentWordings: Record<ConsentKind, readonly string[]> = {
  contact: [t.consent.contact],
  photo_rights: [t.consent.photo_rights],
};

export const recordConsent = z
  .object(
    {
      kind: z.enum(consentKinds, { error: t.consentUnknown }),
      text: z.string({ error: t.consentUnknown }).max(2000, t.consentUnknown),
    },
    { error: t.consentUnknown },
  )
  .refine((c) => consentWordings[c.kind].includes(c.text), { message: t.consentUnknown, path: ['text'] });
export type RecordConsent = z.infer<typeof recordConsent>;

const contactConsent = z
  .string({ error: t.consentUnknown })
  .refine((text) => consentWordings.contact.includes(text), t.consentUnknown);

const requiredName = (min: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(100, t.fieldTooLong);

/** The thank-you contact form: first name, last name, e-mail; the bank checks names for 2 characters. */
export function contactForm(variant: FormVariant) {
  const bank = variant === 'bank';
  const emailMessage = bank ? t.bankEmailInvalid : t.emailInvalid;
  return z.object(
    {
      firstName: bank ? requiredName(2, t.bankFirstNameMin) : requiredName(1, t.firstNameRequired),
      lastName: bank ? requiredName(2, t.bankLastNameMin) : requiredName(1, t.lastNameRequired),
      email: z.string({ error: emailMessage }).trim().max(254, t.fieldTooLong).pipe(z.email(emailMessage)),
      /** The consent wording shown beside the form, stored word for word. */
      consentText: contactConsent,
    },
    { error: texts.common.invalidInput },
  );
}
export type ContactForm = z.infer<ReturnType<typeof contactForm>>;

const optionalText = (max: number) =>
  z
    .string({ error: texts.common.invalidInput })
    .trim()
    .max(max, t.fieldTooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * Contact information for the post: all optional, empty values become null; a description is
 * required as soon as an e-mail address or a link is given (each tenant's own wording).
 */
export function postContactForm(variant: FormVariant) {
  const emailMessage = variant === 'bank' ? t.bankEmailInvalid : t.emailInvalid;
  return z
    .object(
      {
        email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, emailMessage),
        link: optionalText(2000).refine((v) => v === null || isWebLink(v), t.postLinkInvalid),
        description: optionalText(2000),
      },
      { error: texts.common.invalidInput },
    )
    .superRefine((v, ctx) => {
      if ((v.email || v.link) && !v.description) {
        ctx.addIssue({ code: 'custom', message: t.postDescriptionRequired[variant], path: ['description'] });
      }
    });
}
export type PostContactInput = z.input<ReturnType<typeof postContactForm>>;
export type PostContact = z.output<ReturnType<typeof postContactForm>>;

/** Neither e-mail nor link given: the page treats saving as skipping. */
export function isPostContactEmpty(v: { email?: string | null; link?: string | null }): boolean {
  return !v.email?.trim() && !v.link?.trim();
}

/** The thank-you transcript preview: first 300 characters, then "n weitere Zeichen". */
export const TRANSCRIPT_PREVIEW_CHARS = 300;

/** Redirect after the contact form (spec: 1.5 s, bank 2 s). */
export const contactRedirectMs: Record<FormVariant, number> = { standard: 1500, bank: 2000 };
