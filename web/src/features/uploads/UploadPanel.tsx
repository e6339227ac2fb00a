import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileText, Trash2, Upload as UploadIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  defaultUploadLimits,
  fileFormats,
  type FileFormat,
  type UploadKind,
  type UploadLimits,
  type UploadPage,
  type UploadSurface,
} from '../../../../common/upload-rules';
import type { MediaItem } from '../../../../common/contracts/uploads';
import { texts } from '../../../../common/texts';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Progress } from '../../ui/Progress';
import { acceptAttribute, addToSelection, guessFormat, isPhoto, type Problem } from './select';
import {
  DraftStorageFull,
  keepFiles,
  recordConsent,
  transferFile,
  UploadRefused,
  useConsentTexts,
  useDraftBase,
} from '../submissions';
import { ApiError } from '../../lib/api';
import type { SubmissionKind } from '../../../../common/schemas/submissions';
import { call } from '../../api/client';

const t = texts.uploads;

type Selected = { key: string; file: File; preview: string | null; kind: UploadKind };
type Phase = 'idle' | 'uploading' | 'done';

export type UploadResult = { uploaded: MediaItem[]; total: number; contentId: string };

type Props = {
  surface: UploadSurface;
  page: UploadPage;
  contentId: string | null;
  isLocal: boolean;
  /** Creates the submission when the first files go out (pages that open without one). */
  ensureContentId?: () => Promise<{ contentId: string | null; isLocal: boolean }>;
  /** Bank wording for the empty-selection toast. */
  bank: boolean;
  /** Documents and images in two tabs (the bank's combined page). */
  tabs?: boolean;
  /** Kind of the submission a local draft becomes (files chosen offline are kept in it). */
  kind?: SubmissionKind;
  onUploaded(result: UploadResult): void;
  /** Tells the page while files are being sent (its skip button says so). */
  onUploadingChange?(uploading: boolean): void;
};

