import { z } from 'zod';
import { texts } from '../texts';
import { createSubmission } from './submissions';

/** The code of /e/<code> as the path carries it (normalized and checked by the server). */
export const personalCodeParam = z.object({
  code: z.string(texts.personalLinks.unknown).min(10, texts.personalLinks.unknown).max(40, texts.personalLinks.unknown),
});

/** A submission made through a personal link: the link's tenant and person, the page's kind and topic. */
export const createPersonalSubmission = createSubmission.pick({ kind: true, topic: true, held: true });
