import { SUBMISSION_TOKEN_HEADER } from '../../../common/submission-token';
import { texts } from '../../../common/texts';
import { getSubmissionToken } from './storage';
import type { ErrorBody } from '../../../common/contracts/errors';
import { readJson } from './read-json';

/** A failed API call, with the server's German message. status 0 = server unreachable. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly title?: string,
  ) {
    super(message);
  }
  get unreachable() {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export type Options = { contentId?: string | number; signal?: AbortSignal; headers?: Record<string, string> };

export function submissionHeaders(contentId: string | number | undefined): Record<string, string> {
  const token = contentId !== undefined ? getSubmissionToken(contentId) : null;
  return token ? { [SUBMISSION_TOKEN_HEADER]: token } : {};
}

export async function request<T>(method: string, path: string, body: unknown, opts: Options = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...submissionHeaders(opts.contentId),
        ...opts.headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: opts.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, texts.common.serverUnavailable);
  }
  const json = (await readJson(res)) as Partial<ErrorBody> | null;
  if (!res.ok) throw new ApiError(res.status, json?.message ?? texts.common.internalError, json?.error, json?.title);
  return json as T;
}
