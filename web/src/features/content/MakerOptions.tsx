import { type CaptionStyle, type CardLayout, captionStyles, cardLayouts } from '../../../../common/media-template';
import type { ContentOverview } from '../../../../common/contracts/content';
import { texts } from '../../../../common/texts';
import { InputField, optionsOf, SelectField } from '../../ui/Field';

const t = texts.templates;

export type ClipOptionsValue = { captionStyle: CaptionStyle; hook: string; showName: boolean };

/** What a clip shows beside the picture: caption style, hook line, the name as a lower third (issue 39.3). */
export function ClipOptions({
  data,
  value,
  onChange,
}: {
  data: ContentOverview;
  value: ClipOptionsValue;
  onChange(v: ClipOptionsValue): void;
}) {
  const canName = data.consent.naming && !!data.contributor.name;
  return (
    <div className="space-y-3" data-testid="clip-options">
      <SelectField
        label={t.captionStyleLabel}
        options={optionsOf(captionStyles, t.captionStyles)}
        value={value.captionStyle}
        onChange={(e) => onChange({ ...value, captionStyle: e.target.value as CaptionStyle })}
      />
      <InputField
        label={t.hookLabel}
        hint={t.hookHint}
        maxLength={80}
        value={value.hook}
        onChange={(e) => onChange({ ...value, hook: e.target.value })}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={value.showName && canName}
          disabled={!canName}
          onChange={(e) => onChange({ ...value, showName: e.target.checked })}
        />
        <span>
          {t.lowerThird}
          {canName ? ` (${[data.contributor.name, data.contributor.role].filter(Boolean).join(', ')})` : ''}
          {!data.consent.naming && <span className="block text-xs text-slate-500">{t.lowerThirdNoConsent}</span>}
        </span>
      </label>
    </div>
  );
}

/** The card's layout (the tenant's template preselected). */
export function CardLayoutField({ value, onChange }: { value: CardLayout; onChange(v: CardLayout): void }) {
  return (
    <SelectField
      label={t.cardLayoutLabel}
      options={optionsOf(cardLayouts, t.cardLayouts)}
      value={value}
      onChange={(e) => onChange(e.target.value as CardLayout)}
    />
  );
}
