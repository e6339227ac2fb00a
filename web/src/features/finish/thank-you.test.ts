import { describe, expect, it } from 'vitest';
import { sentFiles, thankYouIntro } from './thank-you';

describe('the thank-you page', () => {
  const media = [
    { id: 1, kind: 'photo' },
    { id: 2, kind: 'audio' },
    { id: 3, kind: 'transcript' },
  ];

  it("lists what the person sent: a voice message, not an interview's own recording nor the transcript", () => {
    expect(sentFiles(media, 'voice').map((m) => m.id)).toEqual([1, 2]);
    expect(sentFiles(media, 'interview').map((m) => m.id)).toEqual([1]);
    expect(sentFiles(media, null).map((m) => m.id)).toEqual([1, 2]);
  });

  it('opens with waiting while the device sends, nothing-sent without content, else the thanks', () => {
    const base = { local: false, stillWaiting: false, missing: false, empty: false };
    expect(thankYouIntro(base)).toBe('sent');
    expect(thankYouIntro({ ...base, local: true, stillWaiting: true })).toBe('waiting');
    expect(thankYouIntro({ ...base, local: true })).toBe('nothingSent');
    expect(thankYouIntro({ ...base, stillWaiting: true })).toBe('sent');
    expect(thankYouIntro({ ...base, missing: true })).toBe('nothingSent');
    expect(thankYouIntro({ ...base, empty: true })).toBe('nothingSent');
  });
});
