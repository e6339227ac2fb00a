import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import {
  fileFormats,
  maxBytes,
  type FileFormat,
  type UploadKind,
  type UploadLimits,
  type UploadSurface,
} from '../../common/schemas/uploads';
import { texts } from '../../common/texts';

/** Bytes read from the start of a file to recognise it. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The format of a file judged by its bytes (magic numbers), never by its name or declared type.
 * Plain text has no magic number: it counts as text when it has no NUL or other control bytes
 * (UTF-8 or Latin-1) and does not start like markup (an HTML page is not a text document). The name only tells CSV from
 * TXT and DOC from XLS, which share their bytes' signature.
 */
export async function detectFormat(head: Uint8Array, originalName: string): Promise<FileFormat | null> {
  const ext = originalName.toLowerCase().split('.').pop() ?? '';
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    switch (detected.ext) {
      case 'jpg':
      case 'png':
      case 'webp':
      case 'mp4':
      case 'mov':
      case 'webm':
      case 'pdf':
      case 'docx':
      case 'xlsx':
        return detected.ext;
      case 'm4v':
        return 'mp4';
      case 'mp3':
      case 'm4a':
      case 'wav':
        return detected.ext;
      case 'ogg':
      case 'oga':
      case 'opus':
        return 'ogg';
      case 'cfb':
        return ext === 'xls' ? 'xls' : 'doc';
      default:
        return null;
    }
  }
  return looksLikeText(head) ? (ext === 'csv' ? 'csv' : 'txt') : null;
}

function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  let text: string;
  try {
    // A multi-byte character may be cut at the end of the sniffed bytes; drop up to 3 trailing bytes.
    text = new TextDecoder('utf-8', { fatal: true }).decode(trimIncomplete(head));
  } catch {
    // Older Windows text files are Latin-1/CP1252: same rules, byte by byte.
    text = Buffer.from(head).toString('latin1');
  }
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 200)
    .toLowerCase();
  if (/^<(!doctype|html|head|body|script|svg|\?xml|iframe)/.test(start)) return false;
  // Control characters other than tab, newline, carriage return and form feed mean binary data.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point
  return !/[\u0001-\u0008\u000e-\u001f\u007f]/.test(text);
}

function trimIncomplete(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let i = 1; i <= 3 && i <= bytes.length; i++) {
    const b = bytes[bytes.length - i]!;
    if ((b & 0xc0) === 0xc0) {
      end = bytes.length - i;
      break;
    }
    if ((b & 0x80) === 0) break;
  }
  return bytes.subarray(0, end);
}

export async function readHead(filePath: string): Promise<Uint8Array> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export type Verdict =
  | { ok: true; format: FileFormat; kind: UploadKind; mime: string }
  | { ok: false; title: string; message: string; status: number };

/** The rules of a surface for one finished file: type by bytes, then the size limit of its kind. */
export async function judgeFile(
  surface: UploadSurface,
  file: { head: Uint8Array; size: number; originalName: string },
  limits: UploadLimits,
): Promise<Verdict> {
  const format = await detectFormat(file.head, file.originalName);
  if (!format || !surface.formats.includes(format)) {
    return {
      ok: false,
      status: 415,
      title: texts.uploads.invalidTypeTitle,
      message: texts.uploads.contentMismatch(file.originalName),
    };
  }
  const { kind, mime } = fileFormats[format];
  const limit = maxBytes(surface, kind, limits);
  if (file.size > limit) {
    return {
      ok: false,
      status: 413,
      title: texts.uploads.tooLargeTitle,
      message: texts.uploads.tooLarge(file.originalName, Math.round(limit / (1024 * 1024))),
    };
  }
  return { ok: true, format, kind, mime };
}
