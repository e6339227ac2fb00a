import type { MediaFont } from '../../common/media-template';
import { fontFamilyOf } from './font-choice';
import path from 'node:path';
import { clipSizes, cropBox } from '../../common/schemas/content';
import { writeFile } from 'node:fs/promises';
import { type Brand, logoSvg, svgToPng } from './card';
import { boxOnBrand, readableBox } from './colour';
import { fitLines, layoutText } from '../../common/typesetting';
import { escapeXml, textWidth } from './fonts';
import type { Cue } from './timing';

export const clipFormats = clipSizes;
export type ClipFormat = keyof typeof clipFormats;

/**
 * Where text may go: what the platforms' own buttons and captions leave free (Reels, TikTok and
 * Shorts cover about the top 250 px, the bottom 400 px and a right strip of 9:16 video).
 */
export const safeAreas: Record<ClipFormat, { top: number; bottom: number; left: number; right: number }> = {
  '9:16': { top: 260, bottom: 1920 - 420, left: 90, right: 1080 - 150 },
  '1:1': { top: 60, bottom: 1080 - 90, left: 70, right: 1080 - 70 },
  '16:9': { top: 60, bottom: 1080 - 90, left: 120, right: 1920 - 120 },
};

/** Caption font size and line length per format. */
export const captionStyle: Record<ClipFormat, { size: number; maxChars: number }> = {
  '9:16': { size: 56, maxChars: 26 },
  '1:1': { size: 50, maxChars: 30 },
  '16:9': { size: 52, maxChars: 42 },
};

/**
 * Crop-then-scale of a `srcW`×`srcH` picture to the format (cover): the crop of the format's
 * aspect is taken from the source first, so only the pixels kept are scaled; `cropX`/`cropY`
 * (0..1) place it (0.5 = centre).
 */
export function reframe(srcW: number, srcH: number, format: ClipFormat, cropX = 0.5, cropY = 0.5) {
  const { width: W, height: H } = clipFormats[format];
  const { cw, ch } = cropBox(srcW, srcH, format);
  const clamp = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0.5));
  const x = Math.round((srcW - cw) * clamp(cropX));
  const y = Math.round((srcH - ch) * clamp(cropY));
  return { W, H, cw, ch, x, y, filter: `crop=${cw}:${ch}:${x}:${y},scale=${W}:${H}:flags=bicubic,setsar=1` };
}

/**
 * A cue's lines as the caption builder chose them, at the largest size (down to 70 %) at which each
 * fits the safe width; a line that still does not fit (one very long word) is set anew with German
 * hyphenation. No word is ever cut by the box.
 */
export function captionLines(
  cueLines: string[],
  safeWidth: number,
  baseSize: number,
  font: MediaFont = 'inter',
): { lines: string[]; size: number } {
  const minSize = Math.round(baseSize * 0.7);
  const inner = (size: number) => safeWidth - 2 * Math.round(size * 0.55);
  const size = fitLines(cueLines, inner(minSize), { size: baseSize, minSize, weight: 700, family: font });
  const fitted = fitLines(cueLines, inner(size), { size, minSize, weight: 700, family: font });
  if (cueLines.every((l) => textWidth(l, fitted, true, font) <= inner(fitted)))
    return { lines: cueLines, size: fitted };
  const layout = layoutText(
    cueLines.join(' '),
    { width: inner(minSize), height: minSize * 1.25 * 3 },
    { size: baseSize, minSize, weight: 700, lineHeight: 1.25, maxLines: 3, family: font },
    { role: 'caption' },
  );
  return { lines: layout.lines, size: layout.size };
}

/** One caption as a PNG of the box alone, and where it goes in the frame. */
export async function captionImage(
  cue: Cue,
  format: ClipFormat,
  brandColour: string,
  onBrand = false,
  font: MediaFont = 'inter',
): Promise<{ png: Buffer; x: number; y: number; width: number; height: number }> {
  const style = captionStyle[format];
  const safe = safeAreas[format];
  // Over video the box is the brand colour; over the brand colour itself (audiogram) it must differ.
  const { box, text } = onBrand ? boxOnBrand(brandColour) : readableBox(brandColour);
  const { lines, size } = captionLines(cue.lines, safe.right - safe.left, style.size, font);
  const padX = Math.round(size * 0.55);
  const padY = Math.round(size * 0.3);
  const lineHeight = Math.round(size * 1.25);
  const width = Math.min(
    safe.right - safe.left,
    Math.ceil(Math.max(...lines.map((l) => textWidth(l, size, true))) + 2 * padX),
  );
  const height = lines.length * lineHeight + 2 * padY;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(size * 0.25)}" fill="${box}"/>` +
    lines
      .map(
        (line, i) =>
          `<text x="${width / 2}" y="${padY + i * lineHeight + lineHeight * 0.78}" text-anchor="middle" font-family="${fontFamilyOf(font)}" font-weight="700" font-size="${size}" fill="${text}">${escapeXml(line)}</text>`,
      )
      .join('') +
    '</svg>';
  const x = Math.round(safe.left + (safe.right - safe.left - width) / 2);
  return { png: await svgToPng(svg), x, y: safe.bottom - height, width, height };
}

