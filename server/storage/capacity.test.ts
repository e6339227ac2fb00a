import { afterEach, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../testing/harness';

/** How many storage probes a run of health checks costs: one per HEALTH_PROBE_MS, shared by concurrent checks. */
describe('health storage probe', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function counted(env: Record<string, string>) {
    t = await startTestApp('sqlite', env);
    const blobs = t.app.blobs;
    const healthy = blobs.healthy.bind(blobs);
    let probes = 0;
    blobs.healthy = async () => {
      probes++;
      return healthy();
    };
    return { t, probes: () => probes };
  }

  it('serves concurrent and repeated health checks from one probe within the interval', async () => {
    const { t, probes } = await counted({ HEALTH_PROBE_MS: '60000' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => api(t, 'GET', '/api/health')));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'ready')).toBe(true);
    for (let i = 0; i < 5; i++) expect((await api(t, 'GET', '/api/health')).status).toBe(200);
    expect(probes()).toBe(1);
  });

  it('after the interval answers at once with the last result and probes in the background', async () => {
    const { t, probes } = await counted({ HEALTH_PROBE_MS: '50' });
    expect((await api(t, 'GET', '/api/health')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 80));
    const blobs = t.app.blobs;
    const healthy = blobs.healthy;
    let release!: () => void;
    let finished: Promise<boolean> | null = null;
    // The next probe hangs until released: the check still answers, from the last result.
    blobs.healthy = () =>
      (finished = (async () => {
        await new Promise<void>((r) => (release = r));
        return healthy();
      })());
    expect((await api(t, 'GET', '/api/health')).body.status).toBe('ready');
    expect(probes()).toBe(1);
    expect(finished).not.toBeNull();
    release();
    await finished;
  });

  it('with HEALTH_PROBE_MS=0 probes on every check', async () => {
    const { t, probes } = await counted({ HEALTH_PROBE_MS: '0' });
    for (let i = 0; i < 3; i++) expect((await api(t, 'GET', '/api/health')).status).toBe(200);
    expect(probes()).toBe(3);
  });
});
