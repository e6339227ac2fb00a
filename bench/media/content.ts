// Content rendering (issue 29): a 30 s 9:16 clip with burned-in captions from a 1080p source and a
// 60 s audiogram as a ratio of real time, a quote card's time, the peak memory of each, and
// /api/health p99 while a clip renders through the app's media job.
// Run: npx tsx bench/media/content.ts   (CLIP_SECONDS, AUDIOGRAM_SECONDS to change the lengths)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay, performance as nodePerformance } from 'node:perf_hooks';
import path from 'node:path';
import { renderCard } from '../../server/content/card';
import { audiogramArgs, audiogramBackgroundPng } from '../../server/content/audiogram';
import { captionStyle, clipArgs, writeOverlays } from '../../server/content/clip';
import { readableBox } from '../../server/content/colour';
import { cuesFor, wordsOf } from '../../server/content/timing';
import { api } from '../../server/testing/harness';
import { appWithVideo, mark, sourceVideo, timingFor as timingOf } from './fixtures';

const CLIP = Number(process.env.CLIP_SECONDS ?? 30);
const AUDIOGRAM = Number(process.env.AUDIOGRAM_SECONDS ?? 60);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-content-'));
const brand = { colour: '#005ea8', logoPng: null, logoText: 'VDI', name: 'VDI' };
const sentences = [
  'Ich habe vor drei Jahren hier als Werkstudentin angefangen.',
  'Heute leite ich ein Team von zwölf Leuten, und das macht mir viel Freude.',
  'Wir entwickeln Anlagen, die Wasserstoff aus Sonnenstrom herstellen.',
  'Das Schönste ist, wenn eine Anlage zum ersten Mal läuft und alle im Raum stehen.',
  'Dann weiß man, wofür man die vielen Nächte gerechnet hat.',
];

const timingFor = (seconds: number) => timingOf(seconds, sentences);

/**
 * Runs ffmpeg under /usr/bin/time: wall seconds, CPU seconds (user + sys: what a loaded machine does
 * not change much) and peak RSS (MB).
 */
function timedFfmpeg(args: string[]): Promise<{ seconds: number; cpu: number; peakMb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%U %S %M', 'ffmpeg', '-hide_banner', '-nostdin', '-v', 'error', ...args],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(err));
      const [user, sys, kb] = err.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number];
      resolve({ seconds: (performance.now() - started) / 1000, cpu: user + sys, peakMb: kb / 1024 });
    });
  });
}

/** CPU seconds per second of output, and as a share of all cores for that second (the load-free lower bound of wall time). */
const cpuLine = (cpu: number, seconds: number) =>
  `CPU ${cpu.toFixed(1)} s (user+sys) = ${(cpu / seconds).toFixed(2)} CPU-s je Sekunde = ${(cpu / seconds / cpus().length).toFixed(2)}× Echtzeit bei ${cpus().length} freien Kernen`;
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

say(
  `Content-Rendering, ${cpus().length} Kerne, Last ${loadavg()[0]!.toFixed(1)} beim Start, ${new Date().toISOString()}`,
);

// Sources: 1080p H.264 with sound, and a spoken-length audio file.
const source = sourceVideo(dir, CLIP + 2);
const audio = path.join(dir, 'interview.ogg');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  `sine=f=220:d=${AUDIOGRAM + 1}`,
  '-af',
  'volume=0.5',
  '-c:a',
  'libopus',
  '-y',
  audio,
]);

// 1. Clip 9:16 with captions.
{
  const words = wordsOf(timingFor(CLIP + 1));
  const cues = cuesFor(words, 0, CLIP, captionStyle['9:16'].maxChars);
  const overlays = await writeOverlays(dir, '9:16', brand, cues);
  const r = await timedFfmpeg(
    clipArgs({
      source,
      start: 0,
      duration: CLIP,
      srcW: 1920,
      srcH: 1080,
      format: '9:16',
      overlays,
      hasAudio: true,
      out: path.join(dir, 'clip.mp4'),
    }),
  );
  const ratio = r.seconds / CLIP;
  say(
    `Clip 9:16 mit Untertiteln (${cues.length} Einblendungen), ${CLIP} s aus 1080p: ${r.seconds.toFixed(1)} s → ${ratio.toFixed(2)}× Echtzeit (Ziel ≤ 1.0) ${mark(ratio <= 1)}; ${cpuLine(r.cpu, CLIP)}; Spitzenspeicher ffmpeg ${r.peakMb.toFixed(0)} MB`,
  );
}

