import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consentKinds, type ConsentKind } from '../../../../common/finish-rules';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { InputField, optionsOf, SelectField, TextareaField } from '../../ui/Field';
import { day } from './format';

const t = texts.ownPage;

/** The admin's part of a tenant on /admin/bereiche: consent texts with their versions, retention, record of processing. */
export function ConsentTextsPanel({ tenantKey }: { tenantKey: string }) {
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: ['consent-texts', tenantKey],
    queryFn: () => call('GET /admin/tenants/:key/consent-texts', { params: { key: tenantKey } }),
  });
  const retention = useQuery({
    queryKey: ['retention', tenantKey],
    queryFn: () => call('GET /admin/tenants/:key/retention', { params: { key: tenantKey } }),
  });
  const [kind, setKind] = useState<ConsentKind>('video_rights');
  const [draft, setDraft] = useState('');
  const [months, setMonths] = useState<string>('');
  const save = useMutation({
    mutationFn: () =>
      call('POST /admin/tenants/:key/consent-texts', { params: { key: tenantKey }, body: { kind, text: draft } }),
    onSuccess: () => {
      setDraft('');
      notify.success(t.textSaved);
      return client.invalidateQueries({ queryKey: ['consent-texts', tenantKey] });
    },
    onError: notifyFailure,
  });
  const saveMonths = useMutation({
    mutationFn: () =>
      call('PUT /admin/tenants/:key/retention', { params: { key: tenantKey }, body: { months: Number(months) } }),
    onSuccess: (r) => client.setQueryData(['retention', tenantKey], r),
    onError: notifyFailure,
  });
  const ofKind = versions.data?.filter((v) => v.kind === kind) ?? [];
  return (
    <div className="space-y-4 border-t border-slate-100 pt-4">
      <div className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">{t.textsTitle}</h3>
        <p className="text-sm text-slate-600">{t.textsIntro}</p>
        <SelectField
          id={`consent-kind-${tenantKey}`}
          label={t.textKindLabel}
          className="sm:w-72"
          options={optionsOf(consentKinds, t.consentKinds)}
          value={kind}
          onChange={(e) => setKind(e.target.value as ConsentKind)}
        />
        <ul className="space-y-2 text-sm">
          {ofKind.map((v) => (
            <li key={v.id}>
              <span className="font-medium text-slate-800">
                {t.versionLine(v.version, day(v.validFrom), v.validUntil ? day(v.validUntil) : null)}
              </span>
              <blockquote className="border-l-4 border-slate-200 pl-3 text-slate-700">{v.text}</blockquote>
            </li>
          ))}
        </ul>
        <TextareaField label={t.textLabel} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button
          variant="secondary"
          disabled={save.isPending || draft.trim().length === 0}
          onClick={() => save.mutate()}
        >
          {t.textSave}
        </Button>
      </div>
      <div className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">{t.retentionTitle}</h3>
        <InputField
          label={t.retentionLabel}
          type="number"
          min={1}
          max={120}
          value={months || String(retention.data?.months ?? '')}
          onChange={(e) => setMonths(e.target.value)}
        />
        <Button variant="secondary" disabled={!months || saveMonths.isPending} onClick={() => saveMonths.mutate()}>
          {t.retentionSave}
        </Button>
        {retention.data && (
          <>
            <p className="text-sm text-slate-700">{t.retentionDue(retention.data.due.length)}</p>
            <ul className="text-sm text-slate-700">
              {retention.data.due.map((d) => (
                <li key={d.contentId}>
                  {t.retentionDueLine(d.contentId, day(d.lastUsedAt), d.warnedAt ? day(d.warnedAt) : null)}
                </li>
              ))}
            </ul>
          </>
        )}
        <a
          className="block text-sm text-brand underline"
          href={apiUrl('GET /admin/tenants/:key/processing.md', { key: tenantKey })}
        >
          {t.processingExport}
        </a>
      </div>
    </div>
  );
}
