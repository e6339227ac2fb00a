/** Where tus uploads go (server route and browser client). */
export const UPLOAD_PATH = '/api/uploads';

/** The kinds of file a contributor can upload. */
export type UploadKind = 'photo' | 'video' | 'audio' | 'document';

/** Detected file formats, by their bytes; `ext` is what the stored file is called. */
export const fileFormats = {
  jpg: { kind: 'photo', mime: 'image/jpeg', label: 'JPG' },
  png: { kind: 'photo', mime: 'image/png', label: 'PNG' },
  webp: { kind: 'photo', mime: 'image/webp', label: 'WebP' },
  mp4: { kind: 'video', mime: 'video/mp4', label: 'MP4' },
  mov: { kind: 'video', mime: 'video/quicktime', label: 'MOV' },
  webm: { kind: 'video', mime: 'video/webm', label: 'WebM' },
  // Spoken recordings made elsewhere (a phone's recorder, a podcast): transcribed like a voice message.
  mp3: { kind: 'audio', mime: 'audio/mpeg', label: 'MP3' },
  m4a: { kind: 'audio', mime: 'audio/mp4', label: 'M4A' },
  wav: { kind: 'audio', mime: 'audio/wav', label: 'WAV' },
  ogg: { kind: 'audio', mime: 'audio/ogg', label: 'OGG' },
  pdf: { kind: 'document', mime: 'application/pdf', label: 'PDF' },
  doc: { kind: 'document', mime: 'application/msword', label: 'DOC' },
  docx: {
    kind: 'document',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'DOCX',
  },
  txt: { kind: 'document', mime: 'text/plain', label: 'TXT' },
  csv: { kind: 'document', mime: 'text/csv', label: 'CSV' },
  xls: { kind: 'document', mime: 'application/vnd.ms-excel', label: 'XLS' },
  xlsx: { kind: 'document', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'XLSX' },
} as const satisfies Record<string, { kind: UploadKind; mime: string; label: string }>;
export type FileFormat = keyof typeof fileFormats;

/** Upload pages of the tenant flows (and the public link). */
export const uploadPages = [
  'upload',
  'image-upload',
  'document-upload',
  'document-image-upload',
  'image-upload-after-voice',
  'public-upload',
  'video-answer',
] as const;
export type UploadPage = (typeof uploadPages)[number];

/** What one upload screen accepts: formats, how many files, and the size limit per kind (MB). */
export type UploadSurface = {
  id: string;
  formats: readonly FileFormat[];
  maxFiles: number;
  /** Size limit of documents in MB; photos, videos and audio follow the server's settings (UploadLimits). */
  maxMb: { document?: number; video?: number };
  /** Photos need the rights confirmation. */
  needsRights: boolean;
};

const photos: FileFormat[] = ['jpg', 'png', 'webp'];
const videos: FileFormat[] = ['mp4', 'mov', 'webm'];
const audio: FileFormat[] = ['mp3', 'm4a', 'wav', 'ogg'];
const documents: FileFormat[] = ['pdf', 'doc', 'docx', 'txt'];
const bankDocuments: FileFormat[] = [...documents, 'csv', 'xls', 'xlsx'];

/** Every surface of the spec (second document, sections 2 and 5). */
export const uploadSurfaces = {
  media: {
    id: 'media',
    formats: [...photos, ...videos, ...audio, ...documents],
    maxFiles: 10,
    maxMb: { document: 4 },
    needsRights: true,
  },
  image: { id: 'image', formats: photos, maxFiles: 1, maxMb: {}, needsRights: true },
  document: { id: 'document', formats: documents, maxFiles: 1, maxMb: { document: 4 }, needsRights: false },
  'document-image': { id: 'document-image', formats: photos, maxFiles: 1, maxMb: {}, needsRights: true },
  'after-voice': { id: 'after-voice', formats: photos, maxFiles: 1, maxMb: {}, needsRights: true },
  'bank-upload': { id: 'bank-upload', formats: documents, maxFiles: 1, maxMb: { document: 4 }, needsRights: false },
  'bank-image': { id: 'bank-image', formats: ['jpg', 'png'], maxFiles: 1, maxMb: {}, needsRights: true },
  'bank-documents': {
    id: 'bank-documents',
    formats: bankDocuments,
    maxFiles: 10,
    maxMb: { document: 25 },
    needsRights: false,
  },
  'bank-document-images': {
    id: 'bank-document-images',
    formats: [...bankDocuments, 'jpg', 'png'],
    maxFiles: 20,
    maxMb: { document: 25 },
    needsRights: true,
  },
  'bank-after-voice': { id: 'bank-after-voice', formats: ['jpg', 'png'], maxFiles: 1, maxMb: {}, needsRights: true },
  // Clips recorded in the browser, one per question (MediaRecorder writes WebM or MP4; 5 minutes at 12 Mbit/s stay below 500 MB).
  'video-answer': {
    id: 'video-answer',
    formats: ['webm', 'mp4'],
    maxFiles: 12,
    maxMb: { video: 500 },
    needsRights: false,
  },
} as const satisfies Record<string, UploadSurface>;
export type SurfaceId = keyof typeof uploadSurfaces;

