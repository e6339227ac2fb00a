import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftEvent } from '../../common/schemas/post';
import type { PostOverview } from '../../common/contracts/post';
import { texts } from '../../common/texts';
import { startFakeOpenAIChat, type FakeOpenAIChat } from '../testing/fake-openai-chat';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import { readDraft } from '../testing/draft-stream';

const transcript = [
  'Interviewer: Woran arbeiten Sie gerade?',
  'Du: Wir bauen in Köln eine Fußgängerbrücke aus Carbonbeton, die nur 40 Prozent des Gewichts einer Stahlbetonbrücke hat.',
  'Interviewer: Was war schwierig?',
  'Du: Die Verbindungen der Fertigteile mussten wir dreimal neu berechnen.',
].join('\n\n');

const deltas = (events: DraftEvent[]) =>
  events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text);

describe('post drafts from an OpenAI-compatible chat model', () => {
  let fake: FakeOpenAIChat;
  let tApp: TestApp;
  let cookie: string;
  let contentId: number;
  const draftUrl = () => `${tApp.url}/api/posts/${contentId}/linkedin/draft`;

  beforeAll(async () => {
    fake = await startFakeOpenAIChat({ apiKey: 'sk-test' });
    tApp = await startTestApp('sqlite', {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_CHAT_MODEL: 'llama3.1:8b',
      DRAFT_TIMEOUT_SECONDS: '1',
    });
    await addUser(tApp.app, 'redaktion@example.de', 'vdi_admin');
    cookie = await login(tApp, 'redaktion@example.de');
    const res = await api(tApp, 'POST', '/api/submissions', {
      cookie,
      body: { tenant: 'vdi', kind: 'interview', topic: 'tech-dive' },
    });
    contentId = res.body.contentId;
    await tApp.app.db
      .updateTable('submissions')
      .set({
        transcript,
        w_answers: JSON.stringify({ who: 'Brückenbau Müller', where: 'Köln' }),
        post_link: 'https://example.de/bruecke',
        post_description: 'Unsere Carbonbrücke',
      })
      .where('id', '=', contentId)
      .execute();
    await api(tApp, 'POST', `/api/inbox/${contentId}/notes`, {
      cookie,
      body: { body: 'Interne Notiz: nicht vor Juni' },
    });
  });
  afterAll(async () => {
    await tApp.close();
    await fake.close();
  });

  it('streams the draft in pieces, cuts the sources line and names the passages the model used', async () => {
    fake.behave({ mode: 'stream', chunkSize: 7, delayMs: 0 });
    fake.reply(
      'Brückenbau Müller baut in Köln eine Fußgängerbrücke aus Carbonbeton – 40 Prozent leichter.\n\nQUELLEN: 2, 99',
    );
    const { status, events } = await readDraft(draftUrl(), cookie, tApp.url);
    expect(status).toBe(200);
    expect(events[0]).toEqual({ type: 'start', kind: 'model' });
    expect(deltas(events).length).toBeGreaterThan(5);
    expect(deltas(events).join('').trim()).toBe(
      'Brückenbau Müller baut in Köln eine Fußgängerbrücke aus Carbonbeton – 40 Prozent leichter.',
    );
    expect(events.at(-1)).toEqual({
      type: 'done',
      sources: [{ index: 2, text: expect.stringContaining('Carbonbeton') }],
    });

    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ model: 'llama3.1:8b', stream: true, authorization: 'Bearer sk-test' });
    const [system, user] = request.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('VDI Verein Deutscher Ingenieure');
    expect(system!.content).toContain('ausschließlich Tatsachen aus dem Material');
    expect(system!.content).toContain('höchstens 3000 Zeichen');
    expect(user!.content).toContain('[2] Person: Wir bauen in Köln');
    expect(user!.content).toContain('Wer: Brückenbau Müller');
    expect(user!.content).toContain('https://example.de/bruecke');
    expect(user!.content).toContain('Unsere Carbonbrücke');
    expect(user!.content).not.toContain('Interne Notiz');
    expect(((await api(tApp, 'GET', `/api/posts/${contentId}`, { cookie })).body as PostOverview).drafter).toBe(
      'model',
    );
  });

  it('takes a server that answers with one JSON body, and finds the passages by their words', async () => {
    fake.behave({ mode: 'json' });
    fake.reply('Die Verbindungen der Fertigteile wurden dreimal neu berechnet.');
    const { events } = await readDraft(draftUrl(), cookie, tApp.url);
    expect(deltas(events).join('')).toBe('Die Verbindungen der Fertigteile wurden dreimal neu berechnet.');
    expect(events.at(-1)).toEqual({
      type: 'done',
      sources: [{ index: 4, text: expect.stringContaining('Fertigteile') }],
    });
  });

  it('gives up after the timeout with a German message, saving nothing', async () => {
    fake.behave({ mode: 'stream', delayMs: 2500 });
    const before = await tApp.app.db.selectFrom('post_versions').select('id').execute();
    const { status, events } = await readDraft(draftUrl(), cookie, tApp.url);
    expect(status).toBe(200);
    expect(events.at(-1)).toEqual({ type: 'error', message: texts.post.modelTimeout });
    expect(deltas(events)).toEqual([]);
    expect(await tApp.app.db.selectFrom('post_versions').select('id').execute()).toEqual(before);
  });

  it('says so in German when the model refuses', async () => {
    fake.behave({ mode: 'stream', delayMs: 0 });
    const wrongKey = await startTestApp('sqlite', {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-falsch',
      OPENAI_CHAT_MODEL: 'llama3.1:8b',
    });
    try {
      await addUser(wrongKey.app, 'r@example.de', 'admin');
      const c = await login(wrongKey, 'r@example.de');
      const id = (
        await api(wrongKey, 'POST', '/api/submissions', { cookie: c, body: { tenant: 'vdi', kind: 'interview' } })
      ).body.contentId;
      await wrongKey.app.db.updateTable('submissions').set({ transcript }).where('id', '=', id).execute();
      const { events } = await readDraft(`${wrongKey.url}/api/posts/${id}/x/draft`, c, wrongKey.url);
      expect(events.at(-1)).toEqual({ type: 'error', message: texts.post.modelFailed });
    } finally {
      await wrongKey.close();
    }
  });
});
