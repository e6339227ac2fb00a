import { captionsOf } from '../video';
import { createRequire } from 'node:module';
import { nameWithType, safeFileName } from '../submissions';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yazl from 'yazl';
import type { InboxFilter } from '../../common/schemas/inbox';
import type { InboxDetail } from '../../common/contracts/inbox';
import { texts } from '../../common/texts';
import { exportBatch, type TenantScope } from './queries';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'db' | 'log' | 'mediaJobs' | 'readDb' | 'transcriber'> & WithTenants;

const t = texts.admin;
const orDash = (v: string | null | undefined) => (v?.trim() ? v : t.notGiven);

/** The text summary that goes into a submission's ZIP; `tenantName` from the tenant registry. */
export function summaryText(d: InboxDetail, tenantName: string = d.tenant): string {
  const lines = [
    t.zipSummaryTitle(d.contentId),
    '',
    `${t.colTenant}: ${tenantName}`,
    `${t.colKind}: ${t.kinds[d.kind] ?? d.kind}`,
    `${t.statusLabel}: ${t.statuses[d.status] ?? d.status}`,
    `${t.metaTopic}: ${orDash(d.topic)}`,
    `${t.metaCreated}: ${d.createdAt}`,
    `${t.metaCompleted}: ${orDash(d.completedAt)}`,
    `${t.metaUser}: ${d.userEmail ?? t.anonymous}`,
    '',
    `## ${t.sectionContact}`,
    `${t.contactName}: ${orDash([d.contact.firstName, d.contact.lastName].filter(Boolean).join(' '))}`,
    `${t.contactEmail}: ${orDash(d.contact.email)}`,
    '',
    `## ${t.sectionPost}`,
    `${t.postEmail}: ${orDash(d.post.email)}`,
    `${t.postLink}: ${orDash(d.post.link)}`,
    `${t.postDescription}: ${orDash(d.post.description)}`,
  ];
  if (d.wAnswers) {
    lines.push('', `## ${t.sectionWAnswers}`);
    for (const key of ['who', 'what', 'when', 'where', 'why'] as const)
      lines.push(`${t.wQuestions[key]} ${orDash(d.wAnswers[key])}`);
  }
  lines.push('', `## ${t.sectionConsents}`);
  if (d.consents.length === 0) lines.push(t.noConsents);
  for (const c of d.consents)
    lines.push(`${t.consentKinds[c.kind] ?? c.kind} (${t.consentGivenAt} ${c.givenAt}): ${c.text}`);
  lines.push('', `## ${t.sectionFiles}`);
  if (d.media.length === 0) lines.push(t.noFiles);
  for (const m of d.media) {
    lines.push(`${m.originalName} (${t.mediaKinds[m.kind] ?? m.kind}, ${m.fileType}, ${m.size} Bytes)`);
    // A recorded video answer: the question it answers, as the contributor saw it.
    if (m.videoAnswer)
      lines.push(`  ${texts.videoAnswers.inboxQuestion(m.videoAnswer.questionIndex + 1)}: ${m.videoAnswer.question}`);
  }
  if (d.notes.length) {
    lines.push('', `## ${t.sectionNotes}`);
    for (const n of d.notes) lines.push(`${n.createdAt} ${n.authorEmail}: ${n.body}`);
  }
  lines.push('', `## ${t.sectionTranscript}`, d.transcript ?? t.noTranscript, '');
  return lines.join('\n');
}

