import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { texts } from '../../common/texts';
import { ignoreFailure } from '../../common/best-effort';
import { ledgerOf } from '../consent';
import { itemFileName } from '../content';
import type { Deps } from '../deps';
import { nameWithType } from '../submissions';
import type { OwnPerson } from './person';

type ServiceDeps = Pick<Deps, 'db' | 'blobs' | 'log'>;
const t = texts.ownPage;

/** Everything stored about the person, as one object (the ZIP's `daten.json`). */
export async function personData(deps: Pick<Deps, 'db'>, person: OwnPerson, contentIds: number[]) {
  const db = deps.db;
  const ids = contentIds.length > 0 ? contentIds : [-1];
  const targets = contentIds.map((id) => `submission:${id}`);
  const [
    submissions,
    media,
    items,
    posts,
    versions,
    approvals,
    publications,
    ledger,
    notes,
    audit,
    takedowns,
    erasures,
  ] = await Promise.all([
    db.selectFrom('submissions').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('media').selectAll().where('submission_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('content_items').selectAll().where('submission_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('posts').selectAll().where('submission_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('post_versions')
      .innerJoin('posts', 'posts.id', 'post_versions.post_id')
      .select([
        'post_versions.id',
        'post_versions.post_id',
        'post_versions.number',
        'post_versions.body',
        'post_versions.images',
        'post_versions.items',
        'post_versions.created_at',
      ])
      .where('posts.submission_id', 'in', ids)
      .orderBy('post_versions.id')
      .execute(),
    db
      .selectFrom('post_approvals')
      .select([
        'id',
        'post_id',
        'version_id',
        'email',
        'created_at',
        'expires_at',
        'withdrawn_at',
        'void_reason',
        'state',
        'comment',
        'decided_at',
      ])
      .where('submission_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('post_publications')
      .select(['id', 'post_id', 'version_id', 'channel', 'url', 'created_at'])
      .where('submission_id', 'in', ids)
      .orderBy('id')
      .execute(),
    ledgerOf(db, contentIds),
    db
      .selectFrom('submission_notes')
      .select(['submission_id', 'body', 'created_at'])
      .where('submission_id', 'in', ids)
      .execute(),
    targets.length
      ? db
          .selectFrom('audit_log')
          .select(['at', 'action', 'target', 'tenant', 'detail'])
          .where('target', 'in', targets)
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    db.selectFrom('takedown_tasks').selectAll().where('submission_id', 'in', ids).execute(),
    person.email || person.userId
      ? db
          .selectFrom('erasure_requests')
          .select(['id', 'requested_at', 'due_at', 'state', 'keep_reason', 'executed_at'])
          .where((eb) =>
            eb.or([
              ...(person.email ? [eb('email', '=', person.email)] : []),
              ...(person.userId ? [eb('user_id', '=', person.userId)] : []),
            ]),
          )
          .execute()
      : Promise.resolve([]),
  ]);
  const of = <T extends { submission_id: number }>(rows: T[], id: number) =>
    rows.filter((r) => Number(r.submission_id) === id);
  return {
    exportedAt: new Date().toISOString(),
    person: { name: person.name, email: person.email },
    submissions: submissions.map((s) => {
      const id = Number(s.id);
      const postIds = new Set(of(posts, id).map((p) => Number(p.id)));
      return {
        contentId: id,
        // The row without what is no data about the person: the token's hash and the search index.
        submission: Object.fromEntries(
          Object.entries(s as Record<string, unknown>).filter(([k]) => k !== 'access_token_hash' && k !== 'search'),
        ),
        media: of(media, id).map((m) => ({
          id: Number(m.id),
          kind: m.kind,
          name: m.original_name,
          type: m.file_type,
          size: Number(m.size),
          createdAt: m.created_at,
          captions: m.caption_text ?? null,
        })),
        items: of(items, id).map((i) => ({
          id: Number(i.id),
          kind: i.kind,
          format: i.format,
          alt: i.alt,
          state: i.state,
          createdAt: i.created_at,
        })),
        posts: of(posts, id).map((p) => ({
          ...p,
          versions: versions.filter((v) => Number(v.post_id) === Number(p.id)),
          approvals: approvals.filter((a) => Number(a.post_id) === Number(p.id)),
        })),
        publications: publications.filter((p) => postIds.has(Number(p.post_id))),
        consents: ledger.filter((c) => Number(c.submission_id) === id),
        notes: of(notes, id),
        takedowns: of(takedowns, id),
        audit: audit.filter((a) => a.target === `submission:${id}`),
      };
    }),
    erasureRequests: erasures,
  };
}

/** The ZIP of everything stored about the person: their files, what was made, the consents with their texts, one JSON. */
export async function exportZip(deps: ServiceDeps, person: OwnPerson, contentIds: number[]): Promise<Readable> {
  const data = await personData(deps, person, contentIds);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2), 'utf8'), 'daten.json');
  const consentText = data.submissions
    .flatMap((s) =>
      s.consents.map(
        (c) =>
          `Content-ID ${s.contentId} – ${t.consentKinds[c.kind] ?? c.kind} (${c.action === 'withdrawn' ? 'widerrufen' : 'erteilt'} am ${c.given_at}${c.version ? `, Fassung ${c.version}` : ''}):\n${c.text}\n`,
      ),
    )
    .join('\n');
  zip.addBuffer(Buffer.from(consentText || `${t.noConsents}\n`, 'utf8'), 'einwilligungen.txt');
  const stored = await deps.db
    .selectFrom('media')
    .select(['id', 'submission_id', 'file_path', 'original_name'])
    .where('submission_id', 'in', contentIds.length ? contentIds : [-1])
    .execute();
  for (const m of stored) {
    const name = `material/${m.submission_id}/${m.id}-${nameWithType(m.original_name, m.file_path)}`;
    zip.addReadStreamLazy(name, (cb) => {
      deps.blobs.get(m.file_path).then(
        (stream) => cb(null, stream),
        (error) => cb(error, null as never),
      );
    });
  }
  for (const s of data.submissions) {
    if (s.submission.transcript)
      zip.addBuffer(Buffer.from(String(s.submission.transcript), 'utf8'), `abschrift/${s.contentId}.txt`);
  }
  const items = await deps.db
    .selectFrom('content_items')
    .selectAll()
    .where('submission_id', 'in', contentIds.length ? contentIds : [-1])
    .where('state', '=', 'ready')
    .execute();
  for (const item of items) {
    if (!item.file_key) continue;
    const key = item.file_key;
    zip.addReadStreamLazy(`erstellt/${item.submission_id}/${itemFileName(item)}`, (cb) => {
      deps.blobs.get(key).then(
        (stream) => cb(null, stream),
        (error) => cb(error, null as never),
      );
    });
  }
  zip.end();
  const out = zip.outputStream as Readable;
  out.on('error', ignoreFailure('stream the own page export', deps.log));
  return out;
}
