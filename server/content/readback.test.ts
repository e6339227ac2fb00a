/**
 * Proved by reading it back (issue 39.6): cards in both formats and clips in all three, from German
 * speech (espeak-ng) with long compounds, a double name and abbreviations, rendered the way the
 * app renders them and read back with OCR (tesseract, German): every word whole or split at a
 * valid German hyphenation point, the name whole, no line of punctuation alone, and after a
 * correction of the transcript the corrected words on screen.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { spokenWords, type Timing } from '../../common/captions';
import { hyphenParts } from '../../common/typesetting';
import { renderCard } from './card';
import { renderLayout } from './card-layouts';
import { captionStyle, type ClipFormat, clipArgs, safeAreas, writeOverlays } from './clip';
import { cuesFor } from './timing';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'ca-readback-'));
const brand = { colour: '#005a9c', logoPng: null, logoText: 'VDI', name: 'VDI' };
const NAME = 'Klaus Müller-Lüdenscheidt';
const COMPOUNDS = ['Windkraftanlagengetriebe', 'Qualitätssicherungsmaßnahmen'];

/** Text of a picture, line by line, as tesseract reads it (German). */
async function ocr(png: Buffer, name: string, psm: '3' | '6' = '6'): Promise<string[]> {
  const file = path.join(dir, `${name}.png`);
  // Dark text on light reads best: grey, inverted where the text is light.
  const grey = sharp(png).greyscale().normalise();
  const { channels } = await grey.clone().stats();
  await (channels[0]!.mean < 128 ? grey.negate({ alpha: false }) : grey).toFile(file);
  const { stdout } = await run('tesseract', [file, '-', '-l', 'deu', '--psm', psm], { encoding: 'utf8' });
  return stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

const letters = (s: string) => s.replace(/[^\p{L}-]/gu, '');

/** The hyphenation points of a word, as the prefixes before which a line may end. */
function validPrefixes(word: string): Set<string> {
  const out = new Set<string>();
  let joined = '';
  for (const part of hyphenParts(word)) {
    joined += part;
    out.add(letters(joined).replace(/-$/, ''));
  }
  return out;
}

/**
 * Checks lines read back: each expected long word appears whole, or split at a line's end at a
 * valid point; a line ending in a hyphenated fragment continues a word of the text; no line is
 * punctuation alone. Returns the problems found (empty when all is well).
 */
function problemsIn(lines: string[], expectedText: string, mustShow: string[]): string[] {
  const problems: string[] = [];
  const words = expectedText.split(/\s+/).map(letters).filter(Boolean);
  for (const line of lines) if (!/[\p{L}\p{N}]/u.test(line)) problems.push(`line of punctuation only: "${line}"`);
  const joined: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const tokens = lines[i]!.split(/\s+/);
    const last = tokens.at(-1)!;
    if (/\p{L}-$/u.test(last) && lines[i + 1]) {
      const head = letters(last).replace(/-$/, '');
      const tail = letters(lines[i + 1]!.split(/\s+/)[0]!);
      const whole = words.find((w) => w.toLowerCase() === (head + tail).toLowerCase());
      if (whole) {
        if (!validPrefixes(whole).has(head)) problems.push(`"${whole}" split at an invalid point: ${head}-`);
        joined.push(whole);
        continue;
      }
      // A word with its own hyphen (Müller-Lüdenscheidt) may end a line after it.
      if (!words.some((w) => w.toLowerCase().startsWith(`${head.toLowerCase()}-`)))
        problems.push(`"${last}" at a line's end is no part of the text`);
    }
  }
  const seen = `${lines.join(' ')} ${joined.join(' ')}`;
  for (const word of mustShow) if (!seen.includes(word)) problems.push(`"${word}" not read back whole`);
  return problems;
}

describe('cards read back', () => {
  const quote =
    'Unsere Windkraftanlagengetriebe brauchen Qualitätssicherungsmaßnahmen, sagt Dr. Müller-Lüdenscheidt, z. B. seit dem 3. Mai bzw. seit ca. zwei Jahren.';
  const photo = sharp({ create: { width: 300, height: 300, channels: 3, background: '#b0b0b0' } })
    .jpeg()
    .toBuffer();

  for (const format of ['4:5', '1:1'] as const)
    for (const withPhoto of [false, true])
      it(`${format}${withPhoto ? ' with a photo' : ''}: words whole or validly hyphenated, the double name whole`, async () => {
        const png = await renderCard({
          format,
          quote,
          name: NAME,
          role: 'Leiter der Qualitätssicherung, Dipl.-Ing.',
          photo: withPhoto ? await photo : null,
          brand,
        });
        // Automatic page layout: the quote, and the name block beside the photo and logo.
        const lines = await ocr(png, `card-${format.replace(':', 'x')}-${withPhoto}`, '3');
        expect(problemsIn(lines, `${quote} ${NAME}`, [...COMPOUNDS, 'Müller-Lüdenscheidt', 'Klaus'])).toEqual([]);
        // The name as one line or as "Klaus" above "Müller-Lüdenscheidt", never cut.
        const nameLines = lines.filter((l) => l.includes('Lüdenscheidt'));
        expect(nameLines.length).toBeGreaterThanOrEqual(2);
      });
});

