import { afterEach, describe, expect, it } from 'vitest';
import type { DraftEvent } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';
import { localServer } from '../../testing/local-server';
import { streamDraft } from './draftStream';

let server: Awaited<ReturnType<typeof localServer>> | undefined;
afterEach(() => server?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the streamed post draft', () => {
  it('hands over each event as it arrives, also when a line is split across chunks', async () => {
    server = await localServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"type":"start","kind":"model"}\n{"type":"delta","text":"Hal');
      await pause(20);
      res.write('lo"}\n{"type":"delta","text":" Welt"}\n\n');
      await pause(20);
      // The last event without a closing newline still counts.
      res.end('{"type":"done","sources":[]}');
    });
    const events: unknown[] = [];
    await streamDraft(5, 'linkedin', (e) => events.push(e));
    expect(events).toEqual([
      { type: 'start', kind: 'model' },
      { type: 'delta', text: 'Hallo' },
      { type: 'delta', text: ' Welt' },
      { type: 'done', sources: [] },
    ]);
    expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/api/posts/5/linkedin/draft' });
  });

  it("a refusal shows the server's German message", async () => {
    server = await localServer((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'busy', message: 'Es wird bereits ein Entwurf erstellt.' }));
    });
    await expect(streamDraft(5, 'linkedin', () => {})).rejects.toMatchObject({
      status: 409,
      message: 'Es wird bereits ein Entwurf erstellt.',
      code: 'busy',
    });
  });

  it('a refusal without a body says the German fallback', async () => {
    server = await localServer((_req, res) => {
      res.writeHead(500);
      res.end();
    });
    await expect(streamDraft(5, 'linkedin', () => {})).rejects.toMatchObject({ message: texts.common.internalError });
  });

  it('a cancelled draft stops with an AbortError, not with "Server nicht erreichbar"', async () => {
    server = await localServer(async (_req, res) => {
      await pause(500);
      res.end();
    });
    const abort = new AbortController();
    const running = streamDraft(5, 'linkedin', (_e: DraftEvent) => {}, abort.signal);
    abort.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});
