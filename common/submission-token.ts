/** Header by which an anonymous browser proves it created a submission. */
export const SUBMISSION_TOKEN_HEADER = 'x-submission-token';
