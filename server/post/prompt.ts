import { texts } from '../../common/texts';
import type { Material } from './drafter';

/**
 * The prompt for the chat model, in German, in this one file. The model gets only the material
 * and is told to use nothing else; it names the transcript passages it used in a last line.
 */
export const SOURCES_MARKER = 'QUELLEN:';

const wLabels = { who: 'Wer', what: 'Was', when: 'Wann', where: 'Wo', why: 'Warum' } as const;

export function systemPrompt(m: Material): string {
  const voice =
    m.wording === 'banker'
      ? 'Schreiben Sie in der Stimme einer Bank: seriös, nahbar, klar, ohne Fachjargon und ohne Werbeversprechen.'
      : 'Schreiben Sie in der Stimme eines Ingenieurverbands: sachlich, neugierig auf Technik, anerkennend gegenüber den Menschen dahinter.';
  return [
    `Sie schreiben Social-Media-Beiträge für ${m.tenantName}.`,
    voice,
    `Schreiben Sie einen deutschen Beitrag für ${texts.post.channels[m.channel]}${m.limit ? ` mit höchstens ${m.limit} Zeichen` : ''}.`,
    'Verwenden Sie ausschließlich Tatsachen aus dem Material unten. Erfinden Sie keine Namen, Zahlen, Orte, Daten oder Zitate.',
    'Was im Material nicht steht, lassen Sie weg. Wörtliche Zitate müssen genau so im Transkript stehen.',
    `Schreiben Sie nur den Beitragstext. Danach, in einer letzten eigenen Zeile, "${SOURCES_MARKER}" und die Nummern der Transkript-Abschnitte, auf die Sie sich stützen, z. B. "${SOURCES_MARKER} 2, 4".`,
  ].join('\n');
}

export function userPrompt(m: Material): string {
  const parts: string[] = [];
  if (m.topic) parts.push(`Thema: ${m.topic}`);
  const w = Object.entries(wLabels)
    .filter(([k]) => m.wAnswers[k as keyof typeof wLabels]?.trim())
    .map(([k, label]) => `${label}: ${m.wAnswers[k as keyof typeof wLabels]!.trim()}`);
  if (w.length) parts.push(`Angaben zu den W-Fragen:\n${w.join('\n')}`);
  if (m.postDescription) parts.push(`Beschreibung der Person für den Beitrag: ${m.postDescription}`);
  if (m.postLink) parts.push(`Link für den Beitrag: ${m.postLink}`);
  if (m.passages.length) {
    parts.push(
      `Transkript, nummeriert:\n${m.passages.map((p) => `[${p.index}] ${p.speaker === 'user' ? 'Person' : 'Interviewer'}: ${p.text}`).join('\n')}`,
    );
  }
  return `Material:\n\n${parts.join('\n\n')}`;
}
