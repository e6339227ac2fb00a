import type { DraftEvent, PostChannel } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';
import { ApiError } from '../../lib/api';
import { ignoreFailure } from '../../../../common/best-effort';
import { apiUrl } from '../../api/client';

/** Asks for a draft and hands each NDJSON event to `onEvent` as it arrives. */
export async function streamDraft(
  contentId: number,
  channel: PostChannel,
  onEvent: (event: DraftEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(apiUrl('POST /posts/:contentId/:channel/draft', { contentId, channel }), {
      method: 'POST',
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, texts.common.serverUnavailable);
  }
  if (!res.ok || !res.body) {
    const body = await res.json().catch(ignoreFailure('read an error body', null, { level: 'debug', fallback: null }));
    throw new ApiError(res.status, body?.message ?? texts.common.internalError, body?.error);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(JSON.parse(line) as DraftEvent);
    }
    if (done) break;
  }
  if (buffer.trim()) onEvent(JSON.parse(buffer) as DraftEvent);
}
