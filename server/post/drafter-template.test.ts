import { describe, expect, it } from 'vitest';
import type { Material } from './drafter';
import { passagesUsed } from './drafter-model';
import { tellingScore, templateDrafter } from './drafter-template';

const material = (over: Partial<Material> = {}): Material => ({
  tenantName: 'VDI',
  wording: 'engineer',
  topic: null,
  channel: 'linkedin',
  limit: 3000,
  passages: [
    {
      index: 1,
      speaker: 'interviewer',
      text: 'Erzählen Sie von Ihrem Projekt. Es ist sicher spannend und sehr interessant für viele.',
    },
    {
      index: 2,
      speaker: 'user',
      text: 'Ähm, ja. Also das war so. Unser Prüfstand in Aachen misst seit 2024 die Lebensdauer von Getrieben unter Volllast.',
    },
    { index: 3, speaker: 'user', text: 'Genau, das war es eigentlich.' },
  ],
  wAnswers: {},
  postLink: null,
  postDescription: null,
  ...over,
});

const draft = async (m: Material) => {
  let streamed = '';
  const result = await templateDrafter().draft(m, (chunk) => (streamed += chunk));
  expect(streamed).toBe(result.text);
  return result;
};

describe('template drafter', () => {
  it("quotes the contributor's concrete sentence, never the interviewer or filler", async () => {
    const { text, sources } = await draft(material());
    expect(text).toBe('„Unser Prüfstand in Aachen misst seit 2024 die Lebensdauer von Getrieben unter Volllast.“');
    expect(sources).toEqual([2]);
    expect(tellingScore('Genau, das war es eigentlich.')).toBeLessThan(
      tellingScore('Unser Prüfstand in Aachen misst seit 2024 die Lebensdauer von Getrieben.'),
    );
  });

  it('leads with the W-answers and the post description, ends with the link, and keeps within the channel', async () => {
    const { text } = await draft(
      material({
        wAnswers: {
          who: 'Team Getriebe',
          what: 'testet Getriebe',
          where: 'Aachen',
          why: 'Damit Windräder länger laufen.',
        },
        postDescription: 'Unser Prüfstand',
        postLink: 'https://example.de/p',
      }),
    );
    expect(text.split('\n\n')).toEqual([
      'Team Getriebe: testet Getriebe (Aachen)',
      'Damit Windräder länger laufen.',
      'Unser Prüfstand',
      expect.stringMatching(/^„Unser Prüfstand in Aachen/),
      'https://example.de/p',
    ]);
    const x = await draft(material({ channel: 'x', limit: 280, postDescription: 'x'.repeat(400) }));
    expect([...x.text].length).toBe(280);
    expect(x.text.endsWith('…')).toBe(true);
  });

  it('finds the passages a model text draws on by shared words', () => {
    expect(passagesUsed('Der Prüfstand in Aachen prüft Getrieben', material().passages)).toEqual([2]);
    expect(passagesUsed('Etwas ganz anderes', material().passages)).toEqual([]);
  });
});