/** The tenant's logo for the top corner of the safe area. */
export async function logoImage(format: ClipFormat, brand: Brand): Promise<{ png: Buffer; x: number; y: number }> {
  const safe = safeAreas[format];
  const h = format === '9:16' ? 96 : 80;
  const { box, text } = readableBox(brand.colour);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${h * 3}" height="${h}">${logoSvg(brand, 0, 0, h, box, text === '#ffffff' ? '#ffffff' : '#111111')}</svg>`;
  return { png: await svgToPng(svg), x: safe.right - h * 3, y: safe.top };
}

export type Overlay = {
  file: string;
  x: number;
  y: number;
  start?: number;
  end?: number;
  /** Options before its `-i` (an image sequence: `-f concat`). */
  inputArgs?: string[];
};

/**
 * Writes the logo and one PNG per cue to `dir`; returns them as overlays in that order. `onBrand`:
 * the picture below is the brand colour (audiogram), so the caption boxes take a contrasting one.
 */
export async function writeOverlays(
  dir: string,
  format: ClipFormat,
  brand: Brand,
  cues: Cue[],
  onBrand = false,
): Promise<Overlay[]> {
  const logo = await logoImage(format, brand);
  const overlays: Overlay[] = [{ file: path.join(dir, 'logo.png'), x: logo.x, y: logo.y }];
  await writeFile(overlays[0]!.file, logo.png);
  for (const [i, cue] of cues.entries()) {
    const image = await captionImage(cue, format, brand.colour, onBrand);
    const file = path.join(dir, `cue-${i}.png`);
    await writeFile(file, image.png);
    overlays.push({ file, x: image.x, y: image.y, start: cue.start, end: cue.end });
  }
  return overlays;
}

/** The overlay chain from `[input]` to `[v]`; overlay inputs start at `firstInput`. */
export function overlayChain(input: string, overlays: Overlay[], firstInput: number): string[] {
  const parts: string[] = [];
  let last = input;
  overlays.forEach((o, i) => {
    const out = i === overlays.length - 1 ? '[v]' : `[o${i}]`;
    const enable =
      o.start !== undefined && o.end !== undefined
        ? `:enable='between(t,${o.start.toFixed(3)},${o.end.toFixed(3)})'`
        : '';
    parts.push(`${last}[${firstInput + i}:v]overlay=${o.x}:${o.y}${enable}${out}`);
    last = out;
  });
  if (!overlays.length) parts.push(`${input}null[v]`);
  return parts;
}

/** Highest frame rate of a clip. */
export const MAX_FPS = 30;

/** H.264 in an MP4 that plays while it loads: the video encode of clips and audiograms. */
export const h264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart'];

/** The passage cut from the source: its first input. */
export const cutInput = (o: { source: string; start: number; duration: number }) => [
  '-ss',
  o.start.toFixed(3),
  '-t',
  o.duration.toFixed(3),
  '-i',
  o.source,
];

/** The overlays' inputs, in the order overlayChain numbers them. */
export const overlayInputs = (overlays: Overlay[]) => overlays.flatMap((x) => [...(x.inputArgs ?? []), '-i', x.file]);

/**
 * ffmpeg arguments of a clip cut from a video: [start, start+duration] of the original, reframed to
 * the format, logo and caption boxes laid over, H.264/AAC MP4.
 */
export function clipArgs(o: {
  source: string;
  start: number;
  duration: number;
  srcW: number;
  srcH: number;
  format: ClipFormat;
  cropX?: number;
  cropY?: number;
  overlays: Overlay[];
  hasAudio: boolean;
  /** The source's frame rate: above 30 (phones record 60) the clip keeps 30, halving crop, scale and encode. */
  fps?: number | null;
  /** The audio's filter (loudness normalisation, server/content/loudness.ts). */
  audioFilter?: string;
  out: string;
}): string[] {
  const frame = reframe(o.srcW, o.srcH, o.format, o.cropX, o.cropY);
  const rate = o.fps && o.fps > MAX_FPS + 0.5 ? `fps=${MAX_FPS},` : '';
  const graph = [`[0:v]${rate}${frame.filter},format=yuv420p[base]`, ...overlayChain('[base]', o.overlays, 1)].join(
    ';',
  );
  return [
    ...cutInput(o),
    ...overlayInputs(o.overlays),
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    ...(o.hasAudio
      ? ['-map', '0:a:0', ...(o.audioFilter ? ['-af', o.audioFilter] : []), '-c:a', 'aac', '-b:a', '160k']
      : []),
    ...h264,
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-t',
    o.duration.toFixed(3),
    '-y',
    o.out,
  ];
}
