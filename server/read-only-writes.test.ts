import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../common/contracts/endpoints';
import { splitKey, type EndpointKey } from '../common/contracts/endpoint';
import { texts } from '../common/texts';
import { createUpload } from './uploads/testing/tus';
import { mountSmallFs, smallFsUnavailable, type SmallFs } from './testing/faults';
import { addUser, api, dialects, login, startTestApp, type TestApp } from './testing/harness';
import { silentWav } from './testing/audio';

/**
 * Every write route of the endpoint table (and the tus creation), called on read-only storage:
 * none may answer 500. A storage fault is the German 503; anything else is the route's own
 * refusal. The table is walked, so a route added later is walked too.
 */
const noMount = smallFsUnavailable();
if (noMount) console.warn(`skipped: ${noMount}`);

/** Bodies that reach the storage (the rest get `{}`: a refusal of the input is fine here). */
const bodies: Partial<Record<EndpointKey, () => Promise<{ type: string; body: Buffer | string }>>> = {
  'PUT /submissions/:contentId/transcript': async () => json({ transcript: 'Neue Fassung', completed: true }),
  'POST /submissions/:contentId/voice-message': async () => ({ type: 'audio/wav', body: silentWav() }),
  'PUT /admin/tenants/:key/logo': async () => ({
    type: 'image/png',
    body: await sharp({ create: { width: 64, height: 16, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer(),
  }),
  'POST /content/:contentId/cards': async () => json({ format: '1:1', quote: 'Ein Satz, der trägt.' }),
  'PUT /submissions/:contentId/description': async () => json({}),
};
const json = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) });

/** Routes that end the caller's session or the submission go last. */
const last = (key: string) => (/^DELETE|deactivate/.test(key) ? 1 : 0);

describe.skipIf(noMount).each(dialects)('every write route on read-only storage (%s)', (dialect) => {
  let t: TestApp;
  let files: SmallFs;
  let uploads: SmallFs;
  let cookie: string;
  let params: Record<string, string | number>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { HEALTH_PROBE_MS: '0' });
    files = mountSmallFs(path.join(t.config.dataDir, 'files'), 4);
    uploads = mountSmallFs(path.join(t.config.dataDir, 'uploads'), 4);
    await addUser(t.app, 'admin@example.de', 'admin');
    const other = await addUser(t.app, 'kollege@example.de', 'vdi_admin');
    cookie = await login(t, 'admin@example.de');
    const contentId = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'upload' } }))
      .body.contentId as number;
    await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, { cookie, body: { transcript: 'Erste Fassung' } });
    const media = await t.app.db
      .selectFrom('media')
      .select('id')
      .where('submission_id', '=', contentId)
      .executeTakeFirstOrThrow();
    params = {
      contentId,
      mediaId: media.id,
      itemId: 1,
      key: 'vdi',
      userId: other.id,
      conversationId: 'gespraech-1',
      channel: 'linkedin',
      approvalId: 1,
      token: 'x'.repeat(43),
    };
  });
  afterAll(async () => {
    files?.writable();
    uploads?.writable();
    files?.unmount();
    uploads?.unmount();
    await t?.close();
  });

  it('answers each with its own refusal or a German 503, never 500; the logo upload is a 503', async () => {
    files.readOnly();
    uploads.readOnly();
    const keys = (Object.keys(endpoints) as EndpointKey[])
      .filter((key) => !key.startsWith('GET '))
      .sort((a, b) => last(a) - last(b));
    expect(keys.length).toBeGreaterThan(40);
    const answers: Record<string, number> = {};
    const failures: string[] = [];
    for (const key of keys) {
      const { method, path: pattern } = splitKey(key);
      const url = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 1)));
      const endpoint = endpoints[key as keyof typeof endpoints] as { body?: unknown };
      const sent = bodies[key] ? await bodies[key]() : endpoint.body ? json({}) : null;
      const res = await fetch(`${t.url}${url}`, {
        method,
        headers: { origin: t.url, cookie, ...(sent ? { 'content-type': sent.type } : {}) },
        body: sent ? new Uint8Array(Buffer.from(sent.body)) : undefined,
      });
      const text = await res.text();
      answers[key] = res.status;
      if (res.status >= 500 && !(res.status === 503 && text.includes(texts.common.storageOutage)))
        failures.push(`${key}: ${res.status} ${text.slice(0, 200)}`);
      expect(text).not.toContain(t.config.dataDir);
    }
    const tus = await createUpload(t, {
      size: 10,
      contentId: Number(params.contentId),
      page: 'upload',
      filename: 'a.pdf',
      headers: { cookie },
    });
    if (tus.status >= 500 && tus.status !== 503) failures.push(`POST /uploads: ${tus.status}`);
    expect(failures).toEqual([]);
    expect(answers['PUT /admin/tenants/:key/logo']).toBe(503);
    expect(answers['POST /submissions/:contentId/voice-message']).toBe(503);
  }, 60_000);
});
