import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentWordings } from '../../common/finish-rules';
import { texts } from '../../common/texts';
import type { Dialect } from '../db/database';
import { startS3rver } from '../storage/s3-test-server';
import { attachFile } from '../submissions/files';
import { addMember } from '../tenants/service';
import { addUser, api, login, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';
import { startLocalSmtp } from '../testing/local-smtp';
import { erasureLogFile } from './erasure';
import { RETENTION_JOB, RETENTION_WARNING_DAYS, runRetention } from './retention';

const setups: { name: string; dialect: Dialect; s3: boolean }[] = [
  { name: 'SQLite and local files', dialect: 'sqlite', s3: false },
  { name: 'PostgreSQL and S3', dialect: 'postgres', s3: true },
];

const DAY = 86_400_000;
const monthsAgo = (months: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};

/** Every file under a directory (s3rver's bucket or DATA_DIR/files), relative. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(setups)('retention with $name', ({ dialect, s3 }) => {
  let app: TestApp;
  let s3server: Awaited<ReturnType<typeof startS3rver>> | null = null;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let admin: string;
  let contributor: string;
  let editor: string;
  /** unused: old and never used; published: old but published; posted: old, a post saved now; recent; touched: warned, then used. */
  const ids = { unused: 0, published: 0, posted: 0, recent: 0, touched: 0 };
  const storeDir = () => (s3server ? path.join(s3server.directory, 'media') : path.join(app.config.dataDir, 'files'));
  const filesOf = (id: number) =>
    filesUnder(storeDir()).filter((f) => f.split(path.sep).includes(String(id)) || f.startsWith(`${id}/`));
  const age = (id: number, at: string) =>
    app.app.db.updateTable('submissions').set({ updated_at: at }).where('id', '=', id).execute();
  const savePost = (id: number, body: string) =>
    api(app, 'POST', `/api/posts/${id}/linkedin/versions`, { cookie: editor, body: { body, images: [], items: [] } });

  async function submission(): Promise<number> {
    const created = await api(app, 'POST', '/api/submissions', {
      cookie: contributor,
      body: { tenant: 'firma_a', kind: 'upload' },
    });
    const contentId = created.body.contentId as number;
    for (const [kind, name, ext, type] of [
      ['photo', 'bild.jpg', 'jpg', 'image/jpeg'],
      ['video', 'film.mp4', 'mp4', 'video/mp4'],
    ] as const)
      await attachFile(app.app, {
        contentId,
        kind,
        body: Buffer.from(`${name} ${contentId}`),
        originalName: name,
        contentType: type,
        extension: ext,
      });
    const contact = await api(app, 'PUT', `/api/submissions/${contentId}/contact`, {
      cookie: contributor,
      body: {
        firstName: 'Erika',
        lastName: 'Muster',
        email: 'person@example.de',
        publication: true,
        naming: false,
        consentText: consentWordings.contact[0],
      },
    });
    expect(contact.status).toBe(200);
    return contentId;
  }

  beforeAll(async () => {
    s3server = s3 ? await startS3rver() : null;
    smtp = await startLocalSmtp();
    app = await startTestApp(dialect, { SMTP_URL: smtp.url, ...(s3server?.env ?? {}) });
    await addUser(app.app, 'admin@example.de', 'admin');
    await addUser(app.app, 'person@example.de', 'firma_a');
    await addMember(app.app, null, 'firma_a', {
      email: 'redaktion@firma-a.example',
      role: 'editor',
      password: TEST_PASSWORD,
    });
    await addMember(app.app, null, 'firma_b', {
      email: 'redaktion@firma-b.example',
      role: 'editor',
      password: TEST_PASSWORD,
    });
    admin = await login(app, 'admin@example.de');
    contributor = await login(app, 'person@example.de');
    editor = await login(app, 'redaktion@firma-a.example');
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) ids[key] = await submission();
    // Published long ago: used.
    expect((await savePost(ids.published, 'Erika erzählt.')).status).toBeLessThan(300);
    const published = await api(app, 'POST', `/api/posts/${ids.published}/linkedin/publications`, {
      cookie: editor,
      body: { url: 'https://www.linkedin.com/feed/update/urn:li:activity:7' },
    });
    expect(published.status).toBe(201);
    // Attached to a post this month: used.
    expect((await savePost(ids.posted, 'Ein Entwurf.')).status).toBeLessThan(300);
    for (const id of [ids.unused, ids.published, ids.posted, ids.touched]) await age(id, monthsAgo(13));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await s3server?.close();
  });

  const dueList = async () => {
    const res = await api(app, 'GET', '/api/admin/tenants/firma_a/retention', { cookie: admin });
    expect(res.status).toBe(200);
    return res.body as { months: number; due: { contentId: number; lastUsedAt: string; warnedAt: string | null }[] };
  };

  it("lists what is unused within the tenant's months as due; used and recent submissions are not", async () => {
    // The default: 24 months, so nothing 13 months old is due yet.
    expect(await dueList()).toEqual({ months: 24, due: [] });
    const set = await api(app, 'PUT', '/api/admin/tenants/firma_a/retention', { cookie: admin, body: { months: 12 } });
    expect(set.status).toBe(200);
    expect(set.body.months).toBe(12);
    const list = await dueList();
    expect(list.due.map((d) => d.contentId).sort((a, b) => a - b)).toEqual([ids.unused, ids.touched]);
    expect(list.due.every((d) => d.warnedAt === null)).toBe(true);
    // Bad input changes nothing.
    const bad = await api(app, 'PUT', '/api/admin/tenants/firma_a/retention', { cookie: admin, body: { months: 0 } });
    expect(bad.status).toBe(400);
    expect((await dueList()).months).toBe(12);
    // The daily job is planned, so retention runs without an operator.
    const job = await app.app.db.selectFrom('jobs').select('id').where('kind', '=', RETENTION_JOB).executeTakeFirst();
    expect(job).toBeDefined();
  });

  it('warns the editors of the tenant once by mail, then erases after the warning period with all files', async () => {
    const before = smtp.received.length;
    expect(await runRetention(app.app)).toEqual({ warned: 2, erased: 0 });
    const mail = await smtp.next('redaktion@firma-a.example', before);
    expect(mail.subject).toBe(texts.ownPage.retentionMailSubject(2));
    expect(mail.text).toContain(String(ids.unused));
    expect(mail.text).toContain(`${RETENTION_WARNING_DAYS} Tagen`);
    expect(mail.text).toContain(`${app.config.baseUrl}/eingang`);
    // Only the tenant's editors hear of it.
    expect(smtp.received.slice(before).flatMap((m) => m.to)).toEqual(['redaktion@firma-a.example']);
    const warned = await dueList();
    expect(warned.due.every((d) => d.warnedAt !== null)).toBe(true);
    // A second run the same day warns nobody again.
    expect(await runRetention(app.app)).toEqual({ warned: 0, erased: 0 });
    expect(smtp.received.length).toBe(before + 1);

    // Meanwhile an editor uses one of them: its warning is spent.
    expect((await savePost(ids.touched, 'Doch noch ein Beitrag.')).status).toBeLessThan(300);

    const unusedFiles = filesOf(ids.unused);
    expect(unusedFiles.length).toBeGreaterThanOrEqual(2);
    const othersBefore = Object.fromEntries(
      [ids.published, ids.posted, ids.recent, ids.touched].map((id) => [id, filesOf(id)]),
    );
    expect(await runRetention(app.app, new Date(Date.now() + (RETENTION_WARNING_DAYS - 1) * DAY))).toEqual({
      warned: 0,
      erased: 0,
    });
    expect(filesOf(ids.unused)).toEqual(unusedFiles);

    expect(await runRetention(app.app, new Date(Date.now() + (RETENTION_WARNING_DAYS + 1) * DAY))).toEqual({
      warned: 0,
      erased: 1,
    });
    expect(filesOf(ids.unused)).toEqual([]);
    const keys: string[] = [];
    for await (const key of app.app.blobs.list()) if (key.startsWith(`${ids.unused}/`)) keys.push(key);
    expect(keys).toEqual([]);
    const rows = await app.app.db.selectFrom('submissions').select('id').execute();
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [ids.published, ids.posted, ids.recent, ids.touched].sort((a, b) => a - b),
    );
    for (const [id, files] of Object.entries(othersBefore)) expect([id, filesOf(Number(id))]).toEqual([id, files]);
    // The erasure log holds it (a restored backup does not bring it back), with ids only.
    const log = readFileSync(erasureLogFile(app.config), 'utf8');
    expect(log).toContain(`"submission":${ids.unused}`);
    expect(log).not.toContain('@');
    const audit = await app.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'retention.erase')
      .execute();
    expect(audit).toHaveLength(1);
    expect((await dueList()).due).toEqual([]);
  });

  it('a submission used after its warning is warned afresh when it is due again, never erased on the old warning', async () => {
    const later = new Date(Date.now() + 13 * 31 * DAY);
    const before = smtp.received.length;
    // Thirteen months on, the draft post, the recent one and the touched one are unused too; the published one stays.
    expect(await runRetention(app.app, later)).toEqual({ warned: 3, erased: 0 });
    const mail = await smtp.next('redaktion@firma-a.example', before);
    expect(mail.subject).toBe(texts.ownPage.retentionMailSubject(3));
    const rows = await app.app.db.selectFrom('submissions').select('id').execute();
    expect(rows).toHaveLength(4);
    expect(filesOf(ids.touched).length).toBeGreaterThanOrEqual(2);
  });
});
