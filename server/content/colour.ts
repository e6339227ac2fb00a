/** Colours of the tenant's brand, and the contrast rules captions and cards keep (WCAG). */

export function parseHex(colour: string): [number, number, number] {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return [0x1f, 0x29, 0x37];
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export const toHex = ([r, g, b]: [number, number, number]) =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrast('#ffffff', background) >= contrast('#111111', background) ? '#ffffff' : '#111111';
}

/**
 * A background for text in `brand` with at least 4.5:1 contrast to its text colour: the brand
 * colour itself when it already has it, else the brand colour darkened until it does.
 */
export function readableBox(brand: string): { box: string; text: string } {
  let rgb = parseHex(brand);
  for (let i = 0; i < 40; i++) {
    const box = toHex(rgb);
    const text = textOn(box);
    if (contrast(box, text) >= 4.5) return { box, text };
    rgb = rgb.map((v) => v * 0.9) as [number, number, number];
  }
  return { box: '#111111', text: '#ffffff' };
}

/**
 * Caption box and text over a picture that is itself the brand colour (an audiogram's background):
 * the box takes the colour that reads on that background (white or near-black), so it stands out
 * from it by at least 4.5:1, and its text the opposite one.
 */
export function boxOnBrand(brand: string): { box: string; text: string } {
  const box = textOn(readableBox(brand).box);
  return { box, text: textOn(box) };
}
