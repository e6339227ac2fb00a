import type { MediaFont } from '../../common/media-template';
import { type Brand, svgToPng } from './card';
import {
  type ClipFormat,
  clipFormats,
  cutInput,
  h264,
  overlayChain,
  overlayInputs,
  type Overlay,
  safeAreas,
} from './clip';
import { readableBox } from './colour';
import { fontFamilyOf } from './font-choice';
import { escapeXml, textWidth } from './fonts';

/**
 * The audiogram's picture (issue 39.3): the speaker (photo, else their initials, else a quotation
 * mark), their name and role where they agreed to be named, the waveform, a progress bar and the
 * captions, laid out per format so no large area stays empty.
 */
type Box = { x: number; y: number; width: number; height: number };
export type AudiogramLayout = {
  portrait: { cx: number; cy: number; r: number };
  /** Name and role: centred on `x` (or left-aligned from it in 16:9), baseline of the name at `y`. */
  name: { x: number; y: number; anchor: 'middle' | 'start'; size: number; maxWidth: number };
  wave: Box;
  bar: Box;
};

export function audiogramLayout(format: ClipFormat): AudiogramLayout {
  const safe = safeAreas[format];
  const { width: W } = clipFormats[format];
  if (format === '16:9') {
    // Two columns: the speaker on the left, the waveform and progress on the right, captions below.
    const left = safe.left;
    const right = safe.right;
    return {
      portrait: { cx: left + 190, cy: safe.top + 250, r: 170 },
      name: { x: left + 420, y: safe.top + 190, anchor: 'start', size: 64, maxWidth: right - left - 420 },
      wave: { x: left + 420, y: safe.top + 300, width: right - left - 420, height: 220 },
      bar: { x: left + 420, y: safe.top + 560, width: right - left - 420, height: 14 },
    };
  }
  if (format === '1:1') {
    return {
      portrait: { cx: W / 2, cy: safe.top + 150, r: 130 },
      name: { x: W / 2, y: safe.top + 350, anchor: 'middle', size: 56, maxWidth: safe.right - safe.left },
      wave: { x: safe.left, y: safe.top + 440, width: safe.right - safe.left, height: 180 },
      bar: { x: safe.left, y: safe.top + 650, width: safe.right - safe.left, height: 12 },
    };
  }
  return {
    portrait: { cx: W / 2, cy: safe.top + 320, r: 200 },
    name: { x: W / 2, y: safe.top + 620, anchor: 'middle', size: 66, maxWidth: safe.right - safe.left },
    wave: { x: safe.left, y: safe.top + 730, width: safe.right - safe.left, height: 240 },
    bar: { x: safe.left, y: safe.top + 1010, width: safe.right - safe.left, height: 14 },
  };
}

const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

