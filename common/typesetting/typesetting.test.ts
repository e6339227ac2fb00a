import { describe, expect, it } from 'vitest';
import {
  buildCues,
  CAPTION_RULES,
  cleanText,
  endsSentence,
  germanQuotes,
  hyphenParts,
  layoutLines,
  layoutText,
  splitSentences,
  textWidth,
  unquote,
} from './index';

/** Every line's words, rejoined: a hyphen at a line's end joins the next line's start. */
function rejoin(lines: string[]): string {
  return lines
    .reduce(
      (text, line) => (text.endsWith('-') && !/ -$/.test(text) ? text.slice(0, -1) + line : `${text} ${line}`),
      '',
    )
    .trim();
}

/** Each line's cut word is cut at a hyphenation point of the German patterns. */
function cutsAreValid(lines: string[]): boolean {
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    if (!line.endsWith('-')) continue;
    const head = line.split(' ').pop()!.replace(/-$/, '');
    const tail = lines[i + 1]!.split(' ')[0]!;
    const whole = (head + tail).replace(/[^\p{L}-]/gu, '');
    const bare = head.replace(/[^\p{L}-]/gu, '');
    const parts = hyphenParts(whole);
    let joined = '';
    const points = new Set<string>();
    for (const p of parts) {
      joined += p;
      points.add(joined.replace(/-$/, ''));
    }
    if (!points.has(bare)) return false;
  }
  return true;
}

describe('hyphenation', () => {
  it('splits long compounds at German hyphenation points only', () => {
    expect(hyphenParts('Windkraftanlagengetriebe').join('|')).toBe('Wind|kraft|an|la|gen|ge|trie|be');
    expect(hyphenParts('„Qualitätssicherungsmaßnahmen.“').join('|')).toBe('„Qua|li|täts|si|che|rungs|maß|nah|men.“');
    expect(hyphenParts('E-Mail-Adresse')[0]).toBe('E-');
  });
});

describe('layoutText', () => {
  const box = { width: 500, height: 800 };

  it('never cuts a word: a long compound breaks at a valid point, the rest stays whole', () => {
    const quote = 'Unsere Windkraftanlagengetriebe brauchen Qualitätssicherungsmaßnahmen.';
    const layout = layoutText(quote, { width: 420, height: 900 }, { size: 72, minSize: 60, weight: 700 });
    expect(layout.fits).toBe(true);
    expect(rejoin(layout.lines)).toBe(quote);
    expect(cutsAreValid(layout.lines)).toBe(true);
    for (const line of layout.lines) expect(textWidth(line, layout.size, 700)).toBeLessThanOrEqual(420);
  });

  it('steps the size down where no break fits', () => {
    const big = layoutText(
      'Windkraftanlagengetriebe',
      { width: 300, height: 200 },
      { size: 96, minSize: 20, weight: 700 },
    );
    expect(big.size).toBeLessThan(96);
    expect(big.lines.length).toBeLessThanOrEqual(Math.floor(200 / (big.size * 1.25)));
  });

  it('starts no line with punctuation and never leaves punctuation alone on a line', () => {
    const quote = '„Das sind Windkraftanlagen.“ – so einfach ist das … !';
    for (let width = 120; width <= 900; width += 37) {
      const layout = layoutText(quote, { width, height: 2000 }, { size: 48, minSize: 24 });
      for (const line of layout.lines) {
        expect(/^[.,;:!?…–—“”‘’)]/.test(line)).toBe(false);
        expect(/[\p{L}\p{N}]/u.test(line)).toBe(true);
      }
    }
  });

  it('keeps a name whole, never hyphenated, also in a narrow box beside a photo', () => {
    const name = 'Klaus Müller-Lüdenscheidt';
    const layout = layoutText(
      name,
      { width: 428, height: 100 },
      { size: 40, minSize: 24, weight: 700, lineHeight: 1.2 },
      {
        role: 'name',
      },
    );
    expect(layout.fits).toBe(true);
    expect(layout.lines.join(' ')).toBe(name);
    expect(layout.lines.some((l) => l.includes('Müller-Lüdenscheidt'))).toBe(true);
    const tight = layoutText(name, { width: 200, height: 60 }, { size: 40, minSize: 30 }, { role: 'name' });
    expect(tight.lines.join(' ')).toBe(name);
    expect(tight.lines.every((l) => !l.endsWith('-') || l.endsWith('Müller-'))).toBe(true);
    expect(tight.lines.join('')).not.toMatch(/Lü-|Mül-/);
  });

  it('shortens an overlong quote at a word boundary with "…"', () => {
    const layout = layoutText('Wort '.repeat(200).trim(), box, { size: 40, minSize: 34 });
    expect(layout.truncated).toBe(true);
    expect(layout.lines.at(-1)).toMatch(/Wort …$/);
  });
});

describe('German quotation marks and clean text', () => {
  it('turns inner quotes into ‚…‘', () => {
    expect(germanQuotes('Er sagte „Das ist „gut“ so“.')).toBe('Er sagte „Das ist ‚gut‘ so“.');
    expect(germanQuotes('Sie nannte es "Zukunft" und ging.', 1)).toBe('Sie nannte es ‚Zukunft‘ und ging.');
    expect(germanQuotes("Geht's? Ja.", 1)).toBe('Geht’s? Ja.');
  });

  it('removes bidi controls and cuts runs of combining marks', () => {
    expect(cleanText('Rechnung\u202Egpj.exe')).toBe('Rechnunggpj.exe');
    expect([...cleanText(`a${'\u0301'.repeat(300)}b`)].length).toBeLessThanOrEqual(5);
  });
});

