import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../jobs/queue';
import { createUpload, patchUpload } from '../uploads/testing/tus';
import { startFakeOpenAI, type FakeOpenAI } from '../testing/fake-openai';
import { addUser, api, login, startTestApp, type TestApp } from '../testing/harness';
import { freePort } from '../testing/server-process';
import { germanSpeech } from '../transcription/test-audio';
import { readFileSync } from 'node:fs';

const TOKEN = 'metrics-token-0123456789';

/** The value of the first sample line that starts with `prefix` (name and labels). */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ text: 'Hallo, ich baue Brücken.' });
    t = await startTestApp('sqlite', {
      METRICS_TOKEN: TOKEN,
      TRANSCRIBER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const scrape = async (authorization?: string) => {
    const res = await fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('wants the bearer token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer falsch-falsch-falsch-12')).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('reports request durations by route, upload bytes, jobs, failures, transcription time and event-loop delay', async () => {
    await api(t, 'GET', '/api/health');
    await addUser(t.app, 'redaktion@example.de', 'admin');
    const cookie = await login(t, 'redaktion@example.de');
    const { contentId } = (await api(t, 'POST', '/api/submissions', { cookie, body: { tenant: 'vdi', kind: 'voice' } }))
      .body;

    const note = Buffer.from('Eine Notiz für die Redaktion.\n'.repeat(100));
    const upload = await createUpload(t, {
      size: note.length,
      contentId,
      page: 'upload',
      filename: 'notiz.txt',
      headers: { cookie },
    });
    await patchUpload(upload.location!, 0, note.subarray(0, 1000), { cookie });
    await patchUpload(upload.location!, 1000, note.subarray(1000), { cookie });

    const speech = readFileSync(germanSpeech('Hallo, ich baue Brücken.').wav);
    const voice = await fetch(`${t.url}/api/submissions/${contentId}/voice-message`, {
      method: 'POST',
      headers: { 'content-type': 'audio/wav', origin: t.url, cookie },
      body: new Uint8Array(speech),
    });
    expect(voice.status).toBe(202);

    t.app.jobs.register('metrics-test-fails', async () => {
      throw new Error('kaputt');
    });
    await enqueue(t.app.db, 'metrics-test-fails', {}, { maxAttempts: 1 });
    await enqueue(t.app.db, 'metrics-test-waits', {});
    await t.app.jobs.drain();

    const { text } = await scrape(`Bearer ${TOKEN}`);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket{method="GET",route="/api/health",status="200",le="+Inf"}'),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/submissions",status="201"}'),
    ).toBe(1);
    expect(sample(text, 'content_upload_bytes_total{route="/api/uploads"}')).toBe(note.length);
    expect(sample(text, 'content_upload_bytes_total{route="/api/submissions/:contentId/voice-message"}')).toBe(
      speech.length,
    );
    expect(sample(text, 'content_jobs{kind="metrics-test-waits",status="queued"}')).toBe(1);
    expect(sample(text, 'content_jobs{kind="metrics-test-fails",status="failed"}')).toBe(1);
    expect(sample(text, 'content_job_failures_total{kind="metrics-test-fails"}')).toBe(1);
    expect(sample(text, 'content_job_duration_seconds_count{kind="transcribe-voice-message",outcome="ok"}')).toBe(1);
    expect(sample(text, 'content_transcription_seconds_count{transcriber="openai",outcome="ok"}')).toBe(1);
    expect(sample(text, 'content_transcription_seconds_sum{transcriber="openai",outcome="ok"}')).toBeGreaterThan(0);
    for (const q of ['0.5', '0.99', 'max'])
      expect(sample(text, `nodejs_eventloop_delay_seconds{quantile="${q}"}`)).toBeGreaterThanOrEqual(0);
    // The loop held for 80 ms: the next scrape reports a delay of at least 60 ms (beyond the 10 ms
    // interval). The first timer run after a scrape only starts the histogram's clock.
    await new Promise((r) => setTimeout(r, 30));
    const held = performance.now();
    while (performance.now() - held < 80);
    await new Promise((r) => setTimeout(r, 30));
    expect(
      sample((await scrape(`Bearer ${TOKEN}`)).text, 'nodejs_eventloop_delay_seconds{quantile="max"}'),
    ).toBeGreaterThanOrEqual(0.06);
    expect(text).toMatch(/# TYPE http_request_duration_seconds histogram/);
  });
});

describe('/metrics switched off or on its own listener', () => {
  it('does not exist without METRICS_TOKEN or METRICS_LISTEN', async () => {
    const t = await startTestApp('sqlite');
    try {
      expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('serves METRICS_LISTEN without a token, and not the app port', async () => {
    const port = await freePort();
    const t = await startTestApp('sqlite', { METRICS_LISTEN: `127.0.0.1:${port}` });
    try {
      await api(t, 'GET', '/api/health');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(
        sample(await res.text(), 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
      ).toBe(1);
      expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
