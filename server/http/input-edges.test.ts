import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_CHARS } from '../../common/schemas/transcript';
import { texts } from '../../common/texts';
import { readZip } from '../inbox/read-zip';
import { attachFile, nameWithType, safeFileName } from '../submissions/files';
import { addUser, api, dialects, login, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';
import { PERMISSIONS_POLICY } from './permissions';

describe('file names for disks and archives', () => {
  it('cleans ".", "..", paths and characters no disk or ZIP takes', () => {
    expect(safeFileName('.')).toBe('datei');
    expect(safeFileName('..')).toBe('datei');
    expect(safeFileName('...')).toBe('datei');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\foto.jpg')).toBe('foto.jpg');
    expect(safeFileName('a/..')).toBe('datei');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('bild.jpg. . ')).toBe('bild.jpg');
    expect(safeFileName('re<port>:?*|.pdf')).toBe('report.pdf');
    expect(safeFileName('nul\u0000byte.txt')).toBe('nulbyte.txt');
  });

  it('removes bidi and other format controls, and gives downloads the extension of the judged type', () => {
    expect(safeFileName('rechnung\u202Egpj.exe')).toBe('rechnunggpj.exe');
    expect(safeFileName('a\u200Bb\u2066c.txt')).toBe('abc.txt');
    expect(nameWithType('foto.bat', '12/171_ab.jpg')).toBe('foto.jpg');
    expect(nameWithType('notiz.hta', '12/171_ab.txt')).toBe('notiz.txt');
    expect(nameWithType('bild', '12/171_ab.png')).toBe('bild.png');
    expect(nameWithType('urlaub.JPEG', '12/171_ab.jpg')).toBe('urlaub.JPEG');
    expect(nameWithType('link.url', '12/171_ab.pdf')).toBe('link.pdf');
  });

  it('says singular and plural right', () => {
    expect(texts.admin.fileCount(1)).toBe('1 Datei');
    expect(texts.admin.fileCount(2)).toBe('2 Dateien');
    expect(texts.publicLink.recordingsPerSubmission(1)).not.toMatch(/1 Sprachnachrichten/);
    expect(texts.uploads.tooMany(1)).toBe('Sie können maximal 1 Datei hochladen.');
    expect(texts.uploads.tooMany(10)).toBe('Sie können maximal 10 Dateien hochladen.');
    expect(texts.common.transcriptTooLong(200_000)).toContain('200.000');
  });
});