let counter = 0;

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
export function UploadPanel({
  surface,
  page,
  contentId: knownId,
  isLocal: knownLocal,
  ensureContentId,
  bank,
  tabs,
  kind = 'upload',
  onUploaded,
  onUploadingChange,
}: Props) {
  const limits = useUploadLimits();
  const [selection, setSelection] = useState<Selected[]>([]);
  const [rights, setRights] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [uploaded, setUploaded] = useState<MediaItem[]>([]);
  const [tab, setTab] = useState<'document' | 'photo'>('document');
  const rightsId = useId();
  const rightsHintId = useId();
  const draftBase = useDraftBase(kind);
  // The tenant's current words of the photo rights, shown and recorded with their version.
  const rightsShown = useConsentTexts().photo_rights;
  const queryClient = useQueryClient();

  // Preview URLs live as long as the page; a removed file's preview goes at once.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  useEffect(() => onUploadingChange?.(phase === 'uploading'), [phase, onUploadingChange]);

  const needsRights = surface.needsRights && selection.some((s) => s.kind === 'photo');
  const canUpload = phase !== 'uploading' && (!needsRights || rights);

  function add(files: File[], only?: UploadKind) {
    let incoming = files;
    const problems: Problem[] = [];
    if (only) {
      incoming = files.filter((f) => {
        const format = guessFormat(f);
        return format && fileFormats[format].kind === only;
      });
      if (incoming.length < files.length)
        problems.push({ title: t.filteredTitle, text: only === 'photo' ? t.filteredImages : t.filteredDocuments });
    }
    const current = selection.map((s) => s.file);
    const result = addToSelection(current, incoming, surface, limits);
    problems.push(...(only ? result.problems.filter((p) => p.title !== t.invalidTypeTitle) : result.problems));
    const last = problems[problems.length - 1];
    if (last) notify.error(last.title, last.text);
    const kept = selection.filter((s) => result.selection.includes(s.file));
    const added = result.selection
      .filter((f) => !current.includes(f))
      .map((file) => {
        const kind = fileFormats[guessFormat(file)!].kind;
        const preview = kind !== 'document' ? URL.createObjectURL(file) : null;
        if (preview) previews.current.add(preview);
        return { key: `f${++counter}`, file, kind, preview };
      });
    if (added.length || kept.length !== selection.length) {
      setSelection([...kept, ...added]);
      setPhase('idle');
    }
  }

  function remove(key: string) {
    const gone = selection.find((s) => s.key === key);
    if (gone?.preview) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    const next = selection.filter((s) => s.key !== key);
    setSelection(next);
    setPhase('idle');
    if (next.length === 0) setProgress(0);
  }

  async function upload() {
    if (selection.length === 0) {
      // The spec's words per page: the document page takes one file, the bank's combined page
      // says 'Keine Dateien ausgewählt', the bank's other pages 'Keine Dateien'.
      if (tabs) notify.error(t.noFilesTitle, t.noFilesText);
      else if (bank) notify.error(t.noFilesBankTitle, t.noFilesBankText);
      else if (page === 'document-upload') notify.error(t.noFileTitle, t.noFileText);
      else notify.error(t.noFilesTitle, t.noFilesText);
      return;
    }
    if (needsRights && !rights) {
      notify.error(t.rightsTitle, t.rightsText);
      return;
    }
    const resolved =
      knownId || !ensureContentId ? { contentId: knownId, isLocal: knownLocal } : await ensureContentId();
    const { contentId, isLocal } = resolved;
    if (!contentId) {
      notify.error(texts.common.errorTitle, t.noInterviewIdText);
      return;
    }
    if (needsRights && !isLocal) {
      // The agreement comes first, word for word and with its time, so no photo is kept without it.
      try {
        await recordConsent(contentId, 'photo_rights', rightsShown);
      } catch (error) {
        // The words were replaced meanwhile: the server says so; the new words come in.
        if (error instanceof ApiError && error.status === 409) {
          notify.error(t.failedTitle, error.message);
          setRights(false);
          void queryClient.invalidateQueries({ queryKey: ['consent-texts-current'] });
        } else notify.error(t.failedTitle, t.uploadException);
        return;
      }
    }
    setPhase('uploading');
    setProgress(0);
    const files = selection.map((s) => s.file);
    if (isLocal) {
      // Local mode (server unreachable): the files are kept in the draft of the local id (IndexedDB)
      // and uploaded when the server answers again (on the public link too, with a proof of work
      // then); then the spec's short delay per file.
      try {
        await keepFiles(
          contentId,
          draftBase,
          files.map((file) => ({ file, page })),
          needsRights ? rightsShown.text : undefined,
        );
      } catch (error) {
        setPhase('idle');
        setProgress(0);
        if (error instanceof DraftStorageFull) notify.error(t.localStoreFullTitle, t.localStoreFull);
        else notify.error(t.failedTitle, t.localStoreFailed);
        return;
      }
      for (let i = 0; i < files.length; i++) {
        await new Promise((r) => setTimeout(r, 500));
        setProgress(((i + 1) / files.length) * 100);
      }
      setPhase('done');
      // Kept in the draft now: a second click must not keep them twice.
      setSelection([]);
      setRights(false);
      notify.success(t.localSuccessTitle, t.localSuccess(files.length));
      onUploaded({ uploaded: [], total: files.length, contentId });
      return;
    }
    const total = files.reduce((n, f) => n + f.size, 0) || 1;
    let done = 0;
    const ok: MediaItem[] = [];
    let lastRefusal: UploadRefused | null = null;
    for (const file of files) {
      try {
        const media = await transferFile(file, {
          contentId,
          page,
          onProgress: (sent) => setProgress(((done + sent) / total) * 100),
        });
        if (media) ok.push(media);
        else
          ok.push({
            id: 0,
            kind: 'photo',
            fileType: file.type,
            size: file.size,
            originalName: file.name,
            thumbnailUrl: null,
            url: '',
          });
      } catch (error) {
        lastRefusal = error instanceof UploadRefused ? error : new UploadRefused(t.failedTitle, t.uploadException);
      }
      done += file.size;
      setProgress((done / total) * 100);
    }
    if (ok.length === 0) {
      setPhase('idle');
      setProgress(0);
      if (files.length === 1 && lastRefusal) notify.error(lastRefusal.title, lastRefusal.message);
      else notify.error(t.failedTitle, t.allFailed);
      return;
    }
    setUploaded((u) => [...u, ...ok.filter((m) => m.id)]);
    setPhase('done');
    setProgress(100);
    setSelection([]);
    setRights(false);
    // Partial success counts as success (spec): "Upload erfolgreich" / "n von total …", with why the rest was refused.
    if (lastRefusal) notify.success(t.successTitle, `${t.success(ok.length, files.length)} ${lastRefusal.message}`);
    else if (surface.maxFiles === 1 && isPhoto(files[0]!)) notify.success(t.successTitle, t.imageSuccess);
    else if (files.every(isPhoto)) notify.success(t.successTitle, t.imagesSuccess(ok.length));
    else notify.success(t.successTitle, t.success(ok.length, files.length));
    onUploaded({ uploaded: ok, total: files.length, contentId });
  }

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
        onFiles={(files) => add(files, tabs ? tab : undefined)}
      />

      {shown.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t.uploadedFiles}>
          {shown.map((s) => (
            <li key={s.key} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
              {s.kind === 'photo' && s.preview ? (
                <img src={s.preview} alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />
              ) : s.kind === 'video' && s.preview ? (
                <video
                  src={s.preview}
                  muted
                  playsInline
                  preload="metadata"
                  className="h-16 w-16 shrink-0 rounded-md bg-black object-cover"
                />
              ) : (
                <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
                  <FileText aria-hidden="true" />
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900 wrap-anywhere">{s.file.name}</span>
                <span className="text-xs text-slate-500">{t.sizeMb(s.file.size)}</span>
              </span>
              <Button
                variant="ghost"
                aria-label={`${t.remove}: ${s.file.name}`}
                onClick={() => remove(s.key)}
                disabled={phase === 'uploading'}
              >
                <Trash2 size={18} aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );

  return (
    <div className="space-y-4">
      {tabs ? (
        // Radix Tabs: arrow keys between the tabs, each controlling its panel (WCAG 2.1.1, 4.1.2).
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as 'document' | 'photo')}>
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
              {k === tab && selectionArea}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        selectionArea
      )}

      {needsRights && (
        <div>
          <label htmlFor={rightsId} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              id={rightsId}
              type="checkbox"
              className="mt-0.5 h-5 w-5 accent-[var(--color-brand)]"
              checked={rights}
              onChange={(e) => setRights(e.target.checked)}
              aria-required="true"
              aria-describedby={rights ? undefined : rightsHintId}
            />
            <span>{rightsShown.text}</span>
          </label>
          {!rights && (
            <p id={rightsHintId} className="mt-1 text-sm text-red-700">
              {t.rightsText}
            </p>
          )}
        </div>
      )}

      {(phase !== 'idle' || progress > 0) && <Progress value={progress} label={t.progressLabel} />}

      {/* Not upload-ready stays focusable (aria-disabled) and says why: the rights hint above. */}
      <Button
        block
        variant={phase === 'done' ? 'success' : 'danger'}
        aria-disabled={!canUpload}
        aria-describedby={!canUpload && needsRights && !rights ? rightsHintId : undefined}
        className={canUpload ? '' : 'cursor-not-allowed opacity-50'}
        onClick={() => canUpload && void upload()}
      >
        {phase === 'uploading'
          ? t.uploadingButton
          : phase === 'done'
            ? t.uploadedButton
            : t.uploadButton(selection.length)}
      </Button>

      {uploaded.length > 0 && (
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
      )}
    </div>
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
        {touchScreen()
          ? takes === 'document'
            ? t.dropZoneTouchDocuments
            : takes === 'photo'
              ? t.dropZoneTouchPhotos
              : t.dropZoneTouch
          : t.dropZone}
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
