import {
  fileFormats,
  maxBytes,
  type FileFormat,
  type UploadLimits,
  type UploadSurface,
} from '../../../../common/upload-rules';
import { texts } from '../../../../common/texts';

export type Problem = { title: string; text: string };

/** The browser's quick guess of a file's format (the server decides by the bytes). */
export function guessFormat(file: { name: string; type: string }): FileFormat | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, FileFormat> = {
    jpeg: 'jpg',
    jpg: 'jpg',
    png: 'png',
    webp: 'webp',
    mp4: 'mp4',
    m4v: 'mp4',
    mov: 'mov',
    webm: 'webm',
    mp3: 'mp3',
    m4a: 'm4a',
    wav: 'wav',
    ogg: 'ogg',
    oga: 'ogg',
    opus: 'ogg',
    pdf: 'pdf',
    doc: 'doc',
    docx: 'docx',
    txt: 'txt',
    csv: 'csv',
    xls: 'xls',
    xlsx: 'xlsx',
  };
  if (byExt[ext]) return byExt[ext]!;
  const byMime = (Object.keys(fileFormats) as FileFormat[]).find((f) => fileFormats[f].mime === file.type);
  return byMime ?? null;
}

/** What the spec says when a surface drops files of the wrong type. */
function invalidTypeProblem(surface: UploadSurface): Problem {
  switch (surface.id) {
    case 'document':
    case 'bank-upload':
      return { title: texts.uploads.invalidTypeTitle, text: texts.uploads.invalidDocumentText };
    case 'bank-image':
    case 'bank-after-voice':
      return { title: texts.uploads.bankNoImagesTitle, text: texts.uploads.bankNoImagesText };
    case 'bank-documents':
      return { title: texts.uploads.bankNoDocumentsTitle, text: texts.uploads.bankNoDocumentsText };
    default:
      return { title: texts.uploads.invalidTypeTitle, text: texts.uploads.invalidTypeText };
  }
}

/** The file-picker filter of a surface. */
export function acceptAttribute(surface: UploadSurface): string {
  return surface.formats.flatMap((f) => [`.${f}`, ...(f === 'jpg' ? ['.jpeg'] : []), fileFormats[f].mime]).join(',');
}

/**
 * The spec's selection rules (second document, section 5): unsupported files are dropped with a
 * toast, too large ones too, and if the selection would exceed the maximum nothing is added —
 * on a single-file page too: a second file is refused, not swapped in silently.
 */
export function addToSelection<T extends { name: string; type: string; size: number }>(
  existing: T[],
  incoming: T[],
  surface: UploadSurface,
  limits: UploadLimits,
): { selection: T[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const typed = incoming.filter((f) => {
    const format = guessFormat(f);
    return format !== null && surface.formats.includes(format);
  });
  if (typed.length < incoming.length) problems.push(invalidTypeProblem(surface));
  const fitting = typed.filter((f) => {
    const limit = maxBytes(surface, fileFormats[guessFormat(f)!].kind, limits);
    if (f.size <= limit) return true;
    problems.push({
      title: texts.uploads.tooLargeTitle,
      text: texts.uploads.tooLarge(f.name, Math.round(limit / (1024 * 1024))),
    });
    return false;
  });
  if (existing.length + fitting.length > surface.maxFiles) {
    return {
      selection: existing,
      problems: [...problems, { title: texts.uploads.tooManyTitle, text: texts.uploads.tooMany(surface.maxFiles) }],
    };
  }
  return { selection: [...existing, ...fitting], problems };
}

export const isPhoto = (file: { name: string; type: string }) => {
  const f = guessFormat(file);
  return !!f && fileFormats[f].kind === 'photo';
};
