import type { Kysely } from 'kysely';
import {
  consentWordings,
  contactForm,
  type FormVariant,
  postContactForm,
  recordConsent,
  wAnswers,
  type ConsentKind,
} from '../../common/schemas/finish';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import type { Submission } from '../submissions';
import { liveKinds } from '../consent';
import { insertConsent, listConsents, updateSubmission } from './queries';

/** Saves the image description along the W-questions (trimmed answers, as JSON). */
export async function saveDescription(db: Kysely<DB>, submission: Submission, body: unknown): Promise<void> {
  const answers = wAnswers.parse(body);
  await updateSubmission(db, submission.id, { w_answers: JSON.stringify(answers), updated_at: now() });
}

/**
 * Saves the thank-you contact form with the tenant's rules, stamps completed_at (once) and keeps
 * the consent wording the person agreed to, in one transaction.
 */
export async function saveContact(
  db: Kysely<DB>,
  submission: Submission,
  body: unknown,
  variant: FormVariant,
): Promise<void> {
  const contact = contactForm(variant).parse(body);
  const t = now();
  await db.transaction().execute(async (trx) => {
    await updateSubmission(trx, submission.id, {
      contact_first_name: contact.firstName,
      contact_last_name: contact.lastName,
      contact_email: contact.email,
      contact_role: contact.role ?? null,
      completed_at: submission.completed_at ?? t,
      updated_at: t,
    });
    const ids = contact.consentTextIds ?? {};
    await insertConsent(trx, {
      contentId: submission.id,
      kind: 'contact',
      text: contact.consentText,
      textId: ids.contact,
      givenAt: t,
    });
    // The checkboxes' words as shown (older pages sent none: the catalogue's, which they showed).
    const words = { publication: contact.publicationText, naming: contact.namingText };
    for (const kind of ['publication', 'naming'] as const) {
      if (contact[kind])
        await insertConsent(trx, {
          contentId: submission.id,
          kind,
          text: words[kind] ?? (ids[kind] === undefined ? consentWordings[kind][0]! : undefined),
          textId: ids[kind],
          givenAt: t,
        });
    }
  });
}

/** Saves the post's e-mail, link and description; empty values are stored as null. */
export async function savePostContact(
  db: Kysely<DB>,
  submission: Submission,
  body: unknown,
  variant: FormVariant,
): Promise<void> {
  const post = postContactForm(variant).parse(body ?? {});
  await updateSubmission(db, submission.id, {
    post_email: post.email,
    post_link: post.link,
    post_description: post.description,
    updated_at: now(),
  });
}

/** Records a consent (e.g. the photo rights checkbox): the tenant's version shown (server/consent checks it). */
export async function recordSubmissionConsent(
  db: Kysely<DB>,
  submission: Submission,
  body: unknown,
): Promise<{ id: number }> {
  const consent = recordConsent.parse(body);
  const row = await insertConsent(db, {
    contentId: submission.id,
    kind: consent.kind,
    text: consent.text,
    textId: consent.textId,
    givenAt: now(),
  });
  return { id: Number(row.id) };
}

export async function consentsOf(db: Kysely<DB>, submission: Submission) {
  const [rows, { live }] = await Promise.all([listConsents(db, submission.id), liveKinds(db, submission.id)]);
  // Only consents in force: a withdrawn one is the ledger's history, shown on the person's own page.
  return rows
    .filter((r) => r.action === 'given' && live.has(r.kind as ConsentKind))
    .map((r) => ({ kind: r.kind as ConsentKind, text: r.text, givenAt: r.given_at }));
}
