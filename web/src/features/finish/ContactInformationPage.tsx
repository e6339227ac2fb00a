import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isNumericId } from '../../../../common/content-id';
import {
  isPostContactEmpty,
  postContactForm,
  type PostContact,
  type PostContactInput,
} from '../../../../common/schemas/finish';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { BackLink } from '../navigation';
import { Card } from '../../ui/Card';
import { InputField, TextareaField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import {
  contentIdState,
  forgetKept,
  keepDraft,
  keepForSubmission,
  useDraftBase,
  useDraftSync,
  useKnownContentId,
} from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import { finishProfileOf } from './profile';
import '../../lib/zod-csp';
import { ignoreFailure } from '../../../../common/best-effort';

const f = texts.finish;

/**
 * Contact information for the post (association: /contact-information → /thank-you; bank:
 * /bank/contact-information → /bank/thank-you). All optional; neither e-mail nor link = skip.
 */
export function ContactInformationPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const contentId = useKnownContentId();
  const profile = finishProfileOf(tenant);
  const schema = postContactForm(profile.variant);
  const form = useForm<PostContactInput, unknown, PostContact>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', link: '', description: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const timer = useRef<number | undefined>(undefined);
  const draftBase = useDraftBase('upload');
  useDraftSync();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!contentId) notify.warning(texts.common.warningTitle, f.noInterviewId);
  }, [contentId]);

  const goOn = () => navigate(tenantPath(tenant, 'thank-you'), { state: contentIdState(contentId) });

  const submit = form.handleSubmit(
    async (values) => {
      if (!contentId) {
        notify.error(f.noInterviewIdTitle, f.noInterviewId);
        throw new Error('no content id');
      }
      if (!isNumericId(contentId)) {
        // A local id: kept as a draft, sent once the server answers again.
        await keepDraft(contentId, draftBase, { post: values }).catch(
          ignoreFailure('keep the post contact on the device', null, { fallback: null }),
        );
      } else {
        try {
          await call(
            'PUT /submissions/:contentId/post-contact',
            { params: { contentId }, body: values },
            { contentId },
          );
          void forgetKept(Number(contentId), 'post').catch(
            ignoreFailure('forget the kept post contact', null, { level: 'debug', fallback: null }),
          );
        } catch (error) {
          // A refusal says why; a server fault: 'Es gab ein Problem …'; no connection or 503: 'konnten nicht gespeichert werden' (kept here).
          const unreachable = !(error instanceof ApiError) || error.unreachable;
          const message =
            !unreachable && error.status < 500 ? error.message : unreachable ? f.postSaveFailed : f.postSaveProblem;
          notify.error(f.postSaveFailedTitle, message);
          // Storage or database down (503) or no connection: kept in the browser, sent once it answers.
          if (
            error instanceof ApiError &&
            error.unreachable &&
            (await keepForSubmission(Number(contentId), draftBase, { post: values }).catch(() => false))
          ) {
            notify.warning(texts.common.outageTitle, texts.common.outageKeptLocally);
          }
          throw error;
        }
        notify.success(f.postSavedTitle, f.postSaved);
      }
      if (profile.postContactRedirectMs > 0) timer.current = window.setTimeout(goOn, profile.postContactRedirectMs);
      else goOn();
    },
    (invalid) => {
      if (invalid.description) notify.error(f.postDescriptionRequiredTitle, invalid.description.message);
    },
  );

  const onSubmit = (e: FormEvent) => {
    // Neither e-mail nor link: skip without validating (the spec's rule).
    const v = form.getValues();
    if (isPostContactEmpty(v)) {
      e.preventDefault();
      goOn();
      return;
    }
    void submit(e).catch(ignoreFailure('submit the contact page'));
  };

  return (
    <Page
      title={texts.nav.pageHeadings['contact-information']}
      intro={f.postContactIntro}
      back={<BackLink to={tenant.homePath} />}
    >
      <Card>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={f.postContactTitle}>
          <InputField
            label={f.postEmail}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <InputField
            label={f.postLink}
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errors.link?.message}
            {...form.register('link')}
          />
          <TextareaField
            label={f.postDescription}
            hint={f.postDescriptionHint}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={goOn} disabled={isSubmitting}>
              {f.postSkip}
            </Button>
            <Button type="submit" disabled={isSubmitting || isSubmitSuccessful}>
              {isSubmitting ? f.postSubmitting : f.postSubmit}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
