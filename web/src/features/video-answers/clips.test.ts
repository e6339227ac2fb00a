import { beforeEach, describe, expect, it } from 'vitest';
import { installStorage, type MemoryStorage } from '../../testing/memory-storage';
import { clearProgress, clipKey, loadProgress, type Progress, saveProgress } from './clips';

let local: MemoryStorage;
beforeEach(() => {
  ({ local } = installStorage());
});

const progress: Progress = {
  contentId: '42',
  topic: 'tech-dive',
  index: 2,
  answers: { 0: 'sent', 1: 'queued' },
  recording: { index: 2, startedAt: 1000 },
};

describe('where a video answer stands after a reload', () => {
  it('comes back as it was saved, questions answered and the clip being recorded', () => {
    saveProgress('/bank/video-answer', progress);
    expect(loadProgress('/bank/video-answer')).toEqual(progress);
  });

  it("one page's answer does not show on another page (the public link and the dashboard)", () => {
    saveProgress('/bank/video-answer', progress);
    expect(loadProgress('/p/bank/video-answer')).toBeNull();
    saveProgress('', { ...progress, contentId: '43' });
    expect(loadProgress('')?.contentId).toBe('43');
    expect(loadProgress('/bank/video-answer')?.contentId).toBe('42');
  });

  it('is gone once cleared, and a damaged entry starts over instead of breaking the page', () => {
    saveProgress('/x', progress);
    clearProgress('/x');
    expect(loadProgress('/x')).toBeNull();
    local.setItem('videoAnswer:/y', '{broken');
    expect(loadProgress('/y')).toBeNull();
  });

  it("keeps one clip per question of a submission: a retake replaces the question's clip", () => {
    expect(clipKey('42', 0)).toBe(clipKey('42', 0));
    expect(clipKey('42', 0)).not.toBe(clipKey('42', 1));
    expect(clipKey('42', 1)).not.toBe(clipKey('4', 21));
  });
});
