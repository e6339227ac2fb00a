import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaFont } from '../../common/media-template';
import type { Brand } from './card';
import { svgToPng } from './card';
import { captionLines, captionStyle, type ClipFormat, type Overlay, safeAreas } from './clip';
import { readableBox, textOn } from './colour';
import { fontFamilyOf } from './font-choice';
import { escapeXml, textWidth } from './fonts';
import { layoutText } from '../../common/typesetting';
import type { Cue, TimedWord } from './timing';

/**
 * What makes a clip watched to the end (issue 39.3), beside the captions themselves: the spoken word
 * marked in the brand colour, a hook line for the first seconds, the contributor's name and role as
 * a lower third, and half a second of picture after the last word.
 */

/** Seconds a clip runs on after its last word (the sentence is not cut off mid-breath). */
export const TAIL_SECONDS = 0.5;

/** The end of a clip: half a second after the last word of [start, end], within the file. */
export function clipEnd(words: TimedWord[], start: number, end: number, mediaSeconds: number | null): number {
  const inside = words.filter((w) => (w.start + w.end) / 2 >= start && (w.start + w.end) / 2 <= end);
  const last = inside.length ? Math.max(...inside.map((w) => w.end)) : end;
  const wanted = last + TAIL_SECONDS;
  return mediaSeconds != null ? Math.max(end, Math.min(wanted, mediaSeconds)) : wanted;
}

/** Height of the strip the word-by-word captions are drawn in (up to three lines of the largest size). */
const stripHeight = (format: ClipFormat) => Math.round(captionStyle[format].size * (3 * 1.3 + 0.8));

/**
 * Which word of the cue each token of the laid-out lines belongs to: the caption builder's lines
 * hold the words in order; a word set anew with a hyphen ("Windkraft-" / "anlagen") spans tokens.
 */
export function tokenOwners(lines: string[], words: string[]): number[][] {
  const owners: number[][] = [];
  let w = 0;
  let taken = '';
  for (const line of lines) {
    const row: number[] = [];
    for (const token of line.split(' ').filter(Boolean)) {
      row.push(Math.min(w, words.length - 1));
      taken += token.replace(/-$/, '');
      const word = (words[w] ?? '').replace(/\s+/g, '');
      if (taken.replace(/\u00a0/g, '').length >= word.replace(/-/g, '').length || !token.endsWith('-')) {
        w++;
        taken = '';
      }
    }
    owners.push(row);
  }
  return owners;
}

/**
 * One caption with the word `active` (index over the cue's words) marked: the words on a dark box,
 * the spoken one on a pill in the brand colour (text in the colour that reads on it, 4.5:1), drawn
 * at the bottom of a transparent strip as wide as the safe area. Lines and size are the caption
 * builder's (common/typesetting via captionLines), so no word is cut by the box.
 */
