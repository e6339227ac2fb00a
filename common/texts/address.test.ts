import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { speakerLabels } from '../transcript';
import { texts } from './index';

// One form of address, "Sie", across the product (DESIGN.md difference 14).
const duPronoun = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer)\b/i;
const duVerb =
  /\b(kannst|möchtest|willst|musst|darfst|sollst|hast|bist|wirst|beschreibst|findest|siehst|gibst|lädst|erzählst)\b/i;
// An imperative of the second person singular ("Bitte lade …", "Beantworte …") not followed by "Sie".
// ("frage" is left out: the noun "Frage 2 von 5" cannot be told from it.)
const imperative =
  /(^|[.!?:]\s+|Bitte\s+)(lade|wähle|bestätige|beantworte|erzähl|erzähle|sprich|versuche|beende|gib|nimm|klicke|tippe|starte|ziehe|halte|achte|nutze|sag|sage|orientiere|stelle|gehe|schreibe|prüfe|melde|öffne|drücke)\b(?!\s+Sie\b)/i;
// Progress texts of the spec that read as first person ("[Ich] lade …"), not as an address.
const progress = new Set(['Lade Informationen...', 'Lade Benutzerdaten...']);

function offences(text: string): string[] {
  if (progress.has(text)) return [];
  return [duPronoun, duVerb, imperative].flatMap((re) =>
    re.exec(text) ? [`${re.exec(text)![0].trim()} in: ${text}`] : [],
  );
}

/** Every string the catalogue holds, functions called with a few kinds of argument. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    for (const arg of [2, 'Beispiel', ['A', 'B'], 1, true]) {
      try {
        strings(fn(...Array.from({ length: Math.max(fn.length, 1) }, () => arg)), out);
      } catch {
        // This kind of argument does not fit the function; the next one may.
      }
    }
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('the text catalogue addresses the person with "Sie"', () => {
  it('has no du/dich/dir/dein forms and no du-imperatives in any text', () => {
    const all = strings(texts);
    expect(all.length).toBeGreaterThan(500);
    expect(all.flatMap(offences)).toEqual([]);
  });

  it('has none in the source of any catalogue file either (texts built inside functions)', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
        for (const o of offences((m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, 'X'))) found.push(`${file}: ${o}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('labels the contributor\'s lines in a transcript "Sie"', () => {
    expect(speakerLabels.user).toBe('Sie');
    expect(texts.interview.speaker.user).toBe('Sie');
  });

  it('finds the forms it guards against', () => {
    expect(offences('Bitte bestätige, dass du die Nutzungsrechte besitzt.').length).toBeGreaterThan(0);
    expect(offences('Was möchtest du einreichen?').length).toBeGreaterThan(0);
    expect(offences('Lade ein Foto hoch.').length).toBeGreaterThan(0);
    expect(offences('Bitte laden Sie ein Foto hoch.')).toEqual([]);
  });
});