describe('cards in each shipped font read back', () => {
  const quote =
    'Unsere Windkraftanlagengetriebe brauchen Qualitätssicherungsmaßnahmen, sagt Dr. Müller-Lüdenscheidt, z. B. seit dem 3. Mai.';
  // Laid out in the chosen font's own widths (common/typesetting/metrics.ts): no word runs past the card.
  for (const font of ['atkinson', 'serif'] as const)
    it(`${font}: words whole or validly hyphenated, the double name whole`, async () => {
      const png = await renderLayout({
        format: '1:1',
        quote,
        name: NAME,
        role: 'Leiter der Qualitätssicherung',
        photo: null,
        brand,
        layout: 'name',
        font,
      });
      const lines = await ocr(png, `card-font-${font}`, '3');
      expect(problemsIn(lines, `${quote} ${NAME}`, [...COMPOUNDS, 'Müller-Lüdenscheidt']), lines.join(' / ')).toEqual(
        [],
      );
    });
});

describe('clip captions read back after a correction', () => {
  const corrected =
    'Sie: Ich bin Dr. Klaus Müller-Lüdenscheidt und leite z. B. die Prüfung. Unsere Windkraftanlagengetriebe brauchen Qualitätssicherungsmaßnahmen. Am 3. Mai beginnt die Abnahme.';
  // What a transcriber returns: no punctuation, the name misspelt and split.
  const heard =
    'ich bin doktor klaus müller lüdenscheid und leite zum beispiel die prüfung unsere windkraftanlagengetriebe brauchen qualitätssicherungsmaßnahmen am dritten mai beginnt die abnahme';

  it('renders 9:16, 1:1 and 16:9 clips whose caption frames show the corrected words, whole', async () => {
    const speech = path.join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-w', speech, corrected.replace(/^Sie: /, '')]);
    const seconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', speech], {
        encoding: 'utf8',
      }),
    );
    const source = path.join(dir, 'source.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=0x404040:s=1280x720:r=10:d=${seconds}`,
      '-i',
      speech,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      source,
    ]);
    // The transcriber's words over the speech, in proportion to their length.
    const heardWords = heard.split(' ');
    const total = heardWords.reduce((n, w) => n + w.length + 1, 0);
    let at = 0.2;
    const words = heardWords.map((w) => {
      const length = ((seconds - 0.4) * (w.length + 1)) / total;
      const span = { start: at, end: at + length * 0.9, text: w };
      at += length;
      return span;
    });
    const timing: Timing = { text: heard, segments: [], words };
    const spoken = spokenWords(timing, corrected);
    expect(spoken.map((w) => w.text).join(' ')).toBe(corrected.replace(/^Sie: /, ''));

    for (const format of ['9:16', '1:1', '16:9'] as ClipFormat[]) {
      const cues = cuesFor(spoken, 0, seconds, captionStyle[format].maxChars);
      const fdir = mkdtempSync(path.join(dir, `${format.replace(':', 'x')}-`));
      const overlays = await writeOverlays(fdir, format, brand, cues);
      const out = path.join(fdir, 'clip.mp4');
      await run('ffmpeg', [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        ...clipArgs({
          source,
          start: 0,
          duration: seconds,
          srcW: 1280,
          srcH: 720,
          format,
          overlays,
          hasAudio: true,
          out,
        }),
      ]);
      const safe = safeAreas[format];
      const read: string[] = [];
      for (const [i, cue] of cues.entries()) {
        const frame = path.join(fdir, `frame-${i}.png`);
        await run('ffmpeg', [
          '-v',
          'error',
          '-ss',
          ((cue.start + cue.end) / 2).toFixed(2),
          '-i',
          out,
          '-frames:v',
          '1',
          '-y',
          frame,
        ]);
        const top = Math.max(0, safe.bottom - 420);
        const caption = await sharp(frame)
          .extract({ left: safe.left, top, width: safe.right - safe.left, height: safe.bottom - top })
          .png()
          .toBuffer();
        const lines = await ocr(caption, `${format.replace(':', 'x')}-cue-${i}`);
        expect(problemsIn(lines, corrected, []), `cue ${i} of ${format}: ${lines.join(' / ')}`).toEqual([]);
        read.push(...lines);
      }
      const all = read.join(' ');
      const problems = problemsIn(read, corrected, [...COMPOUNDS, 'Müller-Lüdenscheidt', 'Dr.', 'Prüfung.']);
      expect(problems, `${format}: ${all}`).toEqual([]);
      // The transcriber's spelling is gone: the correction reached the burned-in captions.
      expect(all).not.toMatch(/lüdenscheid\b|doktor/i);
    }
  }, 120_000);
});
