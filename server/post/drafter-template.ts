import type { Drafter, Material, Passage } from './drafter';

/** Sentences of the contributor's answers, with the passage they come from. */
function sentences(passages: Passage[]): { index: number; text: string }[] {
  return passages
    .filter((p) => p.speaker === 'user')
    .flatMap((p) => (p.text.match(/[^.!?]+[.!?]+|[^.!?]+$/g) ?? []).map((s) => ({ index: p.index, text: s.trim() })));
}

/**
 * How telling a sentence is: concrete (numbers, names, long words), a full thought, not filler.
 * Exported for tests.
 */
export function tellingScore(sentence: string): number {
  const words = sentence.split(/\s+/).filter(Boolean);
  if (words.length < 5 || words.length > 40) return 0;
  const numbers = (sentence.match(/\d/g) ?? []).length > 0 ? 2 : 0;
  const names = words.slice(1).filter((w) => /^\p{Lu}/u.test(w)).length * 0.3;
  const long = words.filter((w) => w.replace(/\P{L}/gu, '').length >= 9).length * 0.5;
  const filler = /^(ja|also|äh|ähm|hm|okay|genau)\b/i.test(sentence) ? 1.5 : 0;
  return numbers + names + long + Math.min(words.length, 20) / 10 - filler;
}

/**
 * A starting draft built from the material alone, no model: the W-answers as a lead, the most
 * telling sentences of the transcript as quotes, the post's link. Labelled as a template.
 */
export function templateDrafter(): Drafter {
  return {
    kind: 'template',
    async draft(m: Material, onText) {
      const w = m.wAnswers;
      const lead = [w.who, w.what].filter(Boolean).join(': ');
      const circumstances = [w.where, w.when].filter(Boolean).join(', ');
      const parts: string[] = [];
      if (lead || circumstances)
        parts.push(`${lead}${lead && circumstances ? ` (${circumstances})` : circumstances}`.trim());
      if (w.why) parts.push(w.why.trim());
      if (m.postDescription) parts.push(m.postDescription.trim());
      const quotes = sentences(m.passages)
        .map((s, order) => ({ ...s, order, score: tellingScore(s.text) }))
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, m.channel === 'x' ? 1 : 2)
        .sort((a, b) => a.order - b.order);
      for (const q of quotes) parts.push(`„${q.text}“`);
      if (m.postLink) parts.push(m.postLink);
      let text = parts.join('\n\n');
      if (m.limit && [...text].length > m.limit) text = `${[...text].slice(0, m.limit - 1).join('')}…`;
      onText(text);
      return { text, sources: [...new Set(quotes.map((q) => q.index))] };
    },
  };
}
