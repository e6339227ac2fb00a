import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localServer } from '../../testing/local-server';
import { installStorage } from '../../testing/memory-storage';
import { waitForTranscript } from './recording-upload';

let server: Awaited<ReturnType<typeof localServer>> | undefined;
beforeEach(() => {
  installStorage();
});
afterEach(() => server?.close());

/** A server answering the status requests in turn with these (status, body) pairs; the last repeats. */
async function answering(...answers: [number, object][]) {
  let n = 0;
  server = await localServer((_req, res) => {
    const [status, body] = answers[Math.min(n++, answers.length - 1)] ?? [500, {}];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return server;
}

describe('waiting for the transcription of a voice message', () => {
  it('asks until the text is there, reporting each state, and rides out a short outage', async () => {
    const s = await answering(
      [200, { jobId: 4, status: 'running' }],
      [503, { message: 'Wartung' }],
      [200, { jobId: 4, status: 'done', text: 'Mein Weg zur Technik' }],
    );
    const states: string[] = [];
    const result = await waitForTranscript('9', 4, (st) => states.push(st), new AbortController().signal);
    expect(result).toMatchObject({ status: 'done', text: 'Mein Weg zur Technik' });
    expect(states).toEqual(['running', 'done']);
    expect(s.seen.map((r) => r.url)).toEqual(Array(3).fill('/api/submissions/9/transcriptions/4'));
  });

  it('a transcription that failed for good ends the wait with its German message', async () => {
    await answering([200, { jobId: 4, status: 'failed', message: 'Die Aufnahme ist leer.' }]);
    await expect(waitForTranscript('9', 4, () => {}, new AbortController().signal)).resolves.toMatchObject({
      status: 'failed',
      message: 'Die Aufnahme ist leer.',
    });
  });

  it("a refusal (not this browser's submission) ends the wait instead of asking forever", async () => {
    await answering([403, { error: 'forbidden', message: 'Kein Zugriff auf diesen Inhalt.' }]);
    await expect(waitForTranscript('9', 4, () => {}, new AbortController().signal)).rejects.toMatchObject({
      status: 403,
      message: 'Kein Zugriff auf diesen Inhalt.',
    });
  });

  it('leaving the page stops the asking', async () => {
    const s = await answering([200, { jobId: 4, status: 'queued' }]);
    const abort = new AbortController();
    const waiting = waitForTranscript('9', 4, () => abort.abort(), abort.signal);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(s.seen).toHaveLength(1);
  });
});