/** The surface each upload page uses unless a tenant names another (Tenant.style.uploadSurfaces). */
export const standardSurfaces: Record<UploadPage, SurfaceId> = {
  upload: 'media',
  'public-upload': 'media',
  'image-upload': 'image',
  'document-upload': 'document',
  'document-image-upload': 'document-image',
  'image-upload-after-voice': 'after-voice',
  'video-answer': 'video-answer',
};

/** The surfaces a tenant may choose for each of its upload pages (the public upload and video answers have one). */
export const surfaceChoices: Partial<Record<UploadPage, readonly SurfaceId[]>> = {
  upload: ['media', 'bank-upload'],
  'image-upload': ['image', 'bank-image'],
  'document-upload': ['document', 'bank-documents'],
  'document-image-upload': ['document-image', 'bank-document-images'],
  'image-upload-after-voice': ['after-voice', 'bank-after-voice'],
};

/**
 * Files per page of a submission made through the public link (anonymous): fewer than signed in,
 * enough for a story with its pictures. Recorded clips keep their own count (one per question).
 */
export const PUBLIC_MAX_FILES = 5;

/** A surface as an anonymous submission may use it: at most PUBLIC_MAX_FILES files. */
export function publicSurface(surface: UploadSurface): UploadSurface {
  return surface.id === 'video-answer' || surface.maxFiles <= PUBLIC_MAX_FILES
    ? surface
    : { ...surface, maxFiles: PUBLIC_MAX_FILES };
}

/** The surface of an upload page for a tenant: its own choice for the page, else the standard one. */
export function surfaceFor(choices: Partial<Record<UploadPage, SurfaceId>>, page: UploadPage): UploadSurface {
  if (page === 'public-upload') return publicSurface(uploadSurfaces[standardSurfaces[page]]);
  return uploadSurfaces[choices[page] ?? standardSurfaces[page]];
}

/** Labels of a surface's formats of some kinds, for the limits a page states ("PDF, DOC"). */
export function formatLabels(surface: UploadSurface, kinds: readonly UploadKind[]): string[] {
  return surface.formats.filter((f) => kinds.includes(fileFormats[f].kind)).map((f) => fileFormats[f].label);
}

export function kindsOf(surface: UploadSurface): UploadKind[] {
  return [...new Set(surface.formats.map((f) => fileFormats[f].kind))];
}

/** The configured limits of photos and videos in MB (MAX_PHOTO_MB, MAX_VIDEO_MB; `/api/media/limits`). */
export type UploadLimits = { photoMb: number; videoMb: number };

/** The defaults: what phones make (12–50 MB photos, about 400 MB per minute of 4K video). */
export const defaultUploadLimits: UploadLimits = { photoMb: 50, videoMb: 4096 };

/** Size limit in MB for a kind on a surface: what the page states and what the server enforces. */
export function maxMbOf(surface: UploadSurface, kind: UploadKind, limits: UploadLimits): number {
  if (kind === 'photo') return limits.photoMb;
  // A recording's real bound is its measured length (MEDIA_MAX_MINUTES); its bytes take the video limit.
  if (kind === 'video' || kind === 'audio') return Math.min(surface.maxMb.video ?? limits.videoMb, limits.videoMb);
  return surface.maxMb.document ?? 0;
}

/** Size limit in bytes for a kind on a surface. */
export function maxBytes(surface: UploadSurface, kind: UploadKind, limits: UploadLimits): number {
  return Math.round(maxMbOf(surface, kind, limits) * 1024 * 1024);
}