export function wordCaptionSvg(
  laid: { lines: string[]; size: number },
  owners: number[][],
  active: number,
  format: ClipFormat,
  brand: Brand,
  font: MediaFont,
) {
  const safe = safeAreas[format];
  const width = safe.right - safe.left;
  const height = stripHeight(format);
  const family = fontFamilyOf(font);
  const { lines, size } = laid;
  const padX = Math.round(size * 0.55);
  const lineHeight = Math.round(size * 1.3);
  const padY = Math.round(size * 0.35);
  const boxW = Math.min(width, Math.ceil(Math.max(...lines.map((l) => textWidth(l, size, true, font))) + 2 * padX));
  const boxH = lines.length * lineHeight + 2 * padY;
  const boxX = (width - boxW) / 2;
  const boxY = height - boxH;
  const pill = readableBox(brand.colour);
  const space = textWidth(' ', size, true, font);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<rect x="${boxX}" y="${boxY}" width="${boxW}" height="${boxH}" rx="${Math.round(size * 0.25)}" fill="#111111" fill-opacity="0.78"/>`,
  ];
  lines.forEach((line, row) => {
    const tokens = line.split(' ').filter(Boolean);
    const lineW = textWidth(tokens.join(' '), size, true, font);
    let x = (width - lineW) / 2;
    const baseline = boxY + padY + row * lineHeight + lineHeight * 0.76;
    tokens.forEach((token, i) => {
      const w = textWidth(token, size, true, font);
      const on = owners[row]?.[i] === active;
      if (on)
        parts.push(
          `<rect x="${x - size * 0.14}" y="${baseline - size * 0.92}" width="${w + size * 0.28}" height="${size * 1.2}" rx="${size * 0.18}" fill="${pill.box}"/>`,
        );
      parts.push(
        `<text x="${x}" y="${baseline}" font-family="${family}" font-weight="700" font-size="${size}" fill="${on ? pill.text : '#ffffff'}">${escapeXml(token)}</text>`,
      );
      x += w + space;
    });
  });
  parts.push('</svg>');
  return parts.join('');
}

/** A picture laid over the clip: where, when, and whether it is a frame of the word-by-word sequence. */
export type Layer = { png: Buffer; x: number; y: number; start?: number; end?: number; sequence?: boolean };

/** The word-by-word captions: one frame per spoken word (the cue's word times), shown until the next word. */
export async function wordCaptionLayers(
  format: ClipFormat,
  brand: Brand,
  font: MediaFont,
  cues: Cue[],
): Promise<Layer[]> {
  const safe = safeAreas[format];
  const y = safe.bottom - stripHeight(format);
  const layers: Layer[] = [];
  for (const cue of cues) {
    const words = cue.words?.length ? cue.words : [{ start: cue.start, end: cue.end, text: cue.lines.join(' ') }];
    const laid = captionLines(cue.lines, safe.right - safe.left, captionStyle[format].size, font);
    const owners = tokenOwners(
      laid.lines,
      words.map((w) => w.text),
    );
    for (let i = 0; i < words.length; i++) {
      const from = i === 0 ? cue.start : Math.min(cue.end, Math.max(cue.start, words[i]!.start));
      const until = i + 1 < words.length ? Math.min(cue.end, Math.max(from, words[i + 1]!.start)) : cue.end;
      if (until - from <= 0.001) continue;
      layers.push({
        png: await svgToPng(wordCaptionSvg(laid, owners, i, format, brand, font)),
        x: safe.left,
        y,
        start: from,
        end: until,
        sequence: true,
      });
    }
  }
  return layers;
}

const quoted = (file: string) => `file '${file.replace(/'/g, "'\\''")}'`;

/**
 * Writes the layers for ffmpeg: each still one as a PNG overlay, and the word-by-word frames as one
 * image sequence (the concat demuxer, a transparent frame between cues), so the style needs one
 * overlay input however many words are spoken and costs about what the plain one does.
 */