/** Names inside the ZIP: the original names, numbered when two files share one. */
export function zipEntryNames(names: string[]): string[] {
  const used = new Set<string>([t.zipSummaryName]);
  return names.map((stored) => {
    // Names stored before the cleaning rules ("..", "a/b") are cleaned on the way out too.
    const name = safeFileName(stored);
    let candidate = name;
    for (let i = 2; used.has(candidate.toLowerCase()) || used.has(candidate); i++) {
      const dot = name.lastIndexOf('.');
      candidate = dot > 0 ? `${name.slice(0, dot)} (${i})${name.slice(dot)}` : `${name} (${i})`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * yazl checksums every byte with buffer-crc32, a table loop in JavaScript on the event loop
 * (about 3 s of main-thread CPU per GB). Node's zlib.crc32 computes the same value natively.
 */
const bufferCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
  unsigned: (buf: Buffer | string, previous?: number | Buffer) => number;
};
const jsCrc32 = bufferCrc32.unsigned;
bufferCrc32.unsigned = (buf, previous) =>
  previous === undefined || typeof previous === 'number' ? crc32(buf, previous ?? 0) : jsCrc32(buf, previous);

/** Formats that deflate cannot shrink: stored as they are, so a 1 GB video costs no compression work. */
const compressed = (type: string | undefined) =>
  !!type &&
  /^(image|video|audio)\/|^application\/(pdf|zip|x-7z|vnd\.openxmlformats)/.test(type) &&
  type !== 'audio/wav' &&
  type !== 'image/bmp';

/** A ZIP stream of the summary and every file; blobs are opened one at a time as the ZIP is written. */
export function submissionZip(
  deps: ServiceDeps,
  detail: InboxDetail,
  files: {
    file_path: string;
    original_name: string;
    file_type?: string;
    timing?: string | null;
    caption_text?: string | null;
    caption_state?: string | null;
    /** `photo:<id>` / `item:<id>`: how a post's order names the file. */
    key?: string;
  }[],
  /** Each post's newest version: its text and its photos and items in their order (beitrag-<channel>.txt). */
  posts: { channel: string; number: number; body: string; order: { key: string; alt: string }[] }[] = [],
  /** The tenant's name for the summary (`TenantRegistry.displayName`). */
  tenantName: string = detail.tenant,
): Readable {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(summaryText(detail, tenantName), 'utf8'), t.zipSummaryName);
  const names = zipEntryNames(files.map((f) => nameWithType(f.original_name, f.file_path)));
  for (const post of posts) {
    const media = post.order.flatMap((o) => {
      const at = files.findIndex((f) => f.key === o.key);
      return at < 0 ? [] : [{ name: names[at]!, alt: o.alt }];
    });
    zip.addBuffer(
      Buffer.from(
        texts.post.zipPostText(texts.post.channels[post.channel] ?? post.channel, post.number, post.body, media),
      ),
      texts.post.zipPostName(post.channel),
    );
  }
  files.forEach((file, i) => {
    zip.addReadStreamLazy(names[i]!, { compress: !compressed(file.file_type) }, (cb) => {
      deps.blobs.get(file.file_path).then(
        (stream) => cb(null, stream),
        (error) => cb(error, undefined as never),
      );
    });
    // Captions of spoken media lie next to the file: <file>.de.vtt and <file>.de.srt.
    for (const format of ['vtt', 'srt'] as const) {
      const captions = captionsOf(
        {
          timing: file.timing ?? null,
          caption_text: file.caption_text ?? null,
          caption_state: file.caption_state ?? null,
        },
        format,
      );
      if (captions) zip.addBuffer(Buffer.from(captions, 'utf8'), `${names[i]}.de.${format}`);
    }
  });
  zip.end();
  return zip.outputStream as Readable;
}

/** A cell safe for spreadsheets: quoted, and formulas defused. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

// Small batches: each one crosses from the read worker to the event loop in one message.
const CSV_BATCH = 250;

/**
 * The filtered list as CSV (semicolons, UTF-8 with BOM, as German spreadsheet programs expect).
 * The first batch is read before the stream is handed out, so a query that fails does so before
 * the 200 and its header row are sent.
 */
export async function inboxCsv(deps: ServiceDeps, scope: TenantScope, filter: InboxFilter): Promise<Readable> {
  type Batch = Awaited<ReturnType<typeof exportBatch>>;
  let pending: Batch | null = await exportBatch(deps.readDb, scope, filter, null, CSV_BATCH);
  const tenants = await deps.tenantRegistry.fresh();
  async function* rows() {
    yield `\ufeff${t.csvHeader.map(csvCell).join(';')}\r\n`;
    let after: { createdAt: string; id: number } | null = null;
    for (;;) {
      const batch: Batch = pending ?? (await exportBatch(deps.readDb, scope, filter, after, CSV_BATCH));
      pending = null;
      for (const r of batch) {
        const cells = [
          r.id,
          r.created_at,
          tenants.displayName(r.tenant),
          t.kinds[r.kind] ?? r.kind,
          t.statuses[r.status] ?? r.status,
          r.topic,
          r.user_email ?? t.anonymous,
          r.contact_first_name,
          r.contact_last_name,
          r.contact_email,
          r.post_email,
          r.post_link,
          r.post_description,
          Number(r.media_count ?? 0),
          r.completed_at,
          r.transcript,
        ];
        yield `${cells.map(csvCell).join(';')}\r\n`;
      }
      if (batch.length < CSV_BATCH) return;
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.created_at, id: Number(last.id) };
    }
  }
  return Readable.from(rows());
}
