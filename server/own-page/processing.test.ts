import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, api, dialects, login, startTestApp, type TestApp } from '../testing/harness';
import { RETENTION_WARNING_DAYS } from './retention';

const t = texts.processingRecord;

/** The lines of one `## ` section of the Markdown record. */
function section(md: string, title: string): string[] {
  const lines = md.split('\n');
  const start = lines.indexOf(title);
  expect(start, title).toBeGreaterThan(-1);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((l) => l.trim() !== '');
}

describe.each(dialects)('the record of processing on %s', (dialect) => {
  let configured: TestApp;
  let plain: TestApp;
  let adminOf: Map<TestApp, string>;

  beforeAll(async () => {
    configured = await startTestApp(dialect, {
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: 'https://whisper.intern.example:9443/v1',
      OPENAI_API_KEY: 'sk-geheim-123',
      OPENAI_CHAT_MODEL: 'gpt-entwurf',
      SMTP_URL: 'smtp://versand:mailgeheim@mail.verein.example:587',
    });
    plain = await startTestApp(dialect, { TRANSCRIBER: 'local' });
    adminOf = new Map();
    for (const app of [configured, plain]) {
      await addUser(app.app, 'admin@example.de', 'admin');
      adminOf.set(app, await login(app, 'admin@example.de'));
    }
  }, 60_000);
  afterAll(async () => {
    await configured?.close();
    await plain?.close();
  });

  const record = async (app: TestApp, tenant: string) => {
    const res = await api(app, 'GET', `/api/admin/tenants/${tenant}/processing.md`, { cookie: adminOf.get(app) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/markdown');
    expect(res.headers.get('content-disposition')).toContain(`verarbeitungsverzeichnis-${tenant}.md`);
    return res.body as string;
  };

  it('names the configured transcription service and mail server by host, never their credentials', async () => {
    const md = await record(configured, 'firma_a');
    const recipients = section(md, t.recipientsTitle);
    expect(recipients).toContain(t.transcription(t.transcriberOpenai('whisper.intern.example:9443')));
    expect(recipients).toContain(t.mailSmtp('mail.verein.example:587'));
    expect(recipients).toContain(t.draftsModel('gpt-entwurf', 'whisper.intern.example:9443'));
    expect(recipients).toContain(t.filesLocal);
    expect(recipients).toContain(dialect === 'postgres' ? t.databasePostgres('127.0.0.1:5432') : t.databaseSqlite);
    for (const secret of ['sk-geheim-123', 'mailgeheim', 'versand:']) expect(md).not.toContain(secret);
  });

  it('says local and no mail server when none is configured', async () => {
    const recipients = section(await record(plain, 'firma_a'), t.recipientsTitle);
    expect(recipients).toContain(t.transcription(t.transcriberLocal));
    expect(recipients).toContain(t.mailOutbox);
    expect(recipients).toContain(t.draftsTemplate);
    expect(recipients.join('\n')).not.toContain('api.openai.com');
    expect(recipients.join('\n')).not.toContain('SMTP');
  });

  it("per tenant: its name, what its pages collect, the purposes and the tenant's retention months", async () => {
    const cookie = adminOf.get(plain);
    const set = await api(plain, 'PUT', '/api/admin/tenants/firma_b/retention', { cookie, body: { months: 18 } });
    expect(set.status).toBe(200);
    const b = await record(plain, 'firma_b');
    const vdi = await record(plain, 'vdi');
    expect(b.split('\n')[0]).toBe(t.title('Firma B'));
    expect(vdi.split('\n')[0]).toBe(t.title('VDI'));
    expect(section(b, t.purposeTitle)).toEqual([t.purpose]);
    expect(section(b, t.retentionTitle)[0]).toBe(t.retention(18, RETENTION_WARNING_DAYS));
    expect(section(vdi, t.retentionTitle)[0]).toBe(t.retention(24, RETENTION_WARNING_DAYS));
    // Firma B takes photos; the VDI's pages take documents but no photos.
    const collectedB = section(b, t.collectedTitle);
    const collectedVdi = section(vdi, t.collectedTitle);
    for (const line of [t.contact, t.interviews, t.voiceMessages, t.photos, t.documents, t.consents])
      expect(collectedB).toContain(line);
    expect(collectedVdi).toContain(t.documents);
    expect(collectedVdi).not.toContain(t.photos);
    expect(collectedVdi).not.toContain(t.videoAnswers);
    expect(section(b, t.legalTitle)).toEqual([t.legal]);
  });
});
