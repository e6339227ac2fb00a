/** What a refused request means, whatever its HTTP status; the German sentence is in `message`. */
export type ErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many'
  | 'unavailable';

/**
 * The body of every error answer of the API, on the server (`server/http/errors.ts` and the hooks
 * beside it, the tus upload path) and in the browser (`web/src/lib/api.ts` reads it into an ApiError).
 */
export type ErrorBody = { error: ErrorCode | 'internal' | 'origin_refused'; message: string; title?: string };
