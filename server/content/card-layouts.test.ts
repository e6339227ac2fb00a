import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardLayouts, mediaFonts } from '../../common/media-template';
import { cardFormats } from './card';
import { layoutSvg, renderLayout } from './card-layouts';

const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c05020' } })
  .jpeg()
  .toBuffer();
const base = {
  quote: 'Unsere Windkraftanlagengetriebe werden vor der Auslieferung geprüft.',
  name: 'Klaus Müller-Lüdenscheidt',
  role: 'Leiter der Qualitätssicherung',
  photo,
  brand: { colour: '#0f5da8', logoPng: null, logoText: 'VDI', name: 'VDI' },
};

describe('card layouts of a tenant', () => {
  it('renders quote, quote with photo and quote with a large name, in both formats, each different', async () => {
    for (const format of ['4:5', '1:1'] as const) {
      const pictures = new Set<string>();
      for (const layout of cardLayouts) {
        const png = await renderLayout({ ...base, format, layout, font: 'inter' });
        const meta = await sharp(png).metadata();
        expect([meta.width, meta.height]).toEqual([cardFormats[format].width, cardFormats[format].height]);
        pictures.add(png.toString('base64'));
      }
      expect(pictures.size).toBe(3);
    }
  });

  it('keeps the double name whole (broken only at its space) and sets it large in the name layout', () => {
    const svg = layoutSvg({ ...base, format: '4:5', layout: 'name', font: 'inter' });
    const large = [...svg.matchAll(/font-weight="700" font-size="(\d+)"[^>]*>([^<]+)</g)]
      .filter((m) => Number(m[1]) >= 56 && Number(m[1]) < 80 && !m[2]!.startsWith('„'))
      .map((m) => m[2]);
    expect(large.join(' ')).toBe('Klaus Müller-Lüdenscheidt');
  });

  it('draws in the chosen shipped font, and falls back to the quote card without a photo', () => {
    for (const font of mediaFonts) {
      const svg = layoutSvg({ ...base, format: '1:1', layout: 'quote', font });
      expect(svg).toContain(font === 'inter' ? 'font-family="Inter"' : ', Inter"');
    }
    expect(layoutSvg({ ...base, photo: null, format: '1:1', layout: 'photo', font: 'inter' })).toBe(
      layoutSvg({ ...base, photo: null, format: '1:1', layout: 'quote', font: 'inter' }),
    );
  });
});
