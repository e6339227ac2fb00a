import { captionStyles, cardLayouts, mediaFonts } from '../../../../common/media-template';
import type { TenantSettings } from '../../../../common/schemas/tenants';
import { texts } from '../../../../common/texts';
import { optionsOf, SelectField } from '../../ui/Field';

const t = texts.templates;

type Props = {
  state: TenantSettings;
  set<K extends keyof TenantSettings>(k: K, v: TenantSettings[K]): void;
  errors: Partial<Record<string, string>>;
};

/** The tenant's templates for quote cards and clips (issue 39.5): layout, caption style, font. */
export function MediaTemplateFields({ state, set, errors }: Props) {
  const media = state.media;
  const field = <K extends keyof TenantSettings['media']>(
    key: K,
    label: string,
    options: readonly string[],
    names: Record<string, string>,
  ) => (
    <SelectField
      label={label}
      options={optionsOf(options, names)}
      value={media[key]}
      onChange={(e) => set('media', { ...media, [key]: e.target.value })}
    />
  );
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="media-template">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t.sectionTitle}</legend>
      <p className="text-xs text-slate-500">{t.sectionHint}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('cardLayout', t.cardLayoutLabel, cardLayouts, t.cardLayouts)}
        {field('captionStyle', t.captionStyleLabel, captionStyles, t.captionStyles)}
        {field('font', t.fontLabel, mediaFonts, t.fonts)}
      </div>
      {errors.media && (
        <p role="alert" className="text-sm text-red-600">
          {errors.media}
        </p>
      )}
    </fieldset>
  );
}
