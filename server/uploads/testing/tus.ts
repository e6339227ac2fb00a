import { texts } from '../../../common/texts';
import type { TestApp } from '../../testing/harness';

export type TusResult = { status: number; body: any; location: string | null };

function metadataHeader(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v, 'utf8').toString('base64')}`)
    .join(',');
}

/**
 * Answers the photo-rights question for the submission as the upload pages do before any file
 * (the server refuses photos without it), once; a refusal (not the caller's submission) is left
 * to the upload itself to report.
 */
export async function givePhotoRights(t: TestApp, contentId: number, headers: Record<string, string> = {}) {
  const url = `${t.url}/api/submissions/${contentId}/consents`;
  const given = await fetch(url, { headers });
  if (given.ok && ((await given.json()) as { kind: string }[]).some((c) => c.kind === 'photo_rights')) return;
  await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'photo_rights', text: texts.uploads.rightsLabel }),
  });
}

/**
 * Creates a tus upload (POST) and returns its URL, or the refusal. The photo-rights answer is
 * given first unless `rights: false`.
 */
export async function createUpload(
  t: TestApp,
  opts: {
    size: number;
    contentId: number;
    page: string;
    filename: string;
    headers?: Record<string, string>;
    metadata?: Record<string, string>;
    rights?: false;
  },
): Promise<{ status: number; location: string | null; body: any }> {
  if (opts.rights !== false) await givePhotoRights(t, opts.contentId, opts.headers);
  const res = await fetch(`${t.url}/api/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(opts.size),
      'upload-metadata': metadataHeader({
        contentId: String(opts.contentId),
        page: opts.page,
        filename: opts.filename,
        ...opts.metadata,
      }),
      ...opts.headers,
    },
  });
  const text = await res.text();
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, t.url).toString() : null, body: parse(text) };
}

export async function patchUpload(url: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...headers,
    },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: parse(await res.text()), offset: Number(res.headers.get('upload-offset')) };
}

export async function uploadOffset(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...headers } });
  return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
}

/** A whole upload in one PATCH, as tus-js-client does for a small file. */
export async function tusUpload(
  t: TestApp,
  opts: {
    bytes: Buffer;
    contentId: number;
    page: string;
    filename: string;
    headers?: Record<string, string>;
    metadata?: Record<string, string>;
    rights?: false;
  },
): Promise<TusResult> {
  const created = await createUpload(t, { size: opts.bytes.length, ...opts });
  if (created.status !== 201 || !created.location)
    return { status: created.status, body: created.body, location: null };
  const patched = await patchUpload(created.location, 0, opts.bytes, opts.headers);
  return { status: patched.status, body: patched.body, location: created.location };
}

function parse(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
