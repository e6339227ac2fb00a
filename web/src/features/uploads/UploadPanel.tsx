import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileText, Trash2, Upload as UploadIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { defaultUploadLimits, fileFormats, type FileFormat, type UploadLimits } from '../../../../common/upload-rules';
import type { MediaItem } from '../../../../common/contracts/uploads';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Progress } from '../../ui/Progress';
import { call } from '../../api/client';
import { acceptAttribute } from './select';
import { dropZoneLabel } from './upload-notices';
import { type Selected, type UploadPanelOptions, useUploadPanel } from './useUploadPanel';

const t = texts.uploads;

/** The server's photo and video limits, so the page states and checks what the server enforces. */
export function useUploadLimits(): UploadLimits {
  const { data } = useQuery({
    queryKey: ['media-limits'],
    queryFn: async () => {
      const body = await call('GET /media/limits');
      return { photoMb: body.maxPhotoMb, videoMb: body.maxVideoMb } satisfies UploadLimits;
    },
    staleTime: Infinity,
  });
  return data ?? defaultUploadLimits;
}

/** A phone or tablet without a mouse: nothing to drag, the person taps. */
const touchScreen = () =>
  typeof window !== 'undefined' &&
  !!window.matchMedia?.('(pointer: coarse)').matches &&
  !window.matchMedia('(pointer: fine)').matches;

/**
 * One upload surface: pick or drop files, see previews and sizes, confirm the picture rights,
 * upload with a real progress bar. The surface (common/upload-rules.ts) decides what is allowed.
 */
export function UploadPanel(props: UploadPanelOptions) {
  const { surface, tabs } = props;
  const limits = useUploadLimits();
  const panel = useUploadPanel(props, limits);
  const { selection, rights, phase, progress, needsRights, canUpload } = panel;
  const [tab, setTab] = useState<'document' | 'photo'>('document');
  const rightsHintId = useId();

  const counts = useMemo(
    () => ({
      document: selection.filter((s) => s.kind === 'document').length,
      photo: selection.filter((s) => s.kind === 'photo').length,
    }),
    [selection],
  );
  const shown = tabs ? selection.filter((s) => s.kind === tab) : selection;
  const tabFormats = tabs ? surface.formats.filter((f) => fileFormats[f].kind === tab) : surface.formats;
  const formatLabels = [...new Set(tabFormats.map((f) => fileFormats[f].label))];

  const selectionArea = (
    <>
      <DropZone
        takes={takesOnly(tabFormats)}
        accept={acceptAttribute({ ...surface, formats: tabFormats })}
        multiple={surface.maxFiles > 1}
        hint={`${surface.maxFiles === 1 ? t.dropZoneMax(1) : t.dropZoneMax(surface.maxFiles)} · ${t.allowedFormats(formatLabels)}`}
        disabled={phase === 'uploading'}
        onFiles={(files) => panel.add(files, tabs ? tab : undefined)}
      />
      <SelectedFiles shown={shown} disabled={phase === 'uploading'} onRemove={panel.remove} />
    </>
  );

  return (
    <div className="space-y-4">
      {tabs ? (
        <KindTabs tab={tab} onTab={setTab} counts={counts}>
          {selectionArea}
        </KindTabs>
      ) : (
        selectionArea
      )}

      {needsRights && (
        <RightsCheckbox label={panel.rightsText} checked={rights} onChange={panel.setRights} hintId={rightsHintId} />
      )}

      {(phase !== 'idle' || progress > 0) && <Progress value={progress} label={t.progressLabel} />}

      {/* Not upload-ready stays focusable (aria-disabled) and says why: the rights hint above. */}
      <Button
        block
        variant={phase === 'done' ? 'success' : 'danger'}
        aria-disabled={!canUpload}
        aria-describedby={!canUpload && needsRights && !rights ? rightsHintId : undefined}
        className={canUpload ? '' : 'cursor-not-allowed opacity-50'}
        onClick={() => canUpload && void panel.upload()}
      >
        {phase === 'uploading'
          ? t.uploadingButton
          : phase === 'done'
            ? t.uploadedButton
            : t.uploadButton(selection.length)}
      </Button>

      {panel.uploaded.length > 0 && <UploadedCard uploaded={panel.uploaded} />}
    </div>
  );
}

