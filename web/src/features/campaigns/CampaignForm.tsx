import { useState, type FormEvent } from 'react';
import { campaignFlows, DEFAULT_REMINDER_DAYS, type CampaignFlow } from '../../../../common/campaign-values';
import type { CampaignSummary } from '../../../../common/contracts/campaigns';
import type { InterviewTopic } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { useTenant } from '../../current-tenant/TenantContext';
import { Button } from '../../ui/Button';
import { InputField, optionsOf, SelectField, TextareaField } from '../../ui/Field';

const t = texts.campaigns;

/** What the form sends (the server checks it with the shared schema). */
export type CampaignFormValues = {
  tenant: string;
  name: string;
  flows: CampaignFlow[];
  topic: InterviewTopic | null;
  questions: string[];
  deadline: string;
  invitationText: string;
  senderName: string;
  contactEmail: string;
  reminderDays: number[];
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A campaign's settings, new (prefilled from the tenant's topics) or to change. */
export function CampaignForm({
  tenants,
  initial,
  submitLabel,
  onSubmit,
}: {
  tenants: { key: string; name: string }[];
  initial?: CampaignSummary;
  submitLabel: string;
  onSubmit(values: CampaignFormValues): Promise<void>;
}) {
  const tenant = useTenant();
  const plans = texts.interview.plans[tenant.wording];
  const firstTopic = tenant.topics[0] ?? null;
  const [tenantKey, setTenantKey] = useState(initial?.tenant ?? tenants[0]?.key ?? tenant.key);
  const [name, setName] = useState(initial?.name ?? '');
  const [flows, setFlows] = useState<CampaignFlow[]>(
    (initial?.flows as CampaignFlow[]) ?? ['voice', 'video-answer', 'upload'],
  );
  const [topic, setTopic] = useState<InterviewTopic | null>((initial?.topic as InterviewTopic | null) ?? firstTopic);
  const [questions, setQuestions] = useState(
    initial?.questions.join('\n') ?? (firstTopic ? plans[firstTopic].questions.join('\n') : ''),
  );
  const [deadline, setDeadline] = useState(initial?.deadline.slice(0, 10) ?? inDays(21));
  const [invitationText, setInvitationText] = useState(initial?.invitationText ?? t.defaultInvitation(tenant.name));
  const [senderName, setSenderName] = useState(initial?.senderName ?? '');
  const [contactEmail, setContactEmail] = useState(initial?.contactEmail ?? '');
  const [reminders, setReminders] = useState((initial?.reminderDays ?? DEFAULT_REMINDER_DAYS).join(', '));
  const [busy, setBusy] = useState(false);

  const chooseTopic = (value: InterviewTopic) => {
    setTopic(value);
    setQuestions(plans[value].questions.join('\n'));
  };
  const toggle = (flow: CampaignFlow) =>
    setFlows((now) => (now.includes(flow) ? now.filter((f) => f !== flow) : [...now, flow]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit({
        tenant: tenantKey,
        name,
        flows: campaignFlows.filter((f) => flows.includes(f)),
        topic,
        questions: questions
          .split('\n')
          .map((q) => q.trim())
          .filter(Boolean),
        deadline,
        invitationText,
        senderName,
        contactEmail,
        reminderDays: reminders
          .split(/[,;\s]+/)
          .filter(Boolean)
          .map(Number),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={submitLabel}>
      <InputField
        label={t.fields.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={120}
      />
      {!initial && tenants.length > 1 && (
        <SelectField
          id="campaign-tenant"
          label={t.fields.tenant}
          options={tenants.map((x) => ({ value: x.key, label: x.name }))}
          value={tenantKey}
          onChange={(e) => setTenantKey(e.target.value)}
        />
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t.fields.flows}</legend>
        {campaignFlows.map((flow) => (
          <label key={flow} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input type="checkbox" className="h-5 w-5" checked={flows.includes(flow)} onChange={() => toggle(flow)} />
            {t.flows[flow]}
          </label>
        ))}
      </fieldset>
      {tenant.topics.length > 0 && (
        <SelectField
          id="campaign-topic"
          label={t.fields.topic}
          options={optionsOf(tenant.topics, (x) => texts.nav.topics[tenant.wording][x].title)}
          value={topic ?? ''}
          onChange={(e) => chooseTopic(e.target.value as InterviewTopic)}
        />
      )}
      <TextareaField label={t.fields.questions} value={questions} onChange={(e) => setQuestions(e.target.value)} />
      <InputField
        label={t.fields.deadline}
        type="date"
        value={deadline}
        onChange={(e) => setDeadline(e.target.value)}
        required
      />
      <TextareaField
        label={t.fields.invitationText}
        value={invitationText}
        onChange={(e) => setInvitationText(e.target.value)}
      />
      <InputField
        label={t.fields.senderName}
        value={senderName}
        onChange={(e) => setSenderName(e.target.value)}
        required
      />
      <InputField
        label={t.fields.contactEmail}
        type="email"
        value={contactEmail}
        onChange={(e) => setContactEmail(e.target.value)}
        required
      />
      <InputField label={t.fields.reminderDays} value={reminders} onChange={(e) => setReminders(e.target.value)} />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