/** The still picture below the waveform: background, portrait, name and role, the bar's track. */
export function audiogramBackgroundSvg(
  format: ClipFormat,
  brand: Brand,
  font: MediaFont,
  photo: Buffer | null,
  name: string | null,
  role: string | null,
): string {
  const { width: W, height: H } = clipFormats[format];
  const layout = audiogramLayout(format);
  const { box: bg, text: fg } = readableBox(brand.colour);
  const family = fontFamilyOf(font);
  const { cx, cy, r } = layout.portrait;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">`,
    `<rect width="${W}" height="${H}" fill="${bg}"/>`,
  ];
  if (photo) {
    parts.push(
      `<clipPath id="p"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>`,
      `<image x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" preserveAspectRatio="xMidYMid slice" clip-path="url(#p)" href="data:${photo[0] === 0xff ? 'image/jpeg' : 'image/png'};base64,${photo.toString('base64')}"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${fg}" stroke-width="8"/>`,
    );
  } else {
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fg}" fill-opacity="0.14"/>`);
    parts.push(
      name
        ? `<text x="${cx}" y="${cy}" dominant-baseline="central" text-anchor="middle" font-family="${family}" font-weight="700" font-size="${Math.round(r * 0.8)}" fill="${fg}">${escapeXml(initials(name))}</text>`
        : `<text x="${cx}" y="${cy + r * 0.55}" text-anchor="middle" font-family="${family}" font-weight="700" font-size="${Math.round(r * 1.6)}" fill="${fg}">„</text>`,
    );
  }
  const n = layout.name;
  if (name) {
    // Never broken or cut: the size steps down until the whole name fits.
    let size = n.size;
    while (size > 28 && textWidth(name, size, true, font) > n.maxWidth) size -= 2;
    parts.push(
      `<text x="${n.x}" y="${n.y}" text-anchor="${n.anchor}" font-family="${family}" font-weight="700" font-size="${size}" fill="${fg}">${escapeXml(name)}</text>`,
    );
    if (role) {
      let roleSize = Math.round(n.size * 0.62);
      while (roleSize > 20 && textWidth(role, roleSize, false, font) > n.maxWidth) roleSize -= 2;
      parts.push(
        `<text x="${n.x}" y="${n.y + roleSize * 1.5}" text-anchor="${n.anchor}" font-family="${family}" font-weight="400" font-size="${roleSize}" fill="${fg}" fill-opacity="0.9">${escapeXml(role)}</text>`,
      );
    }
  } else {
    parts.push(
      `<text x="${n.x}" y="${n.y}" text-anchor="${n.anchor}" font-family="${family}" font-weight="700" font-size="${Math.round(n.size * 0.8)}" fill="${fg}">${escapeXml(brand.name)}</text>`,
    );
  }
  const b = layout.bar;
  parts.push(
    `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="${b.height / 2}" fill="${fg}" fill-opacity="0.3"/>`,
  );
  parts.push('</svg>');
  return parts.join('');
}

export function audiogramBackgroundPng(...args: Parameters<typeof audiogramBackgroundSvg>): Promise<Buffer> {
  return svgToPng(audiogramBackgroundSvg(...args));
}

/**
 * ffmpeg arguments of an audiogram: the background (decoded once and repeated), the animated
 * waveform and the progress bar in the text colour (a strip twice the bar's width, half filled,
 * whose crop window slides with the time), logo and captions; the audio normalised by `audioFilter`.
 */
export function audiogramArgs(o: {
  source: string;
  start: number;
  duration: number;
  format: ClipFormat;
  background: string;
  colour: string;
  overlays: Overlay[];
  audioFilter: string;
  out: string;
}): string[] {
  const { wave, bar } = audiogramLayout(o.format);
  const d = Math.max(0.1, o.duration).toFixed(3);
  const graph = [
    // The waveform shows the audio as it is heard: after the normalisation.
    `[0:a]${o.audioFilter},asplit=2[a1][aout]`,
    `[a1]aformat=channel_layouts=mono,showwaves=s=${wave.width}x${wave.height}:mode=cline:rate=25:scale=sqrt:colors=${o.colour}[w]`,
    `[1:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/25/TB[bg]`,
    `color=c=${o.colour}:s=${bar.width}x${bar.height}:r=25,format=rgba,pad=${2 * bar.width}:${bar.height}:0:0:color=black@0,crop=w=${bar.width}:h=${bar.height}:x='${bar.width}-${bar.width}*min(1\\,t/${d})':y=0[bar]`,
    `[bg][w]overlay=${wave.x}:${wave.y}:shortest=1[wv]`,
    `[wv][bar]overlay=${bar.x}:${bar.y}:shortest=1[base]`,
    ...overlayChain('[base]', o.overlays, 2),
  ].join(';');
  return [
    ...cutInput(o),
    '-i',
    o.background,
    ...overlayInputs(o.overlays),
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    '[aout]',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    ...h264,
    '-preset',
    'ultrafast',
    '-tune',
    'stillimage',
    '-crf',
    '23',
    '-r',
    '25',
    '-t',
    o.duration.toFixed(3),
    '-y',
    o.out,
  ];
}
