import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBMISSION_TOKEN_HEADER } from '../../../common/submission-token';
import { texts } from '../../../common/texts';
import { localServer } from '../testing/local-server';
import { installStorage } from '../testing/memory-storage';
import { ApiError, request, submissionHeaders } from './api';
import { setSubmissionToken } from './storage';

let server: Awaited<ReturnType<typeof localServer>>;
let reply: { status: number; body: string };

beforeEach(async () => {
  installStorage();
  reply = { status: 200, body: '{"ok":true}' };
  server = await localServer((_req, res) => {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body);
  });
});
afterEach(() => server.close());

describe('API requests of the web', () => {
  it('sends JSON and returns the answer', async () => {
    await expect(request('PUT', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(server.seen[0]).toMatchObject({ method: 'PUT', url: '/api/x', body: '{"a":1}' });
    expect(server.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it("shows the server's German message and title when it refuses", async () => {
    reply = {
      status: 400,
      body: JSON.stringify({ error: 'bad', title: 'Ungültig', message: 'Bitte prüfen Sie das Feld.' }),
    };
    const error = await request('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Bitte prüfen Sie das Feld.', code: 'bad', title: 'Ungültig' });
    expect((error as ApiError).unreachable).toBe(false);
  });

  it('a failure without a readable body still says something in German', async () => {
    reply = { status: 500, body: '<html>Internal</html>' };
    await expect(request('GET', '/api/x', undefined)).rejects.toMatchObject({
      status: 500,
      message: texts.common.internalError,
    });
  });

  it('a gateway that cannot reach the app counts as unreachable (the flows keep a local draft)', async () => {
    reply = { status: 503, body: '' };
    const error = (await request('GET', '/api/x', undefined).catch((e: unknown) => e)) as ApiError;
    expect(error.unreachable).toBe(true);
  });

  it('no server at all: status 0 and "Der Server ist nicht erreichbar"', async () => {
    const error = (await request('GET', 'http://127.0.0.1:1/api/x', undefined).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.unreachable).toBe(true);
    expect(error.message).toBe(texts.common.serverUnavailable);
  });

  it("proves an anonymous submission with this browser's token, and only for that submission", async () => {
    setSubmissionToken(12, 'geheim');
    await request('PUT', '/api/submissions/12/transcript', { transcript: 'x' }, { contentId: 12 });
    await request('PUT', '/api/submissions/13/transcript', { transcript: 'x' }, { contentId: 13 });
    expect(server.seen[0]?.headers[SUBMISSION_TOKEN_HEADER]).toBe('geheim');
    expect(server.seen[1]?.headers[SUBMISSION_TOKEN_HEADER]).toBeUndefined();
    expect(submissionHeaders(undefined)).toEqual({});
  });

  it('a GET carries no body and no JSON content type', async () => {
    await request('GET', '/api/x', undefined);
    expect(server.seen[0]?.body).toBe('');
    expect(server.seen[0]?.headers['content-type']).toBeUndefined();
  });
});
