import { interviewTopics } from '../tenants';

// Value lists of the schemas without zod: pages that only show or filter by them (the inbox list)
// import these, so zod stays out of their code.

export const submissionKinds = ['interview', 'voice', 'upload', 'description', 'document', 'video'] as const;
export const submissionStatuses = ['neu', 'in_bearbeitung', 'verwendet', 'verworfen'] as const;
export const listApprovalStates = ['pending', 'expired', 'approved', 'outdated', 'changes'] as const;
export type ListApprovalState = (typeof listApprovalStates)[number];
/** Counts and search hits stop at this many; beyond it the list says "mehr als 1.000". */
export const INBOX_COUNT_LIMIT = 1000;
/** Topics of a spoken interview: the tenants' topics, the general interview and the image plan. */
export const voiceTopics = [...interviewTopics, 'general', 'image'] as const;
