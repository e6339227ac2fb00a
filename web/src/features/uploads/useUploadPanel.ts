import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  fileFormats,
  type UploadKind,
  type UploadLimits,
  type UploadPage,
  type UploadSurface,
} from '../../../../common/upload-rules';
import type { MediaItem } from '../../../../common/contracts/uploads';
import type { SubmissionKind } from '../../../../common/schemas/submissions';
import { texts } from '../../../../common/texts';
import { notify } from '../../lib/notify';
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
import { addToSelection, guessFormat, type Problem } from './select';
import { emptySelectionNotice, uploadSuccessNotice } from './upload-notices';

const t = texts.uploads;

export type Selected = { key: string; file: File; preview: string | null; kind: UploadKind };
export type Phase = 'idle' | 'uploading' | 'done';
export type UploadResult = { uploaded: MediaItem[]; total: number; contentId: string };

export type UploadPanelOptions = {
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

const isOfKind = (file: File, kind: UploadKind) => {
  const format = guessFormat(file);
  return !!format && fileFormats[format].kind === kind;
};

/** What the server answers when a file is stored but its media row is not returned. */
const storedWithoutRow = (file: File): MediaItem => ({
  id: 0,
  kind: 'photo',
  fileType: file.type,
  size: file.size,
  originalName: file.name,
  thumbnailUrl: null,
  url: '',
});

/** Sends the files one by one through the resumable path; progress over all their bytes. */
async function sendFiles(
  files: File[],
  to: { contentId: string; page: UploadPage },
  onProgress: (percent: number) => void,
): Promise<{ stored: MediaItem[]; lastRefusal: UploadRefused | null }> {
  const total = files.reduce((n, f) => n + f.size, 0) || 1;
  let done = 0;
  const stored: MediaItem[] = [];
  let lastRefusal: UploadRefused | null = null;
  for (const file of files) {
    try {
      const media = await transferFile(file, {
        ...to,
        onProgress: (sent) => onProgress(((done + sent) / total) * 100),
      });
      stored.push(media ?? storedWithoutRow(file));
    } catch (error) {
      lastRefusal = error instanceof UploadRefused ? error : new UploadRefused(t.failedTitle, t.uploadException);
    }
    done += file.size;
    onProgress((done / total) * 100);
  }
  return { stored, lastRefusal };
}

/**
 * The state of one upload surface: the chosen files with their previews, the picture rights, and
 * the upload (to the server, or kept on the device under a local id).
 */
export function useUploadPanel(
  {
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
  }: UploadPanelOptions,
  limits: UploadLimits,
) {
  const [selection, setSelection] = useState<Selected[]>([]);
  const [rights, setRights] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [uploaded, setUploaded] = useState<MediaItem[]>([]);
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

  /** Adds files (on the tabbed page: of the open tab's kind only); tells the last problem. */
  function add(files: File[], only?: UploadKind) {
    const incoming = only ? files.filter((f) => isOfKind(f, only)) : files;
    const problems: Problem[] = [];
    if (incoming.length < files.length)
      problems.push({ title: t.filteredTitle, text: only === 'photo' ? t.filteredImages : t.filteredDocuments });
    const current = selection.map((s) => s.file);
    const result = addToSelection(current, incoming, surface, limits);
    problems.push(...(only ? result.problems.filter((p) => p.title !== t.invalidTypeTitle) : result.problems));
    const last = problems[problems.length - 1];
    if (last) notify.error(last.title, last.text);
    const kept = selection.filter((s) => result.selection.includes(s.file));
    const added = result.selection.filter((f) => !current.includes(f)).map(selected);
    if (added.length || kept.length !== selection.length) {
      setSelection([...kept, ...added]);
      setPhase('idle');
    }
  }

  function selected(file: File): Selected {
    const kind = fileFormats[guessFormat(file)!].kind;
    const preview = kind !== 'document' ? URL.createObjectURL(file) : null;
    if (preview) previews.current.add(preview);
    return { key: `f${++counter}`, file, kind, preview };
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
      const notice = emptySelectionNotice({ tabs: !!tabs, bank, page });
      return notify.error(notice.title, notice.text);
    }
    if (needsRights && !rights) return notify.error(t.rightsTitle, t.rightsText);
    const { contentId, isLocal } =
      knownId || !ensureContentId ? { contentId: knownId, isLocal: knownLocal } : await ensureContentId();
    if (!contentId) return notify.error(texts.common.errorTitle, t.noInterviewIdText);
    if (needsRights && !isLocal) {
      // The agreement comes first, word for word and with its time, so no photo is kept without it.
      try {
        await recordConsent(contentId, 'photo_rights', rightsShown);
      } catch (error) {
        return rightsNotRecorded(error);
      }
    }
    setPhase('uploading');
    setProgress(0);
    const files = selection.map((s) => s.file);
    if (isLocal) await keepOnDevice(contentId, files);
    else await sendToServer(contentId, files);
  }

  function rightsNotRecorded(error: unknown) {
    // The words were replaced meanwhile: the server says so; the new words come in.
    if (error instanceof ApiError && error.status === 409) {
      notify.error(t.failedTitle, error.message);
      setRights(false);
      void queryClient.invalidateQueries({ queryKey: ['consent-texts-current'] });
    } else notify.error(t.failedTitle, t.uploadException);
  }

  /**
   * Local mode (server unreachable): the files are kept in the draft of the local id (IndexedDB)
   * and uploaded when the server answers again (on the public link too, with a proof of work
   * then); then the spec's short delay per file.
   */
  async function keepOnDevice(contentId: string, files: File[]) {
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
  }

  async function sendToServer(contentId: string, files: File[]) {
    const { stored, lastRefusal } = await sendFiles(files, { contentId, page }, setProgress);
    if (stored.length === 0) {
      setPhase('idle');
      setProgress(0);
      if (files.length === 1 && lastRefusal) notify.error(lastRefusal.title, lastRefusal.message);
      else notify.error(t.failedTitle, t.allFailed);
      return;
    }
    setUploaded((u) => [...u, ...stored.filter((m) => m.id)]);
    setPhase('done');
    setProgress(100);
    setSelection([]);
    setRights(false);
    const notice = uploadSuccessNotice(files, stored.length, lastRefusal?.message ?? null, surface);
    notify.success(notice.title, notice.text);
    onUploaded({ uploaded: stored, total: files.length, contentId });
  }

  return {
    selection,
    rights,
    setRights,
    rightsText: rightsShown.text,
    phase,
    progress,
    uploaded,
    needsRights,
    canUpload,
    add,
    remove,
    upload,
  };
}
