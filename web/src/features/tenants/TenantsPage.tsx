import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  contrastWithWhite,
  MIN_CONTRAST,
  newTenant,
  tenantCards,
  tenantDefaults,
  tenantSettings,
  thanksVariants,
  type NewTenant,
  type TenantSettings,
} from '../../../../common/schemas/tenants';
import type { TenantInfo } from '../../../../common/contracts/tenants';
import { interviewTopics } from '../../../../common/tenants';
import { VIDEO_ANSWER_MAX_SECONDS, VIDEO_ANSWER_MIN_SECONDS } from '../../../../common/video-answers';
import { texts } from '../../../../common/texts';
import { type Answer, apiUrl, call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InputField, optionsOf, SelectField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { AdminNav } from '../admin';
import { ShareLink } from '../sharing';
import { MembersPanel } from './MembersPanel';
import { ConsentTextsPanel } from '../own-page';
import { ProfileField, StyleFields } from './StyleFields';
import { MediaTemplateFields } from './MediaTemplateFields';
import '../../lib/zod-csp';
import { ignoreFailure } from '../../../../common/best-effort';
import { patienceLevels, type Patience } from '../../../../common/schemas/interview';

const t = texts.tenants;
const topicTitle = (topic: string) =>
  texts.nav.topics.engineer[topic as keyof typeof texts.nav.topics.engineer]?.title ?? topic;

type FormState = TenantSettings & { key: string };
type TenantListItem = Answer<'GET /admin/tenants'>[number];
type Errors = Partial<Record<string, string>>;

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);
}

