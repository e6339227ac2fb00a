import type { Wording } from '../../common/tenants';
import type { PostChannel } from '../../common/schemas/post';

/** One turn of the transcript, numbered from 1 as the prompt and the sources list show it. */
export type Passage = { index: number; speaker: 'interviewer' | 'user'; text: string };

/** Everything a draft may draw on: the submission's material, nothing else. */
export type Material = {
  tenantName: string;
  wording: Wording;
  topic: string | null;
  channel: PostChannel;
  /** Characters the channel allows (null: no limit worth naming). */
  limit: number | null;
  passages: Passage[];
  wAnswers: Partial<Record<'who' | 'what' | 'when' | 'where' | 'why', string>>;
  postLink: string | null;
  postDescription: string | null;
};

export type Draft = { text: string; sources: number[] };

export class DraftTimeout extends Error {}
export class DraftUnavailable extends Error {}

/**
 * Writes a post from the material, handing text to `onText` as it arrives. A model that takes
 * longer than the timeout throws DraftTimeout; one that fails throws DraftUnavailable.
 */
export type Drafter = {
  kind: 'model' | 'template';
  draft(material: Material, onText: (chunk: string) => void, signal?: AbortSignal): Promise<Draft>;
};
