import { describe, expect, it } from 'vitest';
import { cropBox } from '../../common/schemas/content';
import { contrast, readableBox } from './colour';
import { audiogramArgs } from './audiogram';
import { clipArgs, reframe, safeAreas } from './clip';
import { layoutLines } from '../../common/typesetting';
import { cuesFor, proposePassages, snapToWords, wordsOf } from './timing';

const timing = {
  segments: [
    { start: 0, end: 3, text: 'Ich habe vor drei Jahren hier angefangen.' },
    {
      start: 3.2,
      end: 9,
      text: 'Heute leite ich ein Team von zwölf Leuten, und das macht mir wirklich sehr viel Freude.',
    },
    { start: 9.5, end: 12, text: 'Wie geht es weiter?' },
  ],
};

describe('caption timing', () => {
  const words = wordsOf(timing);

  it('spreads segment times over the words and snaps a selection to whole words', () => {
    expect(words[0]).toMatchObject({ start: 0, text: 'Ich' });
    expect(words.at(-1)!.end).toBeCloseTo(12);
    const snapped = snapToWords(words, 0.1, 3.3);
    expect(snapped.start).toBe(0);
    expect(words.some((w) => Math.abs(w.end - snapped.end) < 1e-9 && w.start < 3.3)).toBe(true);
  });

  it('prefers word times when the transcriber gave them', () => {
    expect(wordsOf({ words: [{ start: 1, end: 1.4, word: ' Hallo' }] })).toEqual([
      { start: 1, end: 1.4, text: 'Hallo' },
    ]);
  });

  it('makes cues of at most two lines of the line length, 1–7 s, split at sentences and clauses, relative to the clip', () => {
    const cues = cuesFor(words, 0, 12, 26);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(30);
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(0.99);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
    }
    expect(cues[0]!.lines.join(' ')).toBe('Ich habe vor drei Jahren hier angefangen.');
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    const later = cuesFor(words, 3.2, 9, 26);
    expect(later[0]!.start).toBe(0);
    expect(later.map((c) => c.lines.join(' ')).join(' ')).toBe(
      'Heute leite ich ein Team von zwölf Leuten, und das macht mir wirklich sehr viel Freude.',
    );
  });

  it('balances two lines, never breaking after an article', () => {
    expect(layoutLines('Heute leite ich ein Team von zwölf Leuten'.split(' '), 26)).toEqual([
      'Heute leite ich ein Team',
      'von zwölf Leuten',
    ]);
  });

  it('proposes statements, not questions', () => {
    const passages = proposePassages(words, 4);
    expect(passages.length).toBeGreaterThanOrEqual(2);
    expect(passages.some((p) => p.text.endsWith('?'))).toBe(false);
  });
});

describe('filter graphs', () => {
  it('scales to cover and crops, centred by default and movable', () => {
    expect(reframe(1920, 1080, '9:16')).toMatchObject({ W: 1080, H: 1920, cw: 606, ch: 1080, x: 657, y: 0 });
    expect(reframe(1920, 1080, '9:16', 0).x).toBe(0);
    expect(reframe(1920, 1080, '9:16', 1).x).toBe(1920 - 606);
    expect(reframe(1080, 1920, '16:9')).toMatchObject({ cw: 1080, ch: 606, x: 0, y: 657 });
    // A portrait source into 16:9 or 1:1 moves up and down; a landscape one into 9:16 left and right.
    expect(reframe(1080, 1920, '16:9', 0.5, 0).y).toBe(0);
    expect(reframe(1080, 1920, '16:9', 0.5, 1).y).toBe(1920 - 606);
    expect(reframe(1080, 1920, '1:1', 0.9, 0.25)).toMatchObject({ cw: 1080, ch: 1080, x: 0, y: 210 });
    expect(reframe(1920, 1080, '9:16', 0.25, 1)).toMatchObject({ x: Math.round((1920 - 606) * 0.25), y: 0 });
    expect(cropBox(1920, 1080, '9:16')).toMatchObject({ moveX: true, moveY: false });
    expect(cropBox(1080, 1920, '16:9')).toMatchObject({ moveX: false, moveY: true });
    expect(cropBox(1080, 1920, '1:1')).toMatchObject({ moveX: false, moveY: true });
    expect(cropBox(1920, 1080, '16:9')).toMatchObject({ moveX: false, moveY: false });
    expect(reframe(1920, 1080, '16:9').filter).toBe('crop=1920:1080:0:0,scale=1920:1080:flags=bicubic,setsar=1');
  });

  it('cuts at the passage, lays logo and cues over with their times, and encodes H.264/AAC with faststart', () => {
    const args = clipArgs({
      source: 'in.mp4',
      start: 2,
      duration: 3,
      srcW: 1920,
      srcH: 1080,
      format: '9:16',
      overlays: [
        { file: 'logo.png', x: 1, y: 2 },
        { file: 'cue-0.png', x: 3, y: 4, start: 0, end: 1.5 },
      ],
      hasAudio: true,
      out: 'out.mp4',
    });
    expect(args.slice(0, 6)).toEqual(['-ss', '2.000', '-t', '3.000', '-i', 'in.mp4']);
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('crop=606:1080:657:0,scale=1080:1920');
    expect(graph).toContain("[o0][2:v]overlay=3:4:enable='between(t,0.000,1.500)'[v]");
    expect(args).toEqual(expect.arrayContaining(['libx264', 'aac', '+faststart', 'yuv420p']));
    // A 60 fps phone video becomes a 30 fps clip before it is cropped and scaled; 30 fps stays as it is.
    const graphAt = (fps: number) => {
      const a = clipArgs({
        source: 'in.mp4',
        start: 0,
        duration: 3,
        srcW: 1920,
        srcH: 1080,
        format: '9:16',
        overlays: [],
        hasAudio: false,
        fps,
        out: 'o.mp4',
      });
      return a[a.indexOf('-filter_complex') + 1];
    };
    expect(graphAt(59.94)).toMatch(/^\[0:v\]fps=30,crop=/);
    expect(graphAt(30)).toMatch(/^\[0:v\]crop=/);
    const audiogram = audiogramArgs({
      source: 'a.ogg',
      start: 0,
      duration: 60,
      format: '1:1',
      background: 'bg.png',
      colour: '#ffffff',
      overlays: [],
      audioFilter: 'volume=2dB',
      out: 'o.mp4',
    });
    expect(audiogram.slice(0, 8)).toEqual(['-ss', '0.000', '-t', '60.000', '-i', 'a.ogg', '-i', 'bg.png']);
    expect(audiogram[audiogram.indexOf('-filter_complex') + 1]).toContain('showwaves=');
    expect(audiogram).toEqual(expect.arrayContaining(['libx264', 'aac', '+faststart', 'yuv420p']));
  });

  it('keeps text inside the safe areas and on a box of at least 4.5:1 contrast', () => {
    expect(safeAreas['9:16'].top).toBeGreaterThanOrEqual(250);
    expect(1920 - safeAreas['9:16'].bottom).toBeGreaterThanOrEqual(400);
    for (const brand of ['#005ea8', '#fde047', '#ffffff', '#0f766e', '#b91c1c']) {
      const { box, text } = readableBox(brand);
      expect(contrast(box, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
