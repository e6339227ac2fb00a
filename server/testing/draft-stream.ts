import type { DraftEvent } from '../../common/schemas/post';

/** Asks the app for a post draft and reads its NDJSON stream (or the German refusal). */
export async function readDraft(
  url: string,
  cookie: string,
  origin: string,
): Promise<{ status: number; events: DraftEvent[] }> {
  const res = await fetch(url, { method: 'POST', headers: { cookie, origin } });
  const text = await res.text();
  if (!res.ok) return { status: res.status, events: [{ type: 'error', message: JSON.parse(text).message }] };
  return {
    status: res.status,
    events: text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l)),
  };
}
