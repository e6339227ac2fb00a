import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../common/typesetting';
import { cardSvg, svgToPng } from './card';
import { escapeXml, FONT_FAMILY, undrawable } from './fonts';
import { RenderPool, RenderTimeout } from './render-pool';

/** A line of text drawn black on white, as grey pixels. */
async function drawn(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120"><rect width="600" height="120" fill="#fff"/><text x="20" y="80" font-family="${FONT_FAMILY}" font-size="56" fill="#000">${escapeXml(text)}</text></svg>`;
  return sharp(await svgToPng(svg))
    .greyscale()
    .raw()
    .toBuffer();
}

describe('text the main font cannot draw', () => {
  it('draws Arabic, Hebrew and emoji with the shipped Noto fallbacks, not as boxes', async () => {
    // Without a glyph every character is the same "no glyph" box: two different words of the same
    // length would look alike. Drawn, they differ, and each shows ink.
    for (const [a, b] of [
      ['مرحبا', 'سلامك'],
      ['שלום', 'עולם'],
      ['😀🚀', '🎉🐝'],
    ]) {
      const [one, two] = await Promise.all([drawn(a!), drawn(b!)]);
      expect(one.equals(two), `${a} / ${b}`).toBe(false);
      expect(one.filter((v) => v < 128).length).toBeGreaterThan(200);
    }
  });

  it('refuses what no shipped font draws, naming the characters', () => {
    expect(undrawable('Grüße aus 北京')).toEqual(['北', '京']);
    expect(undrawable('Müller-Lüdenscheidt – „Zitat“ € 😀 مرحبا שלום')).toEqual([]);
  });

  it('removes bidi controls and cuts runs of combining marks before drawing', async () => {
    const svg = cardSvg({
      format: '1:1',
      quote: `Rechnung\u202Egpj.exe Z${'\u0301'.repeat(400)}alg\u2066o`,
      name: 'Klaus\u202E Müller',
      role: null,
      photo: null,
      brand: { colour: '#005a9c', logoPng: null, logoText: 'VDI', name: 'VDI' },
    });
    expect(svg).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(svg).not.toMatch(/\u0301{4}/);
    expect(cleanText('a\u200Fb')).toBe('ab');
    expect((await svgToPng(svg)).length).toBeGreaterThan(1000);
  });
});

describe('render pool', () => {
  it('ends a render that outlasts its time limit and goes on with the next', async () => {
    const pool = new RenderPool(1, 1);
    const huge = `<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><rect width="8000" height="8000" fill="#123"/>${'<circle cx="4000" cy="4000" r="3900" fill="#456" opacity="0.5"/>'.repeat(200)}</svg>`;
    await expect(pool.render(huge, {})).rejects.toBeInstanceOf(RenderTimeout);
    const small = await new RenderPool(1, 20_000).render(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      {},
    );
    expect(small.subarray(1, 4).toString()).toBe('PNG');
  });
});
