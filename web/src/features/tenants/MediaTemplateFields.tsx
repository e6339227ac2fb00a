import { captionStyles, cardLayouts, mediaFonts } from '../../../../common/media-template';
import type { TenantSettings } from '../../../../common/schemas/tenants';
import { texts } from '../../../../common/texts';

const t = texts.templates;
const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

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
    <label className="block space-y-1.5 text-sm font-medium text-slate-800">
      <span>{label}</span>
      <select
        className={selectClass}
        value={media[key]}
        onChange={(e) => set('media', { ...media, [key]: e.target.value })}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {names[o] ?? o}
          </option>
        ))}
      </select>
    </label>
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
