import { describe, expect, it } from 'vitest';
import { texts } from './texts';
import { clipFileName, pickVideoType, videoExtension, videoQuestions } from './video-answers';

describe('video answers', () => {
  it('records what the browser supports: WebM where it can, else MP4 (Safari)', () => {
    const chrome = (t: string) => t.startsWith('video/webm');
    const safari = (t: string) => t === 'video/mp4' || t.startsWith('video/mp4;codecs=avc1');
    expect(pickVideoType(chrome)).toBe('video/webm;codecs=vp9,opus');
    expect(pickVideoType(safari)).toBe('video/mp4;codecs=avc1.42E01E,mp4a.40.2');
    expect(pickVideoType(() => false)).toBeUndefined();
    // A browser that throws on an unknown type still gets an answer.
    expect(
      pickVideoType((t) =>
        t.includes('vp9')
          ? (() => {
              throw new Error('x');
            })()
          : t === 'video/webm',
      ),
    ).toBe('video/webm');
    expect(videoExtension('video/mp4')).toBe('mp4');
    expect(videoExtension('video/webm')).toBe('webm');
    expect(clipFileName(1, 'video/mp4')).toBe('Videoantwort Frage 2.mp4');
  });

  it('asks a short introduction, then the topic’s interview questions, in the tenant’s wording', () => {
    const engineer = videoQuestions('engineer', 'engineering-path');
    expect(engineer[0]).toBe(texts.videoAnswers.introQuestion);
    expect(engineer.slice(1)).toEqual(texts.interview.plans.engineer['engineering-path'].questions);
    expect(videoQuestions('banker', 'engineering-path').slice(1)).toEqual(
      texts.interview.plans.banker['engineering-path'].questions,
    );
    for (const q of engineer) expect(q).not.toMatch(/\b(du|dein|dir|dich)\b/i);
  });
});