describe.each(dialects)('input edges on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let vdi: string;
  let contentId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { TRUST_PROXY: '1' });
    await addUser(t.app, 'admin@example.de', 'admin');
    await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    admin = await login(t, 'admin@example.de');
    vdi = await login(t, 'vdi@example.de');
    const res = await api(t, 'POST', '/api/submissions', { cookie: vdi, body: { tenant: 'vdi', kind: 'voice' } });
    contentId = res.body.contentId;
    await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie: vdi,
      body: { transcript: 'Du: Ein Anfang.' },
    });
  });
  afterAll(() => t.close());

  it('refuses dates that do not exist in the inbox and the CSV export with 400 in German, before any 200', async () => {
    for (const bad of ['2024-13-45', '2024-02-30', '2023-02-29', '0000-00-00', '2024-1-1']) {
      const list = await api(t, 'GET', `/api/inbox?to=${bad}`, { cookie: admin });
      expect(list.status).toBe(400);
      expect(list.body.message).toBe(texts.admin.invalidDate);
      const csv = await fetch(`${t.url}/api/inbox/export.csv?from=${bad}`, { headers: { cookie: admin } });
      expect(csv.status).toBe(400);
      expect(csv.headers.get('content-type')).toMatch(/json/);
      expect((await csv.json()).message).toBe(texts.admin.invalidDate);
    }
    expect((await api(t, 'GET', '/api/inbox?from=2024-02-29&to=2024-12-31', { cookie: admin })).status).toBe(200);
    expect((await fetch(`${t.url}/api/inbox/export.csv?to=2024-02-29`, { headers: { cookie: admin } })).status).toBe(
      200,
    );
  });

  it('refuses NUL bytes in every text input with the same German 400 on both databases, storing nothing', async () => {
    const before = await t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    const refused = [
      await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
        cookie: vdi,
        body: { transcript: 'Du: a\u0000b' },
      }),
      await api(t, 'GET', `/api/inbox?q=${encodeURIComponent('a\u0000b')}`, { cookie: admin }),
      await api(t, 'POST', `/api/inbox/${contentId}/notes`, { cookie: admin, body: { body: 'Notiz\u0000' } }),
      await api(t, 'PUT', `/api/submissions/${contentId}/contact`, {
        cookie: vdi,
        body: { firstName: 'A\u0000', lastName: 'B', email: 'a@example.de' },
      }),
      await api(t, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'admin@example.de\u0000', password: TEST_PASSWORD },
      }),
      await api(t, 'POST', '/api/submissions', { cookie: vdi, body: { tenant: 'vdi\u0000', kind: 'voice' } }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(texts.common.invalidCharacters);
    }
    const after = await t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(after.transcript).toBe(before.transcript);
    expect(
      await t.app.db
        .selectFrom('notes' as never)
        .selectAll()
        .execute()
        .catch(() => []),
    ).toHaveLength(0);
  });

  it('caps a transcript at MAX_TRANSCRIPT_CHARS with a German message', async () => {
    const long = await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
      cookie: vdi,
      body: { transcript: 'x'.repeat(MAX_TRANSCRIPT_CHARS + 1) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(texts.common.transcriptTooLong(MAX_TRANSCRIPT_CHARS));
    expect(
      (
        await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
          cookie: vdi,
          body: { transcript: 'y'.repeat(MAX_TRANSCRIPT_CHARS) },
        })
      ).status,
    ).toBe(200);
  });

  it("answers zod's and the HTTP layer's refusals in German (max length, wrong type, 413 zu groß, broken JSON)", async () => {
    const q = await api(t, 'GET', `/api/inbox?q=${'a'.repeat(201)}`, { cookie: admin });
    expect(q.status).toBe(400);
    expect(q.body.message).toBe(texts.common.maxChars(200));
    const array = await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, { cookie: vdi, body: [] });
    expect(array.status).toBe(400);
    expect(array.body.message).toMatch(/^[^A-Za-z]*[A-ZÄÖÜ][a-zäöüß]/);
    expect(array.body.message).not.toMatch(/expected|received|Invalid/);
    const big = await fetch(`${t.url}/api/submissions/${contentId}/transcript`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: vdi },
      body: JSON.stringify({ transcript: 'z'.repeat(3 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(texts.common.requestTooLarge);
    const broken = await fetch(`${t.url}/api/submissions/${contentId}/transcript`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: vdi },
      body: '{"transcript":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe(texts.common.malformedJson);
  });

  it('exports a submission whose stored file name is ".." as a ZIP with clean entry names', async () => {
    await attachFile(t.app, {
      contentId,
      kind: 'document',
      body: Buffer.from('%PDF-1.4 a'),
      originalName: '..',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    await attachFile(t.app, {
      contentId,
      kind: 'document',
      body: Buffer.from('%PDF-1.4 b'),
      originalName: '.',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    await attachFile(t.app, {
      contentId,
      kind: 'document',
      body: Buffer.from('%PDF-1.4 c'),
      originalName: '../../x.pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    const res = await fetch(`${t.url}/api/inbox/${contentId}/zip`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const names = [...readZip(Buffer.from(await res.arrayBuffer())).keys()];
    expect(names).toEqual(expect.arrayContaining(['datei.pdf', 'datei (2).pdf', 'x.pdf']));
    for (const n of names) expect(n).not.toMatch(/^\.|\/|\\/);
  });

  it('sends a Permissions-Policy that allows the microphone and the camera for the app only', async () => {
    for (const path of ['/api/health', '/']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('microphone=(self)');
    expect(PERMISSIONS_POLICY).toContain('camera=(self)');
    expect(PERMISSIONS_POLICY).toContain('display-capture=()');
  });

  it("refuses a foreign Origin on the app's own state-changing routes, not only the auth routes", async () => {
    const evil = { origin: 'https://evil.example' };
    const calls: [string, string, unknown][] = [
      ['POST', '/api/submissions', { tenant: 'vdi', kind: 'voice' }],
      ['PUT', `/api/submissions/${contentId}/transcript`, { transcript: 'Du: fremd' }],
      ['POST', `/api/inbox/${contentId}/notes`, { body: 'fremd' }],
      ['PUT', `/api/inbox/${contentId}/status`, { status: 'verwendet' }],
      ['DELETE', `/api/inbox/${contentId}`, undefined],
      ['POST', '/api/admin/users', { email: 'neu@example.de', role: 'bank' }],
      ['PUT', '/api/account/notifications', { mode: 'off' }],
      ['POST', '/api/public/submissions', {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(t, method, path, { cookie: admin, body, headers: evil });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('origin_refused');
    }
    expect(
      (
        await t.app.db
          .selectFrom('submissions')
          .select('transcript')
          .where('id', '=', contentId)
          .executeTakeFirstOrThrow()
      ).transcript,
    ).not.toContain('fremd');
  });

  it('builds the voice socket URL from the request Host, never from X-Forwarded-Host (even behind a trusted proxy)', async () => {
    const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=free-topic', {
      cookie: admin,
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.signedUrl);
    expect(url.host).toBe(new URL(t.url).host);
    expect(url.protocol).toBe('ws:');
  });

  it('builds the voice socket URL from BASE_URL when it is set', async () => {
    const base = await startTestApp(dialect, { BASE_URL: 'https://content.example.org', TRUST_PROXY: '1' });
    try {
      await addUser(base.app, 'admin@example.de', 'admin');
      const signIn = await fetch(`${base.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://content.example.org' },
        body: JSON.stringify({ email: 'admin@example.de', password: TEST_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const res = await api(base, 'GET', '/api/voice/signed-url?tenant=vdi&topic=free-topic', {
        cookie,
        headers: { 'x-forwarded-host': 'evil.example' },
      });
      expect(res.status).toBe(200);
      expect(res.body.signedUrl).toMatch(/^wss:\/\/content\.example\.org\/api\/voice\/agent\?token=/);
    } finally {
      await base.close();
    }
  });
});
