import { renderAsync } from '@resvg/resvg-js';
import { readableBox } from './colour';
import { escapeXml, FONT_FAMILY, resvgFontOptions, textWidth, wrap } from './fonts';

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

/** The quote's lines and font size: as large as fits the space (64 px down to 34 px). */
function fitQuote(quote: string, width: number, height: number): { lines: string[]; size: number } {
  for (let size = 96; size >= 34; size -= 2) {
    const lines = wrap(quote, size, width, true);
    if (lines.length * size * 1.28 <= height) return { lines, size };
  }
  const size = 34;
  const lines = wrap(quote, size, width, true);
  const max = Math.max(1, Math.floor(height / (size * 1.28)));
  return {
    lines: lines.length > max ? [...lines.slice(0, max - 1), `${lines[max - 1]!.replace(/\s*\S*$/, '')} …`] : lines,
    size,
  };
}

/** The card as SVG: brand background, big quotation mark, the quote, name and role, photo, logo. */
export function cardSvg(input: CardInput): string {
  const { width: W, height: H } = cardFormats[input.format];
  const { box: bg, text: fg } = readableBox(input.brand.colour);
  const margin = 96;
  const footer = 200;
  const top = 230;
  const quote = input.quote.trim().replace(/^[„“"»«]+|[“”"«»]+$/g, '');
  const { lines, size } = fitQuote(`„${quote}“`, W - 2 * margin, H - top - footer - 40);
  const lineHeight = size * 1.28;
  const textTop = top + Math.max(0, (H - top - footer - 40 - lines.length * lineHeight) / 2);
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
  const nameWidth = W - textX - margin - 300;
  if (input.name) {
    const name = wrap(input.name, 40, nameWidth, true)[0] ?? '';
    parts.push(
      `<text x="${textX}" y="${footY + (input.role ? 62 : 84)}" font-family="${FONT_FAMILY}" font-weight="700" font-size="40" fill="${fg}">${escapeXml(name)}</text>`,
    );
    if (input.role) {
      const role = wrap(input.role, 32, nameWidth)[0] ?? '';
      parts.push(
        `<text x="${textX}" y="${footY + 112}" font-family="${FONT_FAMILY}" font-weight="400" font-size="32" fill="${fg}" fill-opacity="0.9">${escapeXml(role)}</text>`,
      );
    }
  }
  parts.push(logoSvg(input.brand, W - margin - 270, footY + 40, 90, bg, fg));
  parts.push('</svg>');
  return parts.join('');
}

/** Any SVG of ours to PNG, off the event loop (resvg's thread pool), with the shipped fonts only. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: resvgFontOptions,
    imageRendering: 0,
    shapeRendering: 2,
    textRendering: 1,
  });
  return Buffer.from(image.asPng());
}

export async function renderCard(input: CardInput): Promise<Buffer> {
  return svgToPng(cardSvg(input));
}
