import type { TenantSettings } from '../../../../common/schemas/tenants';
import {
  cardIcons,
  interviewTopics,
  profileFields,
  tenantProfiles,
  type CardIcon,
  type EntryCard,
  type TenantProfile,
} from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { formatLabels, surfaceChoices, uploadSurfaces, type UploadPage } from '../../../../common/upload-rules';
import { InputField, optionsOf, SelectField } from '../../ui/Field';

const t = texts.tenants;
/** Cards of the start and content selection pages that may carry their own texts. */
const textCards: readonly EntryCard[] = [
  'interview-category',
  'voice-message',
  'upload',
  'image-upload',
  'document-upload',
  'document-image-upload',
];
const topicTitle = (topic: string) =>
  texts.nav.topics.engineer[topic as keyof typeof texts.nav.topics.engineer]?.title ?? topic;

/** A surface's label from its data (formats, count, document limit): never typed in again. */
function surfaceLabel(id: keyof typeof uploadSurfaces): string {
  const s = uploadSurfaces[id];
  return t.surfaceLabel(
    formatLabels(s, ['photo', 'video', 'document']),
    s.maxFiles,
    'document' in s.maxMb ? s.maxMb.document : undefined,
  );
}

type Props = {
  state: TenantSettings;
  set<K extends keyof TenantSettings>(k: K, v: TenantSettings[K]): void;
  errors: Partial<Record<string, string>>;
};

/** The "Vorlage": fills the fields like the association, a company or the bank. */
export function ProfileField({ set }: Pick<Props, 'set'>) {
  return (
    <SelectField
      id="tenant-profile"
      label={t.fieldProfile}
      hint={t.profileHint}
      options={[{ value: '', label: t.profileNone }, ...optionsOf(tenantProfiles, t.profiles)]}
      defaultValue=""
      onChange={(e) => {
        const profile = e.target.value as TenantProfile | '';
        if (!profile) return;
        const p = profileFields[profile];
        set('wording', p.wording);
        set('thanksVariant', p.thanksVariant);
        set('entryCards', [...p.entryCards] as TenantSettings['entryCards']);
        set('startButtonColor', p.startButtonColor);
        set('generalInterview', p.generalInterview);
        set('topicIntros', [...p.topicIntros]);
        set('style', { ...p.style, areaLabel: undefined } as TenantSettings['style']);
      }}
    />
  );
}

/** Every field in which a tenant's pages differ (issue 30): colours, texts, upload surfaces, storage. */
export function StyleFields({ state, set, errors }: Props) {
  const style = state.style;
  const setStyle = <K extends keyof TenantSettings['style']>(k: K, v: TenantSettings['style'][K]) =>
    set('style', { ...style, [k]: v });
  const check = (label: string, checked: boolean, onChange: (on: boolean) => void) => (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
  return (
    <details className="rounded-lg border border-slate-200 p-3" open={!!errors.style || undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">{t.pagesTitle}</summary>
      <div className="mt-4 space-y-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label={t.fieldStartColor}
            value={state.startButtonColor ?? ''}
            hint={t.fieldStartColorHint}
            error={errors.startButtonColor}
            onChange={(e) => set('startButtonColor', e.target.value || null)}
          />
          <InputField
            label={t.fieldLogoText}
            value={state.logoText ?? ''}
            hint={t.fieldLogoTextHint}
            error={errors.logoText}
            onChange={(e) => set('logoText', e.target.value || null)}
          />
          <InputField
            label={t.fieldFooterName}
            value={state.footerName ?? ''}
            hint={t.fieldFooterNameHint}
            error={errors.footerName}
            onChange={(e) => set('footerName', e.target.value || null)}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t.fieldTopics}</legend>
          {check(t.fieldGeneralInterview, state.generalInterview, (on) => set('generalInterview', on))}
          <div className="grid gap-2 sm:grid-cols-2">
            {interviewTopics.map((topic) =>
              check(`${t.fieldTopicIntro}: ${topicTitle(topic)}`, state.topicIntros.includes(topic), (on) =>
                set('topicIntros', on ? [...state.topicIntros, topic] : state.topicIntros.filter((x) => x !== topic)),
              ),
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t.fieldSurfaces}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(Object.keys(surfaceChoices) as UploadPage[]).map((page) => (
              <SelectField
                key={page}
                compact
                label={t.surfacePages[page] ?? page}
                options={optionsOf(surfaceChoices[page]!, surfaceLabel)}
                value={style.uploadSurfaces[page] ?? surfaceChoices[page]![0]}
                onChange={(e) =>
                  setStyle('uploadSurfaces', {
                    ...style.uploadSurfaces,
                    [page]: e.target.value as keyof typeof uploadSurfaces,
                  })
                }
              />
            ))}
          </div>
        </fieldset>
        <div className="space-y-2">
          {check(t.fieldFileUploadScreens, style.fileUploadScreens, (on) => setStyle('fileUploadScreens', on))}
          {check(t.fieldAnnounceLocalId, style.announceLocalId, (on) => setStyle('announceLocalId', on))}
          {check(t.fieldOwnStorageKeys, style.ownStorageKeys, (on) => setStyle('ownStorageKeys', on))}
          {check(t.fieldTranscriptSave, style.transcriptSaveAndContinue, (on) =>
            setStyle('transcriptSaveAndContinue', on),
          )}
          <SelectField
            compact
            wrapperClassName="max-w-md space-y-1"
            label={t.fieldVoiceVariant}
            options={optionsOf(['voice', 'bank_voice'] as const, t.voiceVariants)}
            value={style.voiceVariant}
            onChange={(e) => setStyle('voiceVariant', e.target.value as TenantSettings['style']['voiceVariant'])}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t.fieldCardTexts}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {textCards.map((card) => {
              const own = style.cardTexts[card];
              const standard = texts.nav.cards[card];
              const setText = (part: 'title' | 'text', value: string) => {
                const next = { title: own?.title ?? '', text: own?.text ?? '', [part]: value };
                const rest = { ...style.cardTexts };
                delete rest[card];
                setStyle('cardTexts', next.title || next.text ? { ...rest, [card]: next } : rest);
              };
              return (
                <div key={card} className="space-y-1 rounded-md bg-slate-50 p-2">
                  <p className="text-xs font-medium text-slate-600">{t.cardHeading(t.cards[card] ?? card)}</p>
                  <input
                    aria-label={t.cardTitle(t.cards[card] ?? card)}
                    placeholder={standard.title}
                    className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                    value={own?.title ?? ''}
                    onChange={(e) => setText('title', e.target.value)}
                  />
                  <input
                    aria-label={t.cardText(t.cards[card] ?? card)}
                    placeholder={standard.text}
                    className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                    value={own?.text ?? ''}
                    onChange={(e) => setText('text', e.target.value)}
                  />
                  <SelectField
                    compact
                    hideLabel
                    label={t.cardIcon(t.cards[card] ?? card)}
                    options={[{ value: '', label: t.iconStandard }, ...optionsOf(cardIcons, t.icons)]}
                    value={style.cardIcons[card] ?? ''}
                    onChange={(e) => {
                      const rest = { ...style.cardIcons };
                      delete rest[card];
                      setStyle('cardIcons', e.target.value ? { ...rest, [card]: e.target.value as CardIcon } : rest);
                    }}
                  />
                </div>
              );
            })}
          </div>
        </fieldset>
        {errors.style && (
          <p role="alert" className="text-sm text-red-600">
            {errors.style}
          </p>
        )}
      </div>
    </details>
  );
}
