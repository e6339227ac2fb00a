/** Speakers of an interview transcript, with their labels in the stored text. */
export type Speaker = 'interviewer' | 'user';
export type Turn = { speaker: Speaker; text: string };

/**
 * The contributor's label is "Sie" (one form of address, DESIGN.md difference 14); transcripts
 * stored before that say "Du" and are read the same way.
 */
export const speakerLabels: Record<Speaker, string> = { interviewer: 'Interviewer', user: 'Sie' };

/**
 * Adds a message to the live transcript. A message of the same speaker as the last turn continues
 * that turn: when it repeats the earlier text (a refined or extended version) it replaces it,
 * otherwise it is joined to it, so nothing said is lost.
 */
export function addTurn(turns: readonly Turn[], next: Turn): Turn[] {
  const text = next.text.trim();
  if (!text) return [...turns];
  const last = turns[turns.length - 1];
  if (!last || last.speaker !== next.speaker) return [...turns, { speaker: next.speaker, text }];
  const merged =
    text.startsWith(last.text) || last.text.startsWith(text) ? longer(text, last.text) : `${last.text} ${text}`;
  return [...turns.slice(0, -1), { speaker: next.speaker, text: merged }];
}

function longer(a: string, b: string): string {
  return a.length >= b.length ? a : b;
}

/** 'Interviewer: …' / 'Sie: …' turns separated by blank lines. */
export function formatTranscript(turns: readonly Turn[]): string {
  return turns.map((t) => `${speakerLabels[t.speaker]}: ${t.text}`).join('\n\n');
}

/** Reads a stored transcript back into turns; text without a label stays with the turn before. */
export function parseTranscript(text: string): Turn[] {
  const turns: Turn[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const m = /^(Interviewer|Sie|Du):\s*([\s\S]*)$/.exec(block.trim());
    if (m) turns.push({ speaker: m[1] === 'Interviewer' ? 'interviewer' : 'user', text: m[2]!.trim() });
    else if (block.trim() && turns.length) turns[turns.length - 1]!.text += `\n\n${block.trim()}`;
    else if (block.trim()) turns.push({ speaker: 'user', text: block.trim() });
  }
  return turns;
}
