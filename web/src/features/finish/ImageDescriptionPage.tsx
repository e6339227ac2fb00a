import { zodResolver } from '@hookform/resolvers/zod';
import { Mic, PencilLine } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isNumericId } from '../../../../common/content-id';
import { wAnswers, wQuestionKeys, type WAnswers } from '../../../../common/schemas/finish';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextareaField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { BackLink } from '../navigation';
import { contentIdState, keepDraft, useContentId, useDraftBase, useDraftSync } from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import '../../lib/zod-csp';
import { ignoreFailure } from '../../../../common/best-effort';

const f = texts.finish;

/**
 * After a photo or video: describe it by the W-questions or in a short voice interview (the image
 * interview at interview/image), then on to the thank-you page.
 */
export function ImageDescriptionPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  // Created only when the description is sent: opening the page leaves no empty submission.
  const { contentId, ensure } = useContentId({ kind: 'description', variant: 'image_interview', lazy: true });
  const [method, setMethod] = useState<'choose' | 'text'>('choose');
  useDraftSync();

  if (method === 'text')
    return (
      <WQuestionsForm
        ensure={ensure}
        onBack={() => setMethod('choose')}
        onDone={(id) => navigate(tenantPath(tenant, 'thank-you'), { state: contentIdState(id) })}
      />
    );

  return (
    <Page
      title={f.descriptionTitle}
      intro={f.descriptionIntro}
      back={<BackLink to={tenantPath(tenant, 'image-upload')} state={contentIdState(contentId)} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceButton
          icon={<PencilLine size={22} aria-hidden="true" />}
          title={f.describeByText}
          text={f.describeByTextHint}
          onClick={() => setMethod('text')}
        />
        <ChoiceButton
          icon={<Mic size={22} aria-hidden="true" />}
          title={f.describeByInterview}
          text={f.describeByInterviewHint}
          onClick={() => navigate(tenantPath(tenant, 'interview/image'), { state: contentIdState(contentId) })}
        />
      </div>
    </Page>
  );
}

function ChoiceButton({
  icon,
  title,
  text,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40"
    >
      <span className="mt-0.5 shrink-0 rounded-lg bg-slate-100 p-2.5 text-brand">{icon}</span>
      <span className="min-w-0">
        <span className="block hyphens-auto text-base font-semibold text-slate-900 group-hover:text-brand">
          {title}
        </span>
        <span className="mt-1 block text-sm text-slate-600">{text}</span>
      </span>
    </button>
  );
}

function WQuestionsForm({
  ensure,
  onBack,
  onDone,
}: {
  ensure: () => Promise<{ contentId: string | null }>;
  onBack: () => void;
  onDone: (contentId: string) => void;
}) {
  const draftBase = useDraftBase('description');
  const form = useForm<WAnswers>({
    resolver: zodResolver(wAnswers),
    defaultValues: { who: '', what: '', when: '', where: '', why: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(
    async (answers) => {
      const { contentId } = await ensure();
      if (!contentId) {
        notify.error(texts.common.errorTitle, f.wSaveFailed);
        throw new Error('no content id');
      }
      if (!isNumericId(contentId)) {
        // A local id: the answers are kept as a draft and go to the server once it answers again.
        const delivered = await keepDraft(contentId, draftBase, { wAnswers: answers }).catch(
          ignoreFailure('keep the answers on the device', null, { fallback: null }),
        );
        notify.success(f.wSavedTitle, delivered ? f.wSaved : f.wSavedLocally);
        return onDone(delivered ? String(delivered) : contentId);
      }
      try {
        await call('PUT /submissions/:contentId/description', { params: { contentId }, body: answers }, { contentId });
      } catch (error) {
        const message = error instanceof ApiError && error.status === 404 ? error.message : f.wSaveFailed;
        notify.error(texts.common.errorTitle, message);
        throw error;
      }
      notify.success(f.wSavedTitle, f.wSaved);
      onDone(contentId);
    },
    // The mistakes are said at their fields (the first is announced and focused), not in a toast too.
  );
  const firstError = wQuestionKeys.find((key) => errors[key]);
  const errorOf = (key: (typeof wQuestionKeys)[number]) => {
    const message = errors[key]?.message;
    return message === f.wIncomplete ? f.wAnswerMissing(f.wQuestions[key].label) : message;
  };

  return (
    <Page title={f.describeByText} intro={f.describeByTextHint}>
      <Card>
        <form
          noValidate
          onSubmit={(e) => void submit(e).catch(ignoreFailure('submit the answers'))}
          className="space-y-4"
        >
          {wQuestionKeys.map((key) => (
            <TextareaField
              key={key}
              label={f.wQuestions[key].label}
              hint={f.wQuestions[key].hint}
              rows={2}
              className="min-h-0"
              error={errorOf(key)}
              announce={key === firstError}
              required
              {...form.register(key)}
            />
          ))}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
              {f.chooseOtherMethod}
            </Button>
            <Button type="submit" disabled={isSubmitting || isSubmitSuccessful}>
              {isSubmitting ? f.wSubmitting : f.wSubmit}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
