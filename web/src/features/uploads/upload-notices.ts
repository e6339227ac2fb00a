import type { UploadPage, UploadSurface } from '../../../../common/upload-rules';
import { texts } from '../../../../common/texts';
import { isPhoto } from './select';

const t = texts.uploads;

/** A toast's title and text. */
export type Notice = { title: string; text: string };

/**
 * Upload with nothing chosen, in the spec's words per page: the document page takes one file, the
 * bank's combined page says 'Keine Dateien ausgewählt', the bank's other pages 'Keine Dateien'.
 */
export function emptySelectionNotice(where: { tabs: boolean; bank: boolean; page: UploadPage }): Notice {
  if (where.tabs) return { title: t.noFilesTitle, text: t.noFilesText };
  if (where.bank) return { title: t.noFilesBankTitle, text: t.noFilesBankText };
  if (where.page === 'document-upload') return { title: t.noFileTitle, text: t.noFileText };
  return { title: t.noFilesTitle, text: t.noFilesText };
}

/**
 * What the success toast says. Partial success counts as success (spec): "n von total …", with why
 * the rest was refused; one photo or only photos are named as such.
 */
export function uploadSuccessNotice(
  files: { name: string; type: string }[],
  stored: number,
  lastRefusal: string | null,
  surface: Pick<UploadSurface, 'maxFiles'>,
): Notice {
  if (lastRefusal) return { title: t.successTitle, text: `${t.success(stored, files.length)} ${lastRefusal}` };
  if (surface.maxFiles === 1 && isPhoto(files[0]!)) return { title: t.successTitle, text: t.imageSuccess };
  if (files.every(isPhoto)) return { title: t.successTitle, text: t.imagesSuccess(stored) };
  return { title: t.successTitle, text: t.success(stored, files.length) };
}

/** The drop zone's words: a touch screen taps (and is told what the page takes), a mouse drags. */
export function dropZoneLabel(touch: boolean, takes: 'document' | 'photo' | null): string {
  if (!touch) return t.dropZone;
  if (takes === 'document') return t.dropZoneTouchDocuments;
  if (takes === 'photo') return t.dropZoneTouchPhotos;
  return t.dropZoneTouch;
}
