import { texts } from './texts';

const t = texts.finish;

/** The W-questions, in the order the form asks them. */
export const wQuestionKeys = ['who', 'what', 'when', 'where', 'why'] as const;
export type WQuestionKey = (typeof wQuestionKeys)[number];

/** Which wording and rules a tenant's contact forms use: the bank's thank-you variant has its own. */
export type FormVariant = 'standard' | 'bank';

/** The contact forms' rules of a tenant row's thank-you and contact variant. */
export function formVariantOf(thanksVariant: string | undefined): FormVariant {
  return thanksVariant === 'bank' ? 'bank' : 'standard';
}

/** Consent kinds, each with the exact wording a person may agree to. */
export const consentKinds = ['contact', 'photo_rights', 'video_rights', 'publication', 'naming'] as const;
export type ConsentKind = (typeof consentKinds)[number];
export const consentWordings: Record<ConsentKind, readonly string[]> = {
  contact: [t.consent.contact],
  photo_rights: [t.consent.photo_rights],
  video_rights: [texts.videoAnswers.consentLabel],
  publication: [t.consent.publication],
  naming: [t.consent.naming],
};

/** Neither e-mail nor link given: the page treats saving as skipping. */
export function isPostContactEmpty(v: { email?: string | null; link?: string | null }): boolean {
  return !v.email?.trim() && !v.link?.trim();
}

/** The thank-you transcript preview: first 300 characters, then "n weitere Zeichen". */
export const TRANSCRIPT_PREVIEW_CHARS = 300;

/** Redirect after the contact form (spec: 1.5 s, bank 2 s). */
export const contactRedirectMs: Record<FormVariant, number> = { standard: 1500, bank: 2000 };
