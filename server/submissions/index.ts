/** The front door of server/submissions: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { loadOwnedSubmission } from './caller';
export { attachFile, blobKey, nameWithType, safeFileName } from './files';
export { findSubmission, listMedia } from './queries';
export { createSubmission, type Submission } from './service';
export { CORRECTION_JOB, type CorrectionJob, correctionJob, saveTranscript } from './transcripts';
