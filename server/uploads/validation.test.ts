import { describe, expect, it } from 'vitest';
import { uploadSurfaces } from '../../common/schemas/uploads';
import { parseRange } from '../http/range';
import * as fixture from './testing/fixtures';
import { detectFormat, judgeFile } from './validation';

describe('judging a file by its bytes', () => {
  it('recognises the formats by their bytes whatever the name says', async () => {
    expect(await detectFormat(await fixture.png(), 'foto.jpg')).toBe('png');
    expect(await detectFormat(fixture.pdf(), 'notiz.txt')).toBe('pdf');
    expect(await detectFormat(fixture.exe(), 'bild.jpg')).toBeNull();
  });

  it('takes UTF-8 text with umlauts as text, even when a character is cut at the end', async () => {
    const text = Buffer.from('\uFEFFÄrger über Öl\n'.repeat(10), 'utf8');
    expect(await detectFormat(text.subarray(0, text.length - 1), 'a.txt')).toBe('txt');
    expect(await detectFormat(Buffer.from('a;b\n1;2\n'), 'zahlen.csv')).toBe('csv');
    expect(await detectFormat(Buffer.from('Grüße aus Köln\r\n', 'latin1'), 'windows.txt')).toBe('txt');
  });

  it('does not take markup or binary bytes as text', async () => {
    expect(
      await detectFormat(Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'a.txt'),
    ).toBeNull();
    expect(await detectFormat(Buffer.from('<?xml version="1.0"?><x/>'), 'a.txt')).toBeNull();
    expect(await detectFormat(Buffer.from([0x41, 0x42, 0x01, 0x02]), 'a.txt')).toBeNull();
    expect(await detectFormat(Buffer.alloc(0), 'leer.txt')).toBeNull();
  });

  it('applies the limit of the detected kind, not of the name', async () => {
    const head = await fixture.png();
    const verdict = await judgeFile(
      uploadSurfaces.media,
      { head, size: 11 * 1024 * 1024, originalName: 'klein.pdf' },
      { photoMb: 10, videoMb: 500 },
    );
    expect(verdict).toMatchObject({
      ok: false,
      status: 413,
      message: 'klein.pdf ist zu groß. Maximale Dateigröße: 10MB',
    });
  });
});

describe('byte ranges', () => {
  it('reads the three forms of a single range and refuses the impossible', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBeNull();
    expect(parseRange('bytes=9-2', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
