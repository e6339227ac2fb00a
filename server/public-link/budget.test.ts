import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { createUpload, patchUpload } from '../uploads/testing/tus';
import { api, dialects, startTestApp, type TestApp } from '../testing/harness';

/**
 * Issue 37, point 7: the public link's byte budget counts bytes received, not lengths announced.
 * An announced length holds only a few minutes as a reservation; then what was sent counts.
 */
const MB = 1024 * 1024;

describe.each(dialects)('the public byte budget on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      ALTCHA_MAX_NUMBER: '2000',
      PUBLIC_UPLOAD_MB_PER_HOUR_PER_ADDRESS: '10',
      PUBLIC_UPLOAD_MB_PER_HOUR: '30',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function publicSubmission() {
    const challenge = (await api(t, 'GET', '/api/public/challenge')).body;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
    const created = await api(t, 'POST', '/api/public/submissions', { body: { tenant: 'vdi', altcha } });
    expect(created.status).toBe(201);
    return { contentId: created.body.contentId as number, headers: { 'x-submission-token': created.body.accessToken } };
  }
  const announce = (s: Awaited<ReturnType<typeof publicSubmission>>, size: number) =>
    createUpload(t, { size, contentId: s.contentId, page: 'upload', filename: 'film.mp4', headers: s.headers });
  /** The reservations' few minutes pass. */
  const minutesPass = () =>
    t.app.db
      .updateTable('public_usage')
      .set({ lapses_at: Date.now() - 1000 })
      .where('kind', '=', 'upload')
      .where('lapses_at', 'is not', null)
      .execute();

  it('an announced upload that sends nothing frees its share once its reservation lapses', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    expect((await announce(s, 9 * MB)).status).toBe(201);
    // Within its few minutes the announcement holds its share.
    const held = await announce(s, 5 * MB);
    expect(held.status).toBe(429);
    expect(held.body.message).toBe(texts.publicLink.uploadBytesAddress);
    await minutesPass();
    // Nothing was sent: nothing counts any more.
    expect((await announce(s, 9 * MB)).status).toBe(201);
  });

  it('counts the bytes an upload actually sent, after its reservation and once it finishes', async () => {
    await t.app.db.deleteFrom('public_usage').execute();
    const s = await publicSubmission();
    const created = await announce(s, 8 * MB);
    expect(created.status).toBe(201);
    // 3 MB arrive, then the connection goes quiet.
    expect((await patchUpload(created.location!, 0, Buffer.alloc(3 * MB, 1), s.headers)).status).toBe(204);
    await minutesPass();
    const rows = await t.app.db.selectFrom('public_usage').select(['received_bytes']).execute();
    expect(rows.map((r) => Number(r.received_bytes))).toEqual([3 * MB]);
    // 3 MB received + 8 MB announced is past 10 MB; 3 + 7 is not.
    expect((await announce(s, 8 * MB)).status).toBe(429);
    expect((await announce(s, 7 * MB)).status).toBe(201);
  });
});