/** Documents and images in two tabs; the open tab's panel holds the selection area. */
function KindTabs({
  tab,
  onTab,
  counts,
  children,
}: {
  tab: 'document' | 'photo';
  onTab(tab: 'document' | 'photo'): void;
  counts: { document: number; photo: number };
  children: ReactNode;
}) {
  return (
    // Radix Tabs: arrow keys between the tabs, each controlling its panel (WCAG 2.1.1, 4.1.2).
    <Tabs.Root value={tab} onValueChange={(value) => onTab(value as 'document' | 'photo')}>
      <Tabs.List aria-label={t.tabsLabel} className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {(['document', 'photo'] as const).map((k) => (
          <Tabs.Trigger
            key={k}
            value={k}
            className={`min-h-10 rounded-md text-sm font-semibold ${tab === k ? 'bg-white text-slate-900 shadow' : 'text-slate-600'}`}
          >
            {k === 'document' ? t.tabDocuments(counts.document) : t.tabImages(counts.photo)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {(['document', 'photo'] as const).map((k) => (
        <Tabs.Content key={k} value={k} className="space-y-4">
          {k === tab && children}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** The chosen files with preview, name and size, each to remove. */
function SelectedFiles({
  shown,
  disabled,
  onRemove,
}: {
  shown: Selected[];
  disabled: boolean;
  onRemove(key: string): void;
}) {
  if (shown.length === 0) return null;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t.uploadedFiles}>
      {shown.map((s) => (
        <li key={s.key} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
          <SelectedPreview selected={s} />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium text-slate-900 wrap-anywhere">{s.file.name}</span>
            <span className="text-xs text-slate-500">{t.sizeMb(s.file.size)}</span>
          </span>
          <Button
            variant="ghost"
            aria-label={`${t.remove}: ${s.file.name}`}
            onClick={() => onRemove(s.key)}
            disabled={disabled}
          >
            <Trash2 size={18} aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

function SelectedPreview({ selected }: { selected: Selected }) {
  if (selected.kind === 'photo' && selected.preview)
    return <img src={selected.preview} alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />;
  if (selected.kind === 'video' && selected.preview)
    return (
      <video
        src={selected.preview}
        muted
        playsInline
        preload="metadata"
        className="h-16 w-16 shrink-0 rounded-md bg-black object-cover"
      />
    );
  return (
    <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
      <FileText aria-hidden="true" />
    </span>
  );
}

/** The picture-rights agreement; its hint says why the upload waits while it is not given. */
function RightsCheckbox({
  label,
  checked,
  onChange,
  hintId,
}: {
  /** The tenant's current words of the photo rights. */
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hintId: string;
}) {
  const rightsId = useId();
  return (
    <div>
      <label htmlFor={rightsId} className="flex items-start gap-3 text-sm text-slate-800">
        <input
          id={rightsId}
          type="checkbox"
          className="mt-0.5 h-5 w-5 accent-[var(--color-brand)]"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-required="true"
          aria-describedby={checked ? undefined : hintId}
        />
        <span>{label}</span>
      </label>
      {!checked && (
        <p id={hintId} className="mt-1 text-sm text-red-700">
          {t.rightsText}
        </p>
      )}
    </div>
  );
}

function UploadedCard({ uploaded }: { uploaded: MediaItem[] }) {
  return (
    <Card className="border-green-200 bg-green-50">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 size={20} aria-hidden="true" /> {t.successCardTitle}
      </p>
      <ul className="mt-2 space-y-1 text-sm text-green-900" aria-label={t.uploadedFiles}>
        {uploaded.map((m) => (
          <li key={m.id}>
            {m.originalName} · {t.sizeMb(m.size)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What a page takes, as its touch wording says it: only documents, only photos, or both. */
function takesOnly(formats: readonly FileFormat[]): 'document' | 'photo' | null {
  const kinds = new Set(formats.map((f) => fileFormats[f].kind));
  if (kinds.size !== 1) return null;
  const [kind] = kinds;
  return kind === 'document' || kind === 'photo' ? kind : null;
}

function DropZone({
  takes,
  accept,
  multiple,
  hint,
  disabled,
  onFiles,
}: {
  takes: 'document' | 'photo' | null;
  accept: string;
  multiple: boolean;
  hint: string;
  disabled: boolean;
  onFiles(files: File[]): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone's keyboard path is its file button
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) onFiles([...e.dataTransfer.files]);
      }}
      // The file input is visually hidden: the zone shows its keyboard focus (WCAG 2.4.7).
      className={`rounded-xl border-2 border-dashed p-6 text-center transition has-[input:focus-visible]:border-brand has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-brand/40 ${over ? 'border-brand bg-slate-50' : 'border-slate-300 bg-white'}`}
    >
      <UploadIcon className="mx-auto mb-2 text-slate-400" aria-hidden="true" />
      <label className="cursor-pointer text-base font-medium text-slate-800">
        {dropZoneLabel(touchScreen(), takes)}
        <input
          ref={input}
          type="file"
          className="sr-only"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(e) => {
            onFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      <p className="mt-1 text-sm text-slate-500">{hint}</p>
    </div>
  );
}
