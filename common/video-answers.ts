import type { InterviewTopic, Wording } from './tenants';
import { texts } from './texts';

/** Longest clip per question, in seconds, unless the tenant row says otherwise (tenants.video_max_seconds). */
export const VIDEO_ANSWER_DEFAULT_SECONDS = 90;
/** What an admin may set per tenant on /admin/bereiche. */
export const VIDEO_ANSWER_MIN_SECONDS = 15;
export const VIDEO_ANSWER_MAX_SECONDS = 300;
/** A clip may run this much longer than the limit before the server flags it (recorders stop late). */
export const VIDEO_ANSWER_TOLERANCE_SECONDS = 3;
/** The recorder hands over a chunk every second. */
export const VIDEO_TIMESLICE_MS = 1000;

/**
 * Recording types in the order tried: WebM (Chrome, Firefox, Android), then MP4 (Safari, iOS).
 * MediaRecorder.isTypeSupported decides; the server judges the bytes again.
 */
export const VIDEO_RECORDING_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1.42E01E,mp4a.40.2',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
] as const;

/** The first type this browser records, or undefined (then the browser's default). */
export function pickVideoType(isSupported: (type: string) => boolean): string | undefined {
  return VIDEO_RECORDING_TYPES.find((type) => {
    try {
      return isSupported(type);
    } catch {
      return false;
    }
  });
}

/** File extension of a recorded clip. */
export const videoExtension = (mimeType: string): 'mp4' | 'webm' => (/mp4|quicktime/i.test(mimeType) ? 'mp4' : 'webm');

/**
 * The questions of a topic, one clip each: a short introduction, then the topic's interview
 * questions (the same plan the built-in interviewer asks).
 */
export function videoQuestions(wording: Wording, topic: InterviewTopic): readonly string[] {
  const plan = texts.interview.plans[wording][topic];
  return [texts.videoAnswers.introQuestion, ...plan.questions];
}

/** The file name a clip is stored under (the team sees it in the inbox, downloads and the ZIP). */
export const clipFileName = (index: number, mimeType: string): string =>
  `Videoantwort Frage ${index + 1}.${videoExtension(mimeType)}`;
