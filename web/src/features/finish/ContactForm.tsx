import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { isLocalId, isNumericId } from '../../../../common/content-id';
import {
  contactForm,
  type ContactForm as ContactValues,
  type ContactFormInput,
  type FormVariant,
} from '../../../../common/schemas/finish';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/Field';
import { forgetKept, keepDraft, keepForSubmission, useConsentTexts, useDraftBase } from '../submissions';
import { useLinkedPerson } from '../personal-links';
import '../../lib/zod-csp';
import { ignoreFailure } from '../../../../common/best-effort';

const f = texts.finish;
const LOCAL_SAVE_MS = 500;

/**
 * The thank-you contact form (first name, last name, e-mail) with the tenant's rules. The consent
 * sentence shown under it is sent along and stored word for word. Calls onSaved after success.
 */
export function ContactForm({
  contentId,
  variant,
  onSaved,
}: {
  contentId: string | null;
  variant: FormVariant;
  /** `message`: what was saved and where (shown on the page, where the focus goes); `ownPage`: the code of the own page's link, when the server made one. */
  onSaved: (message: string, ownPage?: string | null) => void;
}) {
  // Through a personal link the person is known: their details are filled in (they may change them).
  const person = useLinkedPerson();
  const form = useForm<ContactFormInput, unknown, ContactValues>({
    resolver: zodResolver(contactForm(variant)),
    defaultValues: {
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      email: person?.email ?? '',
      role: person?.role ?? '',
      publication: false,
      naming: false,
      consentText: f.consent.contact,
    },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const draftBase = useDraftBase('upload');
  // The tenant's current words, shown here and sent back with their versions' ids.
  const shown = useConsentTexts();

  const submit = form.handleSubmit(async (entered) => {
    // A draft kept on the device carries the words only: the server recognises their version later.
    const values: ContactValues = {
      ...entered,
      consentText: shown.contact.text,
      publicationText: shown.publication.text,
      namingText: shown.naming.text,
    };
    const sent: ContactValues = {
      ...values,
      consentTextIds: {
        contact: shown.contact.textId,
        publication: shown.publication.textId,
        naming: shown.naming.textId,
      },
    };
    if (!contentId) {
      notify.error(texts.common.errorTitle, f.contactIdMissing);
      return;
    }
    if (isLocalId(contentId) || !isNumericId(contentId)) {
      // A local id: saving takes at least the spec's 0.5 s; the details are kept as a draft and
      // reach the server once it answers again (until then, the test-mode message).
      const [delivered] = await Promise.all([
        keepDraft(contentId, draftBase, { contact: values }).catch(
          ignoreFailure('keep the contact on the device', null, { fallback: null }),
        ),
        new Promise((r) => setTimeout(r, LOCAL_SAVE_MS)),
      ]);
      notify.success(f.contactSavedTitle, delivered ? f.contactSaved : f.contactSavedLocally);
      onSaved(delivered ? f.contactSaved : f.contactSavedLocally);
      return;
    }
    try {
      const result = await call(
        'PUT /submissions/:contentId/contact',
        { params: { contentId }, body: sent },
        { contentId },
      );
      void forgetKept(Number(contentId), 'contact').catch(
        ignoreFailure('forget the kept contact', null, { level: 'debug', fallback: null }),
      );
      notify.success(f.contactSavedTitle, f.contactSaved);
      onSaved(f.contactSaved, result.ownPage);
    } catch (error) {
      // A refusal says why; a server fault is 'Es ist ein unerwarteter Fehler aufgetreten.'; no connection or 503: 'später erneut' (kept here).
      const unreachable = !(error instanceof ApiError) || error.unreachable;
      const message =
        !unreachable && error.status < 500 ? error.message : unreachable ? f.contactSaveFailed : f.unexpectedError;
      notify.error(texts.common.errorTitle, message);
      // Storage or database down (503) or no connection: kept in the browser, sent once it answers.
      if (
        error instanceof ApiError &&
        error.unreachable &&
        (await keepForSubmission(Number(contentId), draftBase, { contact: values }).catch(() => false))
      ) {
        notify.warning(texts.common.outageTitle, texts.common.outageKeptLocally);
      }
      throw error;
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e).catch(ignoreFailure('submit the contact form'))}
      className="space-y-4"
      aria-label={f.contactTitle}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={f.firstName}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <InputField
          label={f.lastName}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <InputField
        label={f.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <InputField
        label={f.roleLabel}
        placeholder={f.roleHint}
        autoComplete="organization-title"
        error={errors.role?.message}
        {...form.register('role')}
      />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-1 h-4 w-4 shrink-0" {...form.register('publication')} />
        <span>{shown.publication.text}</span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-1 h-4 w-4 shrink-0" {...form.register('naming')} />
        <span>{shown.naming.text}</span>
      </label>
      <p className="text-xs leading-relaxed text-slate-600" data-testid="contact-consent">
        {shown.contact.text}
      </p>
      <Button type="submit" block disabled={isSubmitting || isSubmitSuccessful}>
        {isSubmitting ? f.contactSubmitting : f.contactSubmit}
      </Button>
    </form>
  );
}