/** Create (no `tenant`) or edit a tenant; every rule is checked again by the server. */
function TenantForm({ tenant, onDone }: { tenant?: TenantInfo; onDone(): void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FormState>(tenant ? { ...tenant } : { ...tenantDefaults, key: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setState((s) => ({ ...s, [k]: v }));
  const ratio = /^#[0-9a-fA-F]{6}$/.test(state.brandColor) ? contrastWithWhite(state.brandColor) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = tenant ? tenantSettings.safeParse(state) : newTenant.safeParse(state);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (tenant) await call('PUT /admin/tenants/:key', { params: { key: tenant.key }, body: parsed.data });
      else await call('POST /admin/tenants', { body: parsed.data as NewTenant }); // newTenant parsed it
      notify.success(tenant ? t.saved : t.created, state.name);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
      onDone();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  }

  async function uploadLogo(file: File) {
    if (!tenant) return;
    try {
      const res = await fetch(apiUrl('PUT /admin/tenants/:key/logo', { key: tenant.key }), {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
      const body = await res
        .json()
        .catch(ignoreFailure('read an error body', null, { level: 'debug', fallback: null }));
      if (!res.ok) throw new ApiError(res.status, body?.message ?? texts.common.internalError);
      notify.success(t.logoUploaded, tenant.name);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
    } catch (error) {
      notifyFailure(error);
    }
  }

  return (
    <Card className="mb-6">
      <form noValidate onSubmit={submit} aria-label={tenant ? t.edit : t.create} className="space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">{tenant ? `${t.edit}: ${tenant.name}` : t.create}</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t.fieldName}
            value={state.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          {tenant ? (
            <InputField label={t.fieldKey} value={state.key} disabled readOnly />
          ) : (
            <InputField
              label={t.fieldKey}
              value={state.key}
              error={errors.key}
              hint={t.fieldKeyHint}
              autoComplete="off"
              onChange={(e) => set('key', e.target.value)}
            />
          )}
          <div>
            <InputField
              label={t.fieldColor}
              value={state.brandColor}
              error={errors.brandColor}
              hint={t.fieldColorHint}
              onChange={(e) => set('brandColor', e.target.value)}
            />
            <div className="mt-2 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex h-9 items-center rounded-md px-3 text-sm font-semibold text-white"
                style={{ background: ratio ? state.brandColor : '#94a3b8' }}
              >
                {state.name || t.fieldName}
              </span>
              {ratio !== null && (
                <span className={`text-sm ${ratio >= MIN_CONTRAST ? 'text-green-700' : 'text-red-700'}`}>
                  {ratio.toFixed(1).replace('.', ',')} : 1
                </span>
              )}
            </div>
          </div>
          <ProfileField set={set} />
          <SelectField
            id="tenant-wording"
            label={t.fieldWording}
            options={[
              { value: 'engineer', label: t.wordingEngineering },
              { value: 'banker', label: t.wordingBanking },
            ]}
            value={state.wording}
            onChange={(e) => set('wording', e.target.value as FormState['wording'])}
          />
          <SelectField
            id="tenant-thanks"
            label={t.fieldThanks}
            options={optionsOf(thanksVariants, t.thanksVariants)}
            value={state.thanksVariant}
            onChange={(e) => set('thanksVariant', e.target.value as FormState['thanksVariant'])}
          />
          <label className="flex items-center gap-2 self-end text-sm font-medium text-slate-800">
            <input type="checkbox" checked={state.publicLink} onChange={(e) => set('publicLink', e.target.checked)} />
            {t.fieldPublicLink}
          </label>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t.fieldCards}</legend>
          <div className="flex flex-wrap gap-4">
            {tenantCards.map((card) => (
              <label key={card} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={(state.entryCards as string[]).includes(card)}
                  onChange={(e) => set('entryCards', toggle(state.entryCards, card, e.target.checked))}
                />
                {t.cards[card]}
              </label>
            ))}
          </div>
          {errors.entryCards && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {errors.entryCards}
            </p>
          )}
          <div className="mt-3 max-w-xs">
            <InputField
              label={texts.videoAnswers.fieldMaxSeconds}
              type="number"
              inputMode="numeric"
              min={VIDEO_ANSWER_MIN_SECONDS}
              max={VIDEO_ANSWER_MAX_SECONDS}
              value={Number.isFinite(state.videoMaxSeconds) ? String(state.videoMaxSeconds) : ''}
              error={errors.videoMaxSeconds}
              onChange={(e) => set('videoMaxSeconds', e.target.value === '' ? Number.NaN : Number(e.target.value))}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t.fieldTopics}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {interviewTopics.map((topic) => (
              <div key={topic} className="space-y-1">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={state.topics.includes(topic)}
                    onChange={(e) => set('topics', toggle(state.topics, topic, e.target.checked))}
                  />
                  {topicTitle(topic)}
                </label>
                <input
                  aria-label={`${t.fieldAgents}: ${topicTitle(topic)}`}
                  placeholder="agent_…"
                  className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                  value={state.agentIds[topic] ?? ''}
                  onChange={(e) => set('agentIds', { ...state.agentIds, [topic]: e.target.value })}
                />
                <SelectField
                  compact
                  wrapperClassName="flex items-center gap-2"
                  label={t.fieldPatience}
                  aria-label={`${t.fieldPatience}: ${topicTitle(topic)}`}
                  title={t.patienceHint}
                  options={optionsOf(patienceLevels, t.patience)}
                  value={state.interviewPatience?.[topic] ?? 'patient'}
                  onChange={(e) =>
                    set('interviewPatience', { ...state.interviewPatience, [topic]: e.target.value as Patience })
                  }
                />
              </div>
            ))}
          </div>
          {(errors.topics || errors.agentIds) && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {errors.topics ?? errors.agentIds}
            </p>
          )}
        </fieldset>
        <StyleFields state={state} set={set} errors={errors} />
        <MediaTemplateFields state={state} set={set} errors={errors} />
        {tenant && (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <h3 className="text-base font-semibold text-slate-900">{t.members}</h3>
            <MembersPanel tenantKey={tenant.key} canAddEditors />
          </div>
        )}
        {tenant && <ConsentTextsPanel tenantKey={tenant.key} />}
        {tenant && (
          <div className="space-y-1.5">
            <label htmlFor="tenant-logo" className="block text-sm font-medium text-slate-800">
              {t.fieldLogo}
            </label>
            {tenant.logoUrl && <img src={tenant.logoUrl} alt="" className="h-10" />}
            <input
              id="tenant-logo"
              type="file"
              accept="image/png,image/webp"
              onChange={(e) => e.target.files?.[0] && uploadLogo(e.target.files[0])}
            />
          </div>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {tenant ? t.save : t.create}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DeleteConfirm({ tenant, onDone }: { tenant: TenantListItem; onDone(): void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div role="group" aria-label={t.delete} className="mt-3 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-900">{t.deleteConfirm(tenant.name)}</p>
      <InputField
        label={t.deleteConfirmLabel}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
      />
      <div className="flex gap-2">
        <Button
          variant="danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await call('DELETE /admin/tenants/:key', { params: { key: tenant.key }, query: { confirmKey: typed } });
              notify.success(t.deleted, tenant.name);
              await queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
              onDone();
            } catch (error) {
              notifyFailure(error);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t.delete}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}

function TenantRow({ tenant, onEdit }: { tenant: TenantListItem; onEdit(): void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const archived = !!tenant.archivedAt;
  return (
    <li className="py-4" aria-label={tenant.name}>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_2.5fr] sm:items-center">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-block h-8 w-8 shrink-0 rounded-md"
            style={{ background: tenant.brandColor }}
          />
          <div className="min-w-0">
            <p className="font-medium text-slate-900 wrap-anywhere">{tenant.name}</p>
            <p className="text-xs text-slate-500 wrap-anywhere">
              {tenant.key}
              {tenant.builtin ? ` · ${t.builtin}` : ''}
            </p>
          </div>
        </div>
        <p className="text-sm text-slate-700">{t.submissionCount(tenant.submissions)}</p>
        <p className="text-sm text-slate-700">{t.memberCount(tenant.contributors + tenant.editors)}</p>
        <p className={`text-sm font-medium ${archived ? 'text-amber-700' : 'text-green-700'}`}>
          {archived ? t.archived : t.active}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit}>
            {t.edit}
          </Button>
          <Button variant="ghost" aria-expanded={sharing} onClick={() => setSharing((x) => !x)}>
            {sharing ? texts.sharing.hide : texts.sharing.show}
          </Button>
          <Button
            variant="ghost"
            onClick={async () => {
              try {
                await call('POST /admin/tenants/:key/archive', {
                  params: { key: tenant.key },
                  body: { archived: !archived },
                });
                notify.success(archived ? t.unarchivedDone : t.archivedDone, tenant.name);
                await queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
              } catch (error) {
                notifyFailure(error);
              }
            }}
          >
            {archived ? t.unarchive : t.archive}
          </Button>
          {!tenant.builtin && (
            <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
              {t.delete}
            </Button>
          )}
        </div>
      </div>
      {confirming && <DeleteConfirm tenant={tenant} onDone={() => setConfirming(false)} />}
      {sharing && (
        <div className="mt-3 rounded-lg border border-slate-200 p-3">
          {tenant.publicLink && !archived ? (
            <ShareLink tenant={tenant} />
          ) : (
            <p className="text-sm text-slate-700">{texts.sharing.off}</p>
          )}
        </div>
      )}
    </li>
  );
}

/** /admin/bereiche: the tenants with their counts; create, edit, archive, delete. */
export function TenantsPage() {
  const list = useQuery({
    queryKey: ['admin', 'tenants'],
    queryFn: () => call('GET /admin/tenants'),
  });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const current = list.data?.find((x) => x.key === editing);
  return (
    <Page
      title={t.pageTitle}
      intro={t.pageIntro}
      width="xl"
      actions={editing === null ? <Button onClick={() => setEditing('new')}>{t.create}</Button> : undefined}
    >
      <AdminNav />
      {editing === 'new' && <TenantForm onDone={() => setEditing(null)} />}
      {current && <TenantForm key={current.key} tenant={current} onDone={() => setEditing(null)} />}
      <Card>
        {list.isPending ? (
          <Spinner text={texts.common.loading} />
        ) : list.isError ? (
          <p role="alert" className="text-red-700">
            {texts.admin.noData}
          </p>
        ) : list.data.length === 0 ? (
          <p>{t.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t.pageTitle}>
            {list.data.map((x) => (
              <TenantRow key={x.key} tenant={x} onEdit={() => setEditing(x.key)} />
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}
