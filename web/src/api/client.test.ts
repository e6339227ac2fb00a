import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localServer } from '../testing/local-server';
import { installStorage } from '../testing/memory-storage';
import { apiUrl, call } from './client';

let server: Awaited<ReturnType<typeof localServer>>;
beforeEach(async () => {
  installStorage();
  server = await localServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
afterEach(() => server.close());

describe('calls of the endpoint table', () => {
  it('fills the path parameters and sends the body of a PUT', async () => {
    await call('PUT /submissions/:contentId/transcript', { params: { contentId: 9 }, body: { transcript: 'Hallo' } });
    expect(server.seen[0]).toMatchObject({
      method: 'PUT',
      url: '/api/submissions/9/transcript',
      body: '{"transcript":"Hallo"}',
    });
  });

  it('a filter leaves out what the editor left empty (the inbox shows all, not "nothing matches")', async () => {
    await call('GET /inbox', { query: { tenant: 'bank', q: '', kind: undefined, status: 'new' } });
    expect(server.seen[0]?.url).toBe('/api/inbox?tenant=bank&status=new');
    expect(server.seen[0]?.body).toBe('');
  });

  it('a search with spaces and umlauts reaches the server intact', async () => {
    await call('GET /inbox', { query: { q: 'Größe & Weg' } });
    expect(new URL(server.origin + (server.seen[0]?.url ?? '')).searchParams.get('q')).toBe('Größe & Weg');
  });

  it('a POST without body still sends JSON (the server parses every POST)', async () => {
    await call('POST /submissions/:contentId/release', { params: { contentId: 3 } });
    expect(server.seen[0]).toMatchObject({ method: 'POST', url: '/api/submissions/3/release', body: '{}' });
  });

  it('a link to a file escapes its parameters, so an id cannot reach another path', () => {
    expect(apiUrl('GET /media/:mediaId/file', { mediaId: 5 }, { download: '1' })).toBe('/api/media/5/file?download=1');
    expect(apiUrl('GET /media/:mediaId/file', { mediaId: '../x' as unknown as number })).toBe('/api/media/..%2Fx/file');
  });
});
