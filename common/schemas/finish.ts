import { z } from 'zod';
import { texts } from '../texts';
import { consentKinds, type FormVariant } from '../finish-rules';

// The rules without zod live in finish-rules.ts (the browser's upload and finish pages need them).
export * from '../finish-rules';

const t = texts.finish;

const wAnswer = z.string({ error: t.wIncomplete }).trim().min(2, t.wIncomplete).max(2000, t.wTooLong);

/** Image description along the W-questions: every answer at least 2 characters (after trimming). */
export const wAnswers = z.object(
  { who: wAnswer, what: wAnswer, when: wAnswer, where: wAnswer, why: wAnswer },
  { error: t.wIncomplete },
);
export type WAnswers = z.infer<typeof wAnswers>;

/** The id of the tenant's version of a wording the page showed (server/consent checks it is the current one). */
const versionId = z.number({ error: t.consentUnknown }).int().positive().optional();

/**
 * A consent given on a page: the words shown and the id of their version. Without an id (a draft
 * kept on the device, an older page) the words must be one of the tenant's versions.
 */
export const recordConsent = z.object(
  {
    kind: z.enum(consentKinds, { error: t.consentUnknown }),
    text: z.string({ error: t.consentUnknown }).min(1, t.consentUnknown).max(2000, t.consentUnknown),
    textId: versionId,
  },
  { error: t.consentUnknown },
);
export type RecordConsent = z.infer<typeof recordConsent>;

const contactConsent = z.string({ error: t.consentUnknown }).min(1, t.consentUnknown).max(2000, t.consentUnknown);

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
      /** The contributor's role or job title, shown with their name where they agreed to be named. */
      role: z
        .string({ error: texts.common.invalidInput })
        .trim()
        .max(100, t.fieldTooLong)
        .optional()
        .nullable()
        .transform((v) => (v ? v : null)),
      /** Optional consents: publishing what is made of the submission, and naming the person. */
      publication: z.boolean({ error: texts.common.invalidInput }).optional().default(false),
      naming: z.boolean({ error: texts.common.invalidInput }).optional().default(false),
      /** The consent wording shown beside the form, stored word for word. */
      consentText: contactConsent,
      /** The versions of the tenant's wordings the form showed (contact, publication, naming). */
      consentTextIds: z
        .object({ contact: versionId, publication: versionId, naming: versionId }, { error: t.consentUnknown })
        .optional(),
      /** The checkboxes' words as shown (a draft kept on the device sends them without ids). */
      publicationText: contactConsent.optional(),
      namingText: contactConsent.optional(),
    },
    { error: texts.common.invalidInput },
  );
}
export type ContactForm = z.infer<ReturnType<typeof contactForm>>;
export type ContactFormInput = z.input<ReturnType<typeof contactForm>>;

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
