import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentOverview } from '../../common/contracts/content';
import type { PublicApproval } from '../../common/contracts/post';
import { toWebVtt } from '../../common/captions';
import { texts } from '../../common/texts';
import { addUser, api, dialects, lastMailTo, login, startTestApp, type TestApp } from '../testing/harness';
import { passageCues } from './design';
import { wordsOfRecording } from './timing';

const timing = {
  text: 'Ich habe hier angefangen. Heute leite ich ein Team von zwölf Leuten.',
  segments: [
    { start: 0.2, end: 1.9, text: 'Ich habe hier angefangen.' },
    { start: 2.0, end: 4.8, text: 'Heute leite ich ein Team von zwölf Leuten.' },
  ],
};

/**
 * The caption track of a rendered clip or audiogram (#43.5): WebVTT from the one caption builder,
 * served to whoever may play the item — the editor, and the contributor through the approval link.
 * The item rows are written as a finished render leaves them (the render itself: content.test.ts).
 */
describe.each(dialects)('caption tracks of rendered items on %s', (dialect) => {
  let t: TestApp;
  let editor: string;
  let contributor: string;
  let id = 0;
  let audiogram = 0;
  let card = 0;
  let token = '';

  const get = (url: string, cookie?: string) => fetch(`${t.url}${url}`, { headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await addUser(t.app, 'redaktion@example.de', 'vdi_admin');
    await addUser(t.app, 'firma@example.de', 'firma_a');
    editor = await login(t, 'redaktion@example.de');
    contributor = await login(t, 'firma@example.de');
    id = (await api(t, 'POST', '/api/submissions', { cookie: editor, body: { tenant: 'vdi', kind: 'interview' } })).body
      .contentId;
    const at = new Date().toISOString();
    await t.app.db
      .updateTable('submissions')
      .set({ contact_email: 'erika@example.de', contact_first_name: 'Erika' })
      .where('id', '=', id)
      .execute();
    await t.app.db
      .insertInto('consents')
      .values({ submission_id: id, kind: 'publication', text: 'wie gezeigt', given_at: at })
      .execute();
    await t.app.blobs.put(`${id}/audio/interview.ogg`, Buffer.from('ogg'), { contentType: 'audio/ogg' });
    const media = await t.app.db
      .insertInto('media')
      .values({
        submission_id: id,
        kind: 'audio',
        file_path: `${id}/audio/interview.ogg`,
        original_name: 'interview.ogg',
        file_type: 'audio/ogg',
        size: 3,
        thumbnail_path: null,
        surface: null,
        upload_id: null,
        created_at: at,
        timing: JSON.stringify(timing),
        duration_ms: 5000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.blobs.put(`${id}/content/x.mp4`, Buffer.from('mp4'), { contentType: 'video/mp4' });
    const item = (kind: string, fileType: string) => ({
      submission_id: id,
      kind,
      format: kind === 'card' ? '4:5' : '9:16',
      spec: JSON.stringify({ mediaId: Number(media.id), start: 2.0, end: 4.8 }),
      alt: kind,
      file_key: `${id}/content/x.mp4`,
      file_type: fileType,
      size: 3,
      state: 'ready',
      created_by: 'redaktion@example.de',
      created_at: at,
      updated_at: at,
    });
    audiogram = Number(
      (
        await t.app.db
          .insertInto('content_items')
          .values(item('audiogram', 'video/mp4'))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    card = Number(
      (
        await t.app.db
          .insertInto('content_items')
          .values(item('card', 'image/png'))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(() => t.close());

  it('gives the editor the WebVTT of a clip or audiogram: the cues the render burns in, from its start', async () => {
    const overview = (await api(t, 'GET', `/api/content/${id}`, { cookie: editor })).body as ContentOverview;
    const shown = overview.items.find((i) => i.id === audiogram)!;
    expect(shown.captionsUrl).toBe(`/api/content/${id}/items/${audiogram}/captions.vtt`);
    // A card is a picture: no track.
    expect(overview.items.find((i) => i.id === card)!.captionsUrl).toBeNull();
    const res = await get(shown.captionsUrl!, editor);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('private');
    const vtt = await res.text();
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.000 --> ')).toBe(true);
    expect(vtt).toContain('Heute');
    expect(vtt).not.toContain('angefangen');
    const words = wordsOfRecording({ timing: JSON.stringify(timing) });
    const { cues } = passageCues({
      format: '9:16',
      spec: { mediaId: 1, start: 2.0, end: 4.8 },
      words,
      mediaSeconds: 5,
    });
    expect(vtt).toBe(toWebVtt(cues));
    // The card's captions do not exist.
    const none = await get(`/api/content/${id}/items/${card}/captions.vtt`, editor);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(texts.video.noCaptions);
  });

  it('gives another person nothing: no session, a contributor account, an unknown item', async () => {
    const url = `/api/content/${id}/items/${audiogram}/captions.vtt`;
    const anonymous = await get(url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Heute');
    const other = await get(url, contributor);
    expect([403, 404]).toContain(other.status);
    expect(await other.text()).not.toContain('Heute');
    expect((await get(`/api/content/${id}/items/${audiogram + 1000}/captions.vtt`, editor)).status).toBe(404);
    // The file route answers alike: the track is authorised exactly like the video.
    expect((await get(`/api/content/${id}/items/${audiogram}/file`)).status).toBe(401);
    expect([403, 404]).toContain((await get(`/api/content/${id}/items/${audiogram}/file`, contributor)).status);
  });

  it('gives the contributor the track through the approval link, and nothing without it', async () => {
    const save = await api(t, 'POST', `/api/posts/${id}/linkedin/versions`, {
      cookie: editor,
      body: {
        body: 'Unser Beitrag',
        items: [
          { itemId: audiogram, alt: 'Audiogramm' },
          { itemId: card, alt: 'Karte' },
        ],
      },
    });
    expect(save.status).toBe(201);
    expect((await api(t, 'POST', `/api/posts/${id}/linkedin/approvals`, { cookie: editor })).status).toBe(201);
    token = /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec((await lastMailTo(t.app.db, 'erika@example.de')).body)![1]!;
    const page = (await api(t, 'GET', `/api/freigabe/${token}`)).body as PublicApproval;
    expect(page.items.map((i) => i.captions)).toEqual([`/api/freigabe/${token}/inhalte/0/captions.vtt`, null]);
    expect(page.media.map((i) => i.captions)).toEqual([`/api/freigabe/${token}/inhalte/0/captions.vtt`, null]);
    const res = await get(page.items[0]!.captions!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await res.text()).toContain('Heute');
    // Another token, another position, a card: nothing.
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const url of [
      `/api/freigabe/${forged}/inhalte/0/captions.vtt`,
      `/api/freigabe/${token}/inhalte/5/captions.vtt`,
      `/api/freigabe/${token}/inhalte/1/captions.vtt`,
    ]) {
      const refused = await get(url);
      expect(refused.status, url).toBe(404);
      expect(await refused.text()).not.toContain('Heute');
    }
  });
});