// 2. Audiogram 9:16, 60 s.
{
  const words = wordsOf(timingFor(AUDIOGRAM + 1));
  const cues = cuesFor(words, 0, AUDIOGRAM, captionStyle['9:16'].maxChars);
  const adir = mkdtempSync(path.join(dir, 'a-'));
  const overlays = await writeOverlays(adir, '9:16', brand, cues, true);
  const background = path.join(adir, 'bg.png');
  writeFileSync(background, await audiogramBackgroundPng('9:16', brand, 'inter', null, 'Erika Muster', 'Teamleiterin'));
  const r = await timedFfmpeg(
    audiogramArgs({
      source: audio,
      start: 0,
      duration: AUDIOGRAM,
      format: '9:16',
      background,
      colour: readableBox(brand.colour).text,
      overlays,
      audioFilter: 'anull',
      out: path.join(dir, 'audiogram.mp4'),
    }),
  );
  const ratio = r.seconds / AUDIOGRAM;
  say(
    `Audiogramm 9:16, ${AUDIOGRAM} s: ${r.seconds.toFixed(1)} s → ${ratio.toFixed(2)}× Echtzeit (Ziel ≤ 0.5) ${mark(ratio <= 0.5)}; ${cpuLine(r.cpu, AUDIOGRAM)}; Spitzenspeicher ffmpeg ${r.peakMb.toFixed(0)} MB`,
  );
}

// 3. Quote card (in process; resvg renders on the thread pool).
{
  const quote =
    'Heute leite ich ein Team von zwölf Leuten, und das macht mir jeden Tag Freude – vor allem, wenn eine neue Anlage zum ersten Mal läuft.';
  await renderCard({ format: '4:5', quote, name: 'Erika Muster', role: 'Teamleiterin', photo: null, brand });
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  let peak = rssBefore;
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await renderCard({
      format: i % 2 ? '1:1' : '4:5',
      quote,
      name: 'Erika Muster',
      role: 'Teamleiterin',
      photo: null,
      brand,
    });
    times.push(performance.now() - started);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  times.sort((a, b) => a - b);
  const worst = times.at(-1)! / 1000;
  say(
    `Zitatkarte 1080×1350 / 1080×1080: Median ${(times[5]! / 1000).toFixed(2)} s, langsamste ${worst.toFixed(2)} s (Ziel < 1) ${mark(worst < 1)}; RSS-Zuwachs ${((peak - rssBefore) / 1048576).toFixed(0)} MB`,
  );
}

// 4. /api/health p99 while the app renders a clip through its media job.
{
  const { t, cookie, id, mediaId } = await appWithVideo({
    source,
    seconds: CLIP + 2,
    timing: timingFor(CLIP + 1),
    consent: true,
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const eluBefore = nodePerformance.eventLoopUtilization();
  const started = performance.now();
  const item = await api(t, 'POST', `/api/content/${id}/clips`, {
    cookie,
    body: { mediaId, start: 0, end: CLIP, format: '9:16' },
  });
  const latencies: number[] = [];
  let state = 'queued';
  while (state !== 'ready' && state !== 'failed') {
    const h = performance.now();
    await fetch(`${t.url}/api/health`);
    latencies.push(performance.now() - h);
    await new Promise((r) => setTimeout(r, 50));
    if (latencies.length % 20 === 0)
      state = (
        (await api(t, 'GET', `/api/content/${id}`, { cookie })).body.items as { id: number; state: string }[]
      ).find((x) => x.id === item.body.id)!.state;
  }
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  const appCpu = process.cpuUsage(cpuBefore);
  const elu = nodePerformance.eventLoopUtilization(eluBefore);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
  say(
    `Clip über den Medien-Job der App (${state}): ${seconds.toFixed(1)} s → ${(seconds / CLIP).toFixed(2)}× Echtzeit; /api/health p99 ${p99.toFixed(1)} ms bei ${latencies.length} Abfragen (Ziel < 50) ${mark(p99 < 50)}`,
  );
  say(
    `Event-Loop-Verzögerung des App-Prozesses beim Rendern: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms (enthält die Wartezeit auf einen Kern)`,
  );
  say(
    `CPU des App-Prozesses (mit dem Mess-Client) beim Rendern: ${((appCpu.user + appCpu.system) / 1e6).toFixed(2)} s in ${seconds.toFixed(1)} s; Event-Loop ausgelastet ${(elu.utilization * 100).toFixed(1)} %`,
  );
  await t.close();
}

say(`Last am Ende ${loadavg()[0]!.toFixed(1)}`);
