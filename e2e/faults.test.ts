import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../common/texts';
import {
  mountSmallFs,
  privatePostgresUnavailable,
  smallFsUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
  type SmallFs,
} from '../server/testing/faults';
import { loginAs, startE2E, toastWith, type E2E } from './harness';

const s = texts.voiceMessages;
const noMount = smallFsUnavailable();
if (noMount) console.warn(`skipped: ${noMount}`);

describe.skipIf(noMount)('a full server disk in the browser', () => {
  let e: E2E;
  let files: SmallFs;
  beforeAll(async () => {
    e = await startE2E();
    files = mountSmallFs(path.join(e.t.config.dataDir, 'files'), 4);
  }, 60_000);
  afterAll(async () => {
    files?.unmount();
    await e?.close();
  });

  it('keeps the edited transcript and says so; it reaches the server once the disk has room again', async () => {
    const page = await e.newPage();
    await loginAs(page, 'vdi_admin');
    const contentId = await page.evaluate(async () => {
      const res = await fetch('/api/submissions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'vdi', kind: 'voice' }),
      });
      const { contentId } = (await res.json()) as { contentId: number };
      await fetch(`/api/submissions/${contentId}/transcript`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transcript: 'Erste Fassung' }),
      });
      sessionStorage.setItem('currentInterviewId', String(contentId));
      return contentId;
    });
    await page.goto('/transcript-edit');
    const field = page.getByLabel(s.transcriptLabel);
    await expect.poll(() => field.inputValue()).toBe('Erste Fassung');

    files.fill();
    await field.fill('Zweite Fassung, während die Platte voll ist');
    await page.getByRole('button', { name: s.continueToImages }).click();
    await toastWith(page, s.saveWarning).waitFor();
    await page.getByTestId('kept-locally').waitFor();
    expect(await page.getByTestId('kept-locally').textContent()).toBe(texts.common.outageKeptLocally);
    expect(page.url()).toMatch(/\/transcript-edit$/);
    expect(await field.inputValue()).toBe('Zweite Fassung, während die Platte voll ist');
    const before = await e.t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(before.transcript).toBe('Erste Fassung');

    // Room again: the kept draft goes out (as on reconnect) and the text is stored.
    files.empty();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await toastWith(page, texts.finish.draftsSent(1)).waitFor({ timeout: 15_000 });
    const after = await e.t.app.db
      .selectFrom('submissions')
      .select('transcript')
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(after.transcript).toBe('Zweite Fassung, während die Platte voll ist');
  }, 90_000);
});

const noPostgres = privatePostgresUnavailable();
if (noPostgres) console.warn(`skipped: ${noPostgres}`);

describe.skipIf(noPostgres)('PostgreSQL down in the browser (a private server, stopped and started)', () => {
  let e: E2E;
  let pg: PrivatePostgres;
  beforeAll(async () => {
    pg = await startPrivatePostgres();
    e = await startE2E({ dialect: 'postgres', env: { DATABASE_URL: pg.url } });
  }, 60_000);
  afterAll(async () => {
    await e?.close();
    pg?.destroy();
  });

  it('keeps the contact form in the browser with a German notice, and sends it once the database is back', async () => {
    const f = texts.finish;
    const page = await e.newPage();
    await loginAs(page, 'vdi_admin');
    const contentId = await page.evaluate(async () => {
      const res = await fetch('/api/submissions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant: 'vdi', kind: 'upload' }),
      });
      const { contentId } = (await res.json()) as { contentId: number };
      sessionStorage.setItem('currentInterviewId', String(contentId));
      return contentId;
    });
    await page.goto('/thank-you');
    await page.getByLabel(f.firstName, { exact: true }).waitFor();

    pg.stop();
    try {
      await page.getByLabel(f.firstName, { exact: true }).fill('Lea');
      await page.getByLabel(f.lastName, { exact: true }).fill('Luft');
      await page.getByLabel(f.email, { exact: true }).fill('lea@example.de');
      await page.getByRole('button', { name: f.contactSubmit }).click();
      await toastWith(page, texts.common.outageKeptLocally).waitFor();
      expect(await page.getByLabel(f.email, { exact: true }).inputValue()).toBe('lea@example.de');
    } finally {
      pg.start();
    }

    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await toastWith(page, texts.finish.draftsSent(1)).waitFor({ timeout: 20_000 });
    const row = await e.t.app.db
      .selectFrom('submissions')
      .select(['contact_email', 'completed_at'])
      .where('id', '=', contentId)
      .executeTakeFirstOrThrow();
    expect(row.contact_email).toBe('lea@example.de');
    expect(row.completed_at).not.toBeNull();
  }, 90_000);
});
