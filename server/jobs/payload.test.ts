import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../testing/harness';
import { POSTER_JOB } from '../uploads/service';
import { enqueue, jobStatus } from './queue';

describe.each(dialects)('job payloads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { listen: false });
  });
  afterAll(() => t.close());

  it('fails a job whose stored payload does not match its kind at once, with the reason', async () => {
    const id = await enqueue(t.app.db, POSTER_JOB, { mediaId: 'not a number' }, { maxAttempts: 3 });
    await t.app.jobs.drain();
    const status = await jobStatus(t.app.db, id);
    expect(status?.status).toBe('failed');
    expect(status?.attempts).toBe(1);
    expect(status?.error).toMatch(/bad payload for media\.poster: mediaId/);
  });
});
