import type { CardLayout, MediaFont } from '../../common/media-template';
import { cleanText, germanQuotes, layoutText, unquote } from '../../common/typesetting';
import { cardFormats, type CardInput, cardSvg, logoSvg, svgToPng } from './card';
import { readableBox } from './colour';
import { FONT_FAMILY, escapeXml } from './fonts';
import { fontFamilyOf } from './font-choice';

/**
 * A tenant's card layouts (issue 39.5) beside the plain quote card (card.ts): the quote under a
 * large photo, and the quote with the speaker's name set large. Text is laid out by the German
 * typesetting module (hyphenation points for the quote, names and roles whole).
 */
export type LayoutInput = CardInput & { layout: CardLayout; font: MediaFont };

const dataUri = (img: Buffer) =>
  `data:${img[0] === 0xff ? 'image/jpeg' : 'image/png'};base64,${img.toString('base64')}`;

type Lines = { lines: string[]; size: number; lineHeight: number };

function textLines(out: string[], t: Lines, x: number, top: number, fg: string, weight: number, opacity = 1) {
  t.lines.forEach((line, i) => {
    out.push(
      `<text x="${x}" y="${top + i * t.lineHeight + t.size}" font-family="${FONT_FAMILY}" font-weight="${weight}" font-size="${t.size}" fill="${fg}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ''}>${escapeXml(line)}</text>`,
    );
  });
  return top + t.lines.length * t.lineHeight;
}

const quoteText = (quote: string) => `„${germanQuotes(unquote(cleanText(quote)), 1)}“`;

/** Quote with photo: the photo fills the upper part edge to edge, the quote and name below it. */
function photoCard(input: LayoutInput): string {
  const { width: W, height: H } = cardFormats[input.format];
  const { box: bg, text: fg } = readableBox(input.brand.colour);
  const margin = 84;
  const photoH = Math.round(H * (input.format === '4:5' ? 0.44 : 0.38));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${bg}"/>`,
    `<image x="0" y="0" width="${W}" height="${photoH}" preserveAspectRatio="xMidYMid slice" href="${dataUri(input.photo!)}"/>`,
    `<rect x="0" y="${photoH - 10}" width="${W}" height="10" fill="${fg}" fill-opacity="0.6"/>`,
  ];
  const footer = 150;
  const nameH = input.name ? 120 : 0;
  const box = { width: W - 2 * margin, height: H - photoH - 60 - footer - nameH };
  const quote = layoutText(quoteText(input.quote), box, {
    size: 76,
    minSize: 30,
    weight: 700,
    lineHeight: 1.25,
    family: input.font,
  });
  let y = photoH + 50 + Math.max(0, (box.height - quote.lines.length * quote.lineHeight) / 2);
  y = textLines(parts, quote, margin, y, fg, 700);
  if (input.name) nameLines(parts, input, margin, y + 24, W - 2 * margin - 300, fg, 40);
  parts.push(logoSvg(input.brand, W - margin - 240, H - footer + 30, 80, bg, fg));
  parts.push('</svg>');
  return parts.join('');
}

function nameLines(out: string[], input: LayoutInput, x: number, top: number, width: number, fg: string, size: number) {
  const name = layoutText(
    cleanText(input.name!).trim(),
    { width, height: size * 1.15 * 2 },
    { size, minSize: Math.round(size * 0.6), weight: 700, lineHeight: 1.15, maxLines: 2, family: input.font },
    { role: 'name' },
  );
  let y = textLines(out, name, x, top, fg, 700);
  if (input.role) {
    const role = layoutText(
      cleanText(input.role).trim(),
      { width, height: size * 0.7 * 1.2 * 2 },
      { size: Math.round(size * 0.7), minSize: 22, weight: 400, lineHeight: 1.2, maxLines: 2, family: input.font },
      { role: 'role' },
    );
    y = textLines(out, role, x, y + 4, fg, 400, 0.9);
  }
  return y;
}

/** Quote with a large name: the quote above, the speaker's name set large below a rule, photo beside it. */
function nameCard(input: LayoutInput): string {
  const { width: W, height: H } = cardFormats[input.format];
  const { box: bg, text: fg } = readableBox(input.brand.colour);
  const margin = 96;
  const nameArea = input.format === '4:5' ? 380 : 330;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${bg}"/>`,
  ];
  const top = 200;
  const box = { width: W - 2 * margin, height: H - top - nameArea - 40 };
  const quote = layoutText(quoteText(input.quote), box, {
    size: 80,
    minSize: 30,
    weight: 700,
    lineHeight: 1.25,
    family: input.font,
  });
  textLines(parts, quote, margin, top + Math.max(0, (box.height - quote.lines.length * quote.lineHeight) / 2), fg, 700);
  const ruleY = H - nameArea;
  parts.push(`<rect x="${margin}" y="${ruleY}" width="160" height="10" fill="${fg}"/>`);
  let textX = margin;
  if (input.photo) {
    const r = 90;
    const cy = ruleY + 40 + r;
    parts.push(`<clipPath id="p"><circle cx="${margin + r}" cy="${cy}" r="${r}"/></clipPath>`);
    parts.push(
      `<image x="${margin}" y="${cy - r}" width="${2 * r}" height="${2 * r}" preserveAspectRatio="xMidYMid slice" clip-path="url(#p)" href="${dataUri(input.photo)}"/>`,
    );
    textX = margin + 2 * r + 36;
  }
  if (input.name) nameLines(parts, input, textX, ruleY + 40, W - textX - margin, fg, 84);
  parts.push(logoSvg(input.brand, W - margin - 240, 70, 80, bg, fg));
  parts.push('</svg>');
  return parts.join('');
}

/** The card in the chosen layout and font; a photo layout without a photo falls back to the quote card. */
export function layoutSvg(input: LayoutInput): string {
  const svg =
    input.layout === 'photo' && input.photo
      ? photoCard(input)
      : input.layout === 'name' && input.name
        ? nameCard(input)
        : cardSvg(input);
  // The shipped font chosen: the text was laid out in its own widths (common/typesetting/metrics.ts).
  return input.font === 'inter'
    ? svg
    : svg.replaceAll(`font-family="${FONT_FAMILY}"`, `font-family="${fontFamilyOf(input.font)}"`);
}

export function renderLayout(input: LayoutInput): Promise<Buffer> {
  return svgToPng(layoutSvg(input));
}