describe('sentences', () => {
  it('does not end a sentence after an abbreviation, an initial or an ordinal', () => {
    const text =
      'Ich bin Dr. Klaus Müller-Lüdenscheidt und leite z. B. die Prüfung bzw. die Abnahme usw. seit ca. 20 Jahren. Am 3. Mai beginnt Nr. 5 in St. Augustin mit Dipl.-Ing. Meyer. Gut!';
    expect(splitSentences(text)).toEqual([
      'Ich bin Dr. Klaus Müller-Lüdenscheidt und leite z. B. die Prüfung bzw. die Abnahme usw. seit ca. 20 Jahren.',
      'Am 3. Mai beginnt Nr. 5 in St. Augustin mit Dipl.-Ing. Meyer.',
      'Gut!',
    ]);
    expect(endsSentence(['Das', 'war', '2019.', 'Dann'], 2)).toBe(true);
  });
});

describe('caption cues', () => {
  const timed = (text: string, rate = 0.35) =>
    text.split(' ').map((t, i) => ({ start: i * rate, end: i * rate + rate * 0.9, text: t }));

  it('breaks at phrase boundaries, not after an article, preposition or conjunction', () => {
    expect(layoutLines('Die Getriebe werden vor der Auslieferung geprüft und verpackt.'.split(' '))).toEqual([
      'Die Getriebe werden vor der Auslieferung',
      'geprüft und verpackt.',
    ]);
    const cues = buildCues(
      timed(
        'Unsere Windkraftanlagengetriebe werden vor der Auslieferung mit vielen Qualitätssicherungsmaßnahmen geprüft, damit sie zwanzig Jahre lang zuverlässig laufen. Das ist wichtig.',
      ),
    );
    for (const cue of cues) {
      for (const line of cue.lines) {
        expect(line.length).toBeLessThanOrEqual(CAPTION_RULES.maxChars);
        const last = line.split(' ').at(-1)!;
        expect(['der', 'die', 'das', 'vor', 'mit', 'und', 'damit']).not.toContain(last);
      }
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(1 - 1e-9);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
    }
    // A sentence's last word stays with it: no cue starts with "laufen." or "wichtig.".
    expect(cues.some((c) => /^(laufen|wichtig)\./.test(c.lines[0]!))).toBe(false);
    expect(cues.flatMap((c) => c.lines).join(' ')).toContain('Windkraftanlagengetriebe');
  });

  it('keeps a cue on screen long enough to read (about 17 characters a second), within 1–7 s', () => {
    const cues = buildCues(timed('Qualitätssicherungsmaßnahmen an Windkraftanlagengetrieben.', 0.1));
    const cue = cues[0]!;
    expect(cue.end - cue.start).toBeGreaterThanOrEqual(cue.lines.join(' ').length / 17 - 1e-9);
    expect(cue.words?.map((w) => w.text)).toEqual(['Qualitätssicherungsmaßnahmen', 'an', 'Windkraftanlagengetrieben.']);
  });
});

describe('unquote', () => {
  it('removes only a pair of marks around the whole quote', () => {
    expect(unquote('„Das ist gut.“')).toBe('Das ist gut.');
    expect(unquote('„A“ sagt er, „B“')).toBe('„A“ sagt er, „B“');
    expect(unquote('„Er meint „die großen“ Anlagen.“')).toBe('Er meint „die großen“ Anlagen.');
  });
});

describe('the chosen font’s widths', () => {
  const line = 'Unsere Windkraftanlagengetriebe brauchen Pflege.';

  it('measures each shipped font in its own widths (Source Serif sets this line wider than Inter, Atkinson narrower)', () => {
    const inter = textWidth(line, 100, 700, 'inter');
    expect(textWidth(line, 100, 700, 'serif')).toBeGreaterThan(inter);
    expect(textWidth(line, 100, 700, 'atkinson')).toBeLessThan(inter);
    // A weight a font does not ship is drawn in its next heavier cut (600 → 700).
    expect(textWidth(line, 100, 600, 'serif')).toBe(textWidth(line, 100, 700, 'serif'));
    // A character the chosen font lacks is drawn (and measured) in Inter, which stands behind it.
    expect(textWidth('₿', 100, 400, 'serif')).toBe(textWidth('₿', 100, 400, 'inter'));
  });

  it('breaks a line that fits in Inter but not in the wider font', () => {
    const width = Math.ceil(textWidth(line, 40, 700, 'inter')) + 1;
    const box = { width, height: 400 };
    const inInter = layoutText(line, box, { size: 40, weight: 700 });
    const inSerif = layoutText(line, box, { size: 40, weight: 700, family: 'serif' });
    expect(inInter.lines).toEqual([line]);
    expect(inSerif.lines.length).toBe(2);
    expect(rejoin(inSerif.lines)).toBe(line);
    expect(cutsAreValid(inSerif.lines)).toBe(true);
    for (const l of inSerif.lines) expect(textWidth(l, 40, 700, 'serif')).toBeLessThanOrEqual(width);
  });
});