export async function writeLayers(dir: string, layers: Layer[], duration: number): Promise<Overlay[]> {
  const overlays: Overlay[] = [];
  for (const [i, layer] of layers.filter((l) => !l.sequence).entries()) {
    const file = path.join(dir, `layer-${i}.png`);
    await writeFile(file, layer.png);
    overlays.push({ file, x: layer.x, y: layer.y, start: layer.start, end: layer.end });
  }
  const frames = layers.filter((l) => l.sequence).sort((a, b) => a.start! - b.start!);
  if (!frames.length) return overlays;
  const { width, height } = await sharp(frames[0]!.png).metadata();
  const blank = path.join(dir, 'words-blank.png');
  await writeFile(
    blank,
    await sharp({ create: { width: width!, height: height!, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer(),
  );
  const lines = ['ffconcat version 1.0'];
  let at = 0;
  for (const [i, frame] of frames.entries()) {
    if (frame.start! - at > 0.001) lines.push(quoted(blank), `duration ${(frame.start! - at).toFixed(3)}`);
    const file = path.join(dir, `words-${i}.png`);
    await writeFile(file, frame.png);
    lines.push(quoted(file), `duration ${(frame.end! - frame.start!).toFixed(3)}`);
    at = frame.end!;
  }
  lines.push(quoted(blank), `duration ${Math.max(1, duration - at + 1).toFixed(3)}`, quoted(blank));
  const list = path.join(dir, 'words.ffconcat');
  await writeFile(list, `${lines.join('\n')}\n`);
  overlays.push({ file: list, inputArgs: ['-f', 'concat', '-safe', '0'], x: frames[0]!.x, y: frames[0]!.y });
  return overlays;
}

/** Name (bold) and role on a box in the brand colour, lower left of the safe area, above the captions. */
export async function lowerThirdImage(
  format: ClipFormat,
  brand: Brand,
  font: MediaFont,
  name: string,
  role: string | null,
  start: number,
  end: number,
): Promise<Layer> {
  const safe = safeAreas[format];
  const family = fontFamilyOf(font);
  const max = safe.right - safe.left;
  const { box, text } = readableBox(brand.colour);
  const pad = 28;
  // Names and roles are never broken or cut: the size steps down until they fit.
  let nameSize = format === '16:9' ? 46 : 52;
  while (nameSize > 26 && textWidth(name, nameSize, true, font) + 2 * pad > max) nameSize -= 2;
  let roleSize = Math.round(nameSize * 0.68);
  while (role && roleSize > 20 && textWidth(role, roleSize, false, font) + 2 * pad > max) roleSize -= 2;
  const width = Math.ceil(
    Math.min(
      max,
      Math.max(textWidth(name, nameSize, true, font), role ? textWidth(role, roleSize, false, font) : 0) + 2 * pad,
    ),
  );
  const height = Math.round(pad * 1.4 + nameSize * 1.1 + (role ? roleSize * 1.35 : 0));
  const accent = textOn(box);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 10}" height="${height}">` +
    `<rect x="0" y="0" width="10" height="${height}" fill="${accent}"/>` +
    `<rect x="10" y="0" width="${width}" height="${height}" fill="${box}"/>` +
    `<text x="${10 + pad}" y="${pad * 0.7 + nameSize * 0.9}" font-family="${family}" font-weight="700" font-size="${nameSize}" fill="${text}">${escapeXml(name)}</text>` +
    (role
      ? `<text x="${10 + pad}" y="${pad * 0.7 + nameSize * 1.1 + roleSize * 1.05}" font-family="${family}" font-weight="400" font-size="${roleSize}" fill="${text}">${escapeXml(role)}</text>`
      : '') +
    '</svg>';
  const captionsTop = safe.bottom - stripHeight(format);
  return { png: await svgToPng(svg), x: safe.left, y: captionsTop - height - 24, start, end };
}

/** The hook line: large, centred at the top of the safe area below the logo, for the first seconds. */
export async function hookImage(
  format: ClipFormat,
  brand: Brand,
  font: MediaFont,
  hook: string,
  end: number,
): Promise<Layer> {
  const safe = safeAreas[format];
  const family = fontFamilyOf(font);
  const max = safe.right - safe.left;
  const pad = 30;
  // The brand colour where it reads on white (4.5:1), else near-black.
  const { box, text } = readableBox(brand.colour);
  const ink = text === '#ffffff' ? box : '#111111';
  const base = format === '16:9' ? 60 : 68;
  const { lines, size } = layoutText(
    hook,
    { width: max - 2 * pad, height: base * 1.22 * 3 },
    { size: base, minSize: Math.round(base * 0.65), weight: 700, lineHeight: 1.22, maxLines: 3, family: font },
    { role: 'quote' },
  );
  const lineHeight = Math.round(size * 1.22);
  const width = Math.ceil(Math.min(max, Math.max(...lines.map((l) => textWidth(l, size, true, font))) + 2 * pad));
  const height = lines.length * lineHeight + 2 * pad - Math.round(size * 0.2);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(size * 0.2)}" fill="#ffffff"/>` +
    lines
      .map(
        (line, i) =>
          `<text x="${width / 2}" y="${pad + i * lineHeight + size * 0.85}" text-anchor="middle" font-family="${family}" font-weight="700" font-size="${size}" fill="${ink}">${escapeXml(line)}</text>`,
      )
      .join('') +
    '</svg>';
  const logoHeight = format === '9:16' ? 96 : 80;
  return {
    png: await svgToPng(svg),
    x: Math.round(safe.left + (max - width) / 2),
    y: safe.top + logoHeight + 24,
    start: 0,
    end,
  };
}
