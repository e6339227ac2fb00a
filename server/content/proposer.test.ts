import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { startFakeOpenAIChat, type FakeOpenAIChat } from '../testing/fake-openai-chat';
import { parseRanges, proposeWithModel } from './proposer';
import { wordsOf } from './timing';

const words = wordsOf({
  segments: [
    { start: 0, end: 3, text: 'Ich habe vor drei Jahren hier angefangen.' },
    { start: 3.2, end: 9, text: 'Heute leite ich ein Team von zwölf Leuten, und das macht mir viel Freude.' },
    { start: 9.5, end: 14, text: 'Wir bauen Anlagen für Wasserstoff aus Sonnenstrom.' },
  ],
});

describe('clip proposals', () => {
  let chat: FakeOpenAIChat;
  beforeAll(async () => {
    chat = await startFakeOpenAIChat();
  });
  afterAll(() => chat.close());
  const config = () =>
    ({ OPENAI_BASE_URL: chat.url, OPENAI_CHAT_MODEL: 'test-model', DRAFT_TIMEOUT_SECONDS: 5 }) as AppConfig;

  it('takes the chat model’s sentence ranges and gives them the transcript’s times', async () => {
    chat.behave({ mode: 'json' });
    chat.reply('2-3\n1');
    const errors: unknown[] = [];
    const result = await proposeWithModel(config(), words, (e) => errors.push(e));
    expect(result.kind).toBe('model');
    expect(result.passages[0]).toMatchObject({
      start: 3.2,
      text: 'Heute leite ich ein Team von zwölf Leuten, und das macht mir viel Freude. Wir bauen Anlagen für Wasserstoff aus Sonnenstrom.',
    });
    expect(result.passages[0]!.end).toBeCloseTo(14);
    expect(result.passages[1]).toMatchObject({ start: 0, text: 'Ich habe vor drei Jahren hier angefangen.' });
    expect(chat.requests.at(-1)!.messages[1]!.content).toContain('2 [3.2–9.0 s] Heute leite ich');
    expect(errors).toEqual([]);
  });

  it('falls back to the rules when the model says nothing usable or there is none', async () => {
    chat.reply('Das kann ich nicht.');
    expect((await proposeWithModel(config(), words, () => undefined)).kind).toBe('rules');
    const none = await proposeWithModel({} as AppConfig, words, () => undefined);
    expect(none.kind).toBe('rules');
    expect(none.passages.length).toBeGreaterThanOrEqual(2);
    expect(parseRanges('1-2, 9-12, 3', 4)).toEqual([
      [1, 2],
      [3, 3],
    ]);
  });
});
