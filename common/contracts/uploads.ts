import { z } from 'zod';

/** A video answer recorded in the browser: the question it answers and what the server measured. */
export const videoAnswerItem = z.object({
  mediaId: z.number(),
  questionIndex: z.number(),
  question: z.string(),
  maxSeconds: z.number(),
  durationSeconds: z.number().nullable(),
  probe: z.enum(['pending', 'done', 'failed']),
  overLong: z.boolean(),
});

/**
 * A stored file of a submission (table `media`): the one schema its API shapes derive from
 * (the inbox's, the contributor's summary and the signed links of the upload pages).
 */
export const media = z.object({
  id: z.number(),
  kind: z.string(),
  fileType: z.string(),
  size: z.number(),
  originalName: z.string(),
  hasThumbnail: z.boolean(),
  createdAt: z.string(),
  /** A video answer recorded in the browser. */
  videoAnswer: videoAnswerItem.nullable(),
  /** Videos: processing | ready | unreadable | cancelled (issue 28); null otherwise. */
  mediaState: z.string().nullable(),
  hasProxy: z.boolean(),
  /** Spoken media: ready | pending | none | failed; null without transcription. */
  captionState: z.string().nullable(),
});

/** The inbox's view: everything the editors see of a file. */
export const inboxMedia = media.partial({ videoAnswer: true, mediaState: true, hasProxy: true, captionState: true });

/** The contributor's view in the submission summary. */
export const submissionMedia = media.pick({
  id: true,
  kind: true,
  fileType: true,
  size: true,
  originalName: true,
  hasThumbnail: true,
});

/** The upload pages' view: the file with signed links (no session needed to show it). */
export const mediaItem = media.pick({ id: true, kind: true, fileType: true, size: true, originalName: true }).extend({
  thumbnailUrl: z.string().nullable(),
  url: z.string(),
  /** Videos: the playable H.264/AAC proxy once made. */
  proxyUrl: z.string().nullable().optional(),
  /** Spoken media: German WebVTT captions once made. */
  captionsUrl: z.string().nullable().optional(),
});

/** A video's preparation as the inbox polls it. */
export const videoState = z.object({
  /** processing | ready | unreadable | cancelled; null for media without a proxy job. */
  mediaState: z.enum(['processing', 'ready', 'unreadable', 'cancelled']).nullable(),
  jobStatus: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']).nullable(),
  /** 0..1 while the job runs. */
  progress: z.number().nullable(),
  /** ready | pending | none (no speech) | failed; null = no transcription. */
  captionState: z.enum(['ready', 'pending', 'none', 'failed']).nullable(),
  hasProxy: z.boolean(),
  hasThumbnail: z.boolean(),
  /** Display size of the proxy (rotation applied). */
  width: z.number().nullable(),
  height: z.number().nullable(),
});

/** The server's photo and video limits, so the upload page states what is enforced. */
export const mediaLimits = z.object({
  maxPhotoMb: z.number(),
  maxVideoMb: z.number(),
  /** Longest video or voice message, measured from its packets: signed in, and on the public link. */
  maxMediaMinutes: z.number(),
  maxPublicMediaMinutes: z.number(),
  /** A media job's time limit: base seconds plus seconds per second of media, at most the ceiling. */
  jobBaseSeconds: z.number(),
  jobSecondsPerMediaSecond: z.number(),
  jobMaxSeconds: z.number(),
});

export type VideoAnswerItem = z.infer<typeof videoAnswerItem>;
export type Media = z.infer<typeof media>;
export type InboxMedia = z.infer<typeof inboxMedia>;
export type SubmissionMedia = z.infer<typeof submissionMedia>;
export type MediaItem = z.infer<typeof mediaItem>;
export type VideoState = z.infer<typeof videoState>;
export type MediaLimits = z.infer<typeof mediaLimits>;

/** Body of the final tus response: the registered file, or the reason it was refused. */
export type UploadOutcome = { media: MediaItem } | { error: string; title: string; message: string };
