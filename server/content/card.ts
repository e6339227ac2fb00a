import type { MediaFont } from '../../common/media-template';
import { readableBox } from './colour';
import { renderPool } from './render-pool';
import { cleanText, germanQuotes, layoutText, unquote } from '../../common/typesetting';
import { escapeXml, FONT_FAMILY, fontOptionsFor, textWidth } from './fonts';

export const cardFormats = { '4:5': { width: 1080, height: 1350 }, '1:1': { width: 1080, height: 1080 } } as const;
export type CardFormat = keyof typeof cardFormats;

/** The tenant's look: brand colour and logo (a PNG, or the logo tile's text). */
export type Brand = { colour: string; logoPng: Buffer | null; logoText: string; name: string };

export type CardInput = {
  format: CardFormat;
  quote: string;
  /** Shown only when the contributor agreed to be named (the caller decides). */
  name: string | null;
  role: string | null;
  /** A square JPEG or PNG (already cropped), shown as a round portrait. */
  photo: Buffer | null;
  brand: Brand;
  /** The shipped font the card is drawn in (the tenant's template): its widths lay the text out. */
  font?: MediaFont;
};

const dataUri = (png: Buffer) =>
  `data:${png[0] === 0xff ? 'image/jpeg' : 'image/png'};base64,${png.toString('base64')}`;

/** The logo in the corner: the tenant's image, else its name in a tile. */
export function logoSvg(brand: Brand, x: number, y: number, height: number, fg: string, bg: string): string {
  if (brand.logoPng)
    return `<image x="${x}" y="${y}" height="${height}" width="${height * 3}" preserveAspectRatio="xMaxYMid meet" href="${dataUri(brand.logoPng)}"/>`;
  const size = Math.round(height * 0.5);
  const w = Math.max(height, textWidth(brand.logoText, size, true) + height * 0.6);
  return (
    `<g><rect x="${x + height * 3 - w}" y="${y}" width="${w}" height="${height}" rx="${height * 0.18}" fill="${bg}"/>` +
    `<text x="${x + height * 3 - w / 2}" y="${y + height / 2}" dominant-baseline="central" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="700" font-size="${size}" fill="${fg}">${escapeXml(brand.logoText)}</text></g>`
  );
}

/**
 * The contributor's name and role beside the photo, centred on `middle`: a name is never hyphenated
 * nor cut (it takes two lines at its spaces and steps down from 40 px to 26 px), nor is a role.
 */
function nameBlock(input: CardInput, x: number, middle: number, width: number, fg: string): string[] {
  if (!input.name) return [];
  const name = layoutText(
    cleanText(input.name).trim(),
    { width, height: input.role ? 96 : 130 },
    { size: 40, minSize: 26, weight: 700, lineHeight: 1.2, maxLines: 2, family: input.font },
    { role: 'name' },
  );
  const role = input.role
    ? layoutText(
        cleanText(input.role).trim(),
        { width, height: 150 - name.lines.length * name.lineHeight },
        { size: 32, minSize: 22, weight: 400, lineHeight: 1.2, maxLines: 2, family: input.font },
        { role: 'role' },
      )
    : null;
  const height = name.lines.length * name.lineHeight + (role ? role.lines.length * role.lineHeight : 0);
  let y = middle - height / 2;
  const out: string[] = [];
  for (const line of name.lines) {
    out.push(
      `<text x="${x}" y="${y + name.size}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${name.size}" fill="${fg}">${escapeXml(line)}</text>`,
    );
    y += name.lineHeight;
  }
  for (const line of role?.lines ?? []) {
    out.push(
      `<text x="${x}" y="${y + role!.size}" font-family="${FONT_FAMILY}" font-weight="400" font-size="${role!.size}" fill="${fg}" fill-opacity="0.9">${escapeXml(line)}</text>`,
    );
    y += role!.lineHeight;
  }
  return out;
}

/** The card as SVG: brand background, big quotation mark, the quote, name and role, photo, logo. */
export function cardSvg(input: CardInput): string {
  const { width: W, height: H } = cardFormats[input.format];
  const { box: bg, text: fg } = readableBox(input.brand.colour);
  const margin = 96;
  const footer = 200;
  const top = 230;
  const quote = unquote(cleanText(input.quote));
  const quoteBox = { width: W - 2 * margin, height: H - top - footer - 40 };
  const { lines, size, lineHeight } = layoutText(`„${germanQuotes(quote, 1)}“`, quoteBox, {
    size: 96,
    minSize: 34,
    weight: 700,
    lineHeight: 1.28,
    family: input.font,
  });
  const textTop = top + Math.max(0, (quoteBox.height - lines.length * lineHeight) / 2);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${bg}"/>`,
    `<text x="${margin - 12}" y="${top - 10}" font-family="${FONT_FAMILY}" font-weight="700" font-size="260" fill="${fg}" fill-opacity="0.25">“</text>`,
  ];
  lines.forEach((line, i) => {
    parts.push(
      `<text x="${margin}" y="${textTop + i * lineHeight + size}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${size}" fill="${fg}">${escapeXml(line)}</text>`,
    );
  });
  const footY = H - footer;
  let textX = margin;
  if (input.photo) {
    const r = 64;
    parts.push(`<clipPath id="p"><circle cx="${margin + r}" cy="${footY + 70}" r="${r}"/></clipPath>`);
    parts.push(
      `<image x="${margin}" y="${footY + 70 - r}" width="${2 * r}" height="${2 * r}" preserveAspectRatio="xMidYMid slice" clip-path="url(#p)" href="${dataUri(input.photo)}"/>`,
    );
    parts.push(`<circle cx="${margin + r}" cy="${footY + 70}" r="${r}" fill="none" stroke="${fg}" stroke-width="4"/>`);
    textX = margin + 2 * r + 32;
  }
  parts.push(...nameBlock(input, textX, footY + 70, W - textX - margin - 300, fg));
  parts.push(logoSvg(input.brand, W - margin - 270, footY + 40, 90, bg, fg));
  parts.push('</svg>');
  return parts.join('');
}

/**
 * Any SVG of ours to PNG, in a render worker (off the event loop and libuv's pool, with a time
 * limit: RenderTimeout), with the shipped fonts only.
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  return renderPool.render(svg, {
    font: fontOptionsFor(svg),
    imageRendering: 0,
    shapeRendering: 2,
    textRendering: 1,
  });
}

export async function renderCard(input: CardInput): Promise<Buffer> {
  return svgToPng(cardSvg(input));
}
