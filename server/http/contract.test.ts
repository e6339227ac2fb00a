import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endpointUrl } from '../../common/contracts/endpoint';
import { installResponseCheck, serve } from './contract';

describe('endpoint table', () => {
  it('registers a route from its key and fails an answer that does not match its schema', async () => {
    const app = Fastify({ logger: false });
    installResponseCheck(app);
    const valid = {
      maxPhotoMb: 20,
      maxVideoMb: 500,
      maxMediaMinutes: 120,
      maxPublicMediaMinutes: 15,
      jobBaseSeconds: 120,
      jobSecondsPerMediaSecond: 4,
      jobMaxSeconds: 7200,
    };
    let limits: unknown = valid;
    serve(app, 'GET /media/limits', async () => limits as typeof valid);
    const good = await app.inject({ method: 'GET', url: '/api/media/limits' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual(valid);
    limits = { maxPhotoMb: '20' };
    const bad = await app.inject({ method: 'GET', url: '/api/media/limits' });
    expect(bad.statusCode).toBe(500);
    await app.close();
  });

  it('parses the request with the schemas of the table', async () => {
    const app = Fastify({ logger: false });
    serve(app, 'GET /media/:mediaId/video-state', async (_request, _reply, input) => {
      const { mediaId } = input.params();
      return {
        mediaState: null,
        jobStatus: null,
        progress: mediaId,
        captionState: null,
        hasProxy: false,
        hasThumbnail: false,
        width: null,
        height: null,
      };
    });
    const res = await app.inject({ method: 'GET', url: '/api/media/7/video-state' });
    expect(res.json().progress).toBe(7);
    expect((await app.inject({ method: 'GET', url: '/api/media/x/video-state' })).statusCode).toBe(500);
    await app.close();
  });

  it('builds URLs with encoded params and without empty query values', () => {
    expect(endpointUrl('GET /inbox/:contentId', { contentId: 12 })).toBe('/api/inbox/12');
    expect(endpointUrl('GET /tenants/:key' as 'GET /inbox/:contentId', { key: 'a b/c' })).toBe(
      '/api/tenants/a%20b%2Fc',
    );
    expect(endpointUrl('GET /inbox', undefined, { q: 'x y', kind: '', status: undefined })).toBe('/api/inbox?q=x+y');
    expect(() => endpointUrl('GET /inbox/:contentId', {})).toThrow();
  });
});
