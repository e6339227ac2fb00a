import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { texts } from '../../common/texts';
import type { Transcriber } from '../transcription/transcriber';
import { Counter, Gauge, Histogram, Registry } from './registry';

export type Metrics = ReturnType<typeof createMetrics>;

/** The event-loop delay is sampled by a timer of this interval. */
export const LOOP_SAMPLE_MS = 10;

/**
 * A percentile of monitorEventLoopDelay as a delay in milliseconds: its histogram holds the time
 * between the sampling timer's runs, the interval itself included, so an idle loop reads about
 * the interval; the delay is what lies beyond it.
 */
export function loopDelayMs(
  histogram: { percentile(p: number): number; max: number },
  percentile: number | 'max',
  intervalMs: number,
): number {
  const ns = percentile === 'max' ? histogram.max : histogram.percentile(percentile);
  return Math.max(0, ns / 1e6 - intervalMs);
}

/** What /metrics reports; the app's parts feed it (requests, jobs, transcriptions, uploads). */
export function createMetrics() {
  const registry = new Registry();
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loopDelay.enable();
  let jobDepth: () => Promise<{ kind: string; status: string; n: number }[]> = async () => [];
  return {
    registry,
    loopDelay,
    httpDuration: registry.add(
      new Histogram(
        'http_request_duration_seconds',
        'HTTP requests by method, route pattern and status.',
        [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      ),
    ),
    uploadBytes: registry.add(
      new Counter('content_upload_bytes_total', 'Bytes received by upload routes (tus chunks, voice messages).'),
    ),
    jobDuration: registry.add(
      new Histogram(
        'content_job_duration_seconds',
        'Background jobs run by this instance, by kind and outcome (ok, failed).',
        [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
      ),
    ),
    jobFailures: registry.add(
      new Counter('content_job_failures_total', 'Failed job attempts on this instance, by kind.'),
    ),
    jobs: registry.add(
      new Gauge('content_jobs', 'Jobs in the shared queue by kind and status (queued, running, failed).', async () =>
        (await jobDepth()).map((r) => ({ labels: { kind: r.kind, status: r.status }, value: r.n })),
      ),
    ),
    transcriptionSeconds: registry.add(
      new Histogram(
        'content_transcription_seconds',
        'Time spent transcribing, by transcriber and outcome.',
        [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
      ),
    ),
    transcribedAudioSeconds: registry.add(
      new Counter('content_transcribed_audio_seconds_total', 'Seconds of audio transcribed, by transcriber.'),
    ),
    eventLoopDelay: registry.add(
      new Gauge(
        'nodejs_eventloop_delay_seconds',
        'Event-loop delay since the previous scrape (p50, p99, max): how late a 10 ms timer ran.',
        () => {
          const values = [
            { labels: { quantile: '0.5' }, value: loopDelayMs(loopDelay, 50, LOOP_SAMPLE_MS) / 1000 },
            { labels: { quantile: '0.99' }, value: loopDelayMs(loopDelay, 99, LOOP_SAMPLE_MS) / 1000 },
            { labels: { quantile: 'max' }, value: loopDelayMs(loopDelay, 'max', LOOP_SAMPLE_MS) / 1000 },
          ];
          loopDelay.reset();
          return values;
        },
      ),
    ),
    memory: registry.add(
      new Gauge('process_resident_memory_bytes', 'Resident memory of the server process.', () => [
        { labels: {}, value: process.memoryUsage.rss() },
      ]),
    ),
    setJobDepth(read: typeof jobDepth) {
      jobDepth = read;
    },
  };
}

/** The transcriber with its time and audio length counted. */
export function meteredTranscriber(inner: Transcriber, metrics: Metrics): Transcriber {
  return {
    name: inner.name,
    available: () => inner.available(),
    async transcribe(audio, opts) {
      const started = performance.now();
      try {
        const result = await inner.transcribe(audio, opts);
        metrics.transcriptionSeconds.observe(
          { transcriber: inner.name, outcome: 'ok' },
          (performance.now() - started) / 1000,
        );
        const audioSeconds =
          audio.kind === 'pcm16' ? audio.data.length / audio.sampleRate : (result.segments.at(-1)?.end ?? 0);
        metrics.transcribedAudioSeconds.inc({ transcriber: inner.name }, audioSeconds);
        return result;
      } catch (error) {
        metrics.transcriptionSeconds.observe(
          { transcriber: inner.name, outcome: 'failed' },
          (performance.now() - started) / 1000,
        );
        throw error;
      }
    },
    // Local whisper keeps a worker thread that the app closes on shutdown.
    ...('close' in inner ? { close: () => (inner as { close: () => Promise<void> }).close() } : {}),
  } as Transcriber;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Feeds request durations and upload bytes into the metrics and serves them: GET /metrics on
 * the app's port with `Authorization: Bearer METRICS_TOKEN`, and/or a separate listener on
 * METRICS_LISTEN. With neither configured, /metrics does not exist (404).
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  metrics.setJobDepth(async () => {
    const rows = await app.db
      .selectFrom('jobs')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', ['queued', 'running', 'failed'])
      .groupBy(['kind', 'status'])
      .execute();
    return rows.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) }));
  });
  app.addHook('onClose', async () => metrics.loopDelay.disable());
  app.jobs.observe(({ kind, seconds, ok }) => {
    metrics.jobDuration.observe({ kind, outcome: ok ? 'ok' : 'failed' }, seconds);
    if (!ok) metrics.jobFailures.inc({ kind });
  });

  // Measured on the raw response, so routes that answer themselves (tus) are counted too.
  app.addHook('onRequest', async (request, reply) => {
    const started = performance.now();
    reply.raw.once('close', () => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.raw.writableFinished ? String(reply.raw.statusCode) : 'aborted';
      metrics.httpDuration.observe({ method: request.method, route, status }, (performance.now() - started) / 1000);
      if (route.startsWith('/api/uploads') && (request.method === 'PATCH' || request.method === 'POST')) {
        const received =
          Number(reply.raw.getHeader('upload-offset') ?? 0) - Number(request.headers['upload-offset'] ?? 0);
        if (received > 0) metrics.uploadBytes.inc({ route: '/api/uploads' }, received);
      } else if (route.endsWith('/voice-message') && reply.raw.statusCode < 300) {
        metrics.uploadBytes.inc({ route }, Number(request.headers['content-length'] ?? 0));
      }
    });
  });

  const { METRICS_TOKEN, METRICS_LISTEN } = app.config;
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    if (!METRICS_TOKEN) return reply.status(404).send({ error: 'not_found', message: texts.common.notFound });
    if (!tokenMatches(request.headers.authorization, METRICS_TOKEN))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'unauthenticated', message: 'Bearer METRICS_TOKEN required' });
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await metrics.registry.render());
  });

  if (METRICS_LISTEN) {
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      const at = METRICS_LISTEN.lastIndexOf(':');
      const host = METRICS_LISTEN.slice(0, at).replace(/^\[|\]$/g, '');
      const port = Number(METRICS_LISTEN.slice(at + 1));
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        metrics.registry.render().then(
          (text) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
          (error) => {
            app.log.error({ err: error }, 'metrics failed');
            res.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(port, host, resolve));
      app.log.info(`metrics on http://${METRICS_LISTEN}/metrics`);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
}
