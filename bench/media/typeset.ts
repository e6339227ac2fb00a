// Typesetting and rendering limits (issues 39.6 and 37.3), through the app as an editor uses it:
// - a 30 s 9:16 clip with word-by-word captions (German text with long compounds) rendered by the
//   app's media job from a 1080p source: wall time as a ratio of real time (target ≤ 0.5×);
// - four hostile quote cards (390 combining marks each, Arabic, Hebrew, emoji, a bidi override)
//   requested at once: /api/health p99 (target < 50 ms) and its longest answer (target ≤ 250 ms),
//   and the app's longest event-loop stall meanwhile.
// Run: npm run bench:typeset   (CLIP_SECONDS=30, CLIP_STYLE=words|plain)
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { api } from '../../server/testing/harness';
import { appWithVideo, mark, sourceVideo, timingFor } from './fixtures';

const CLIP = Number(process.env.CLIP_SECONDS ?? 30);
const STYLE = process.env.CLIP_STYLE === 'plain' ? 'plain' : 'words';
const dir = mkdtempSync(path.join(tmpdir(), 'bench-typeset-'));
const sentences = [
  'Ich bin Dr. Klaus Müller-Lüdenscheidt und leite z. B. die Prüfung.',
  'Unsere Windkraftanlagengetriebe brauchen Qualitätssicherungsmaßnahmen.',
  'Am 3. Mai beginnt die Abnahme, bzw. die Inbetriebnahme der Anlage.',
  'Dann weiß man, wofür man die vielen Nächte gerechnet hat.',
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

console.log(
  `Satz und Rendern, ${cpus().length} Kerne, Last ${loadavg()[0]!.toFixed(1)} beim Start, ${new Date().toISOString()}`,
);

const { t, cookie, id, mediaId } = await appWithVideo({
  source: sourceVideo(dir, CLIP + 2),
  seconds: CLIP + 2,
  timing: timingFor(CLIP + 1, sentences),
  captionsReady: true,
});

async function itemState(itemId: number): Promise<string> {
  const items = (await api(t, 'GET', `/api/content/${id}`, { cookie })).body.items as { id: number; state: string }[];
  return items.find((x) => x.id === itemId)?.state ?? 'missing';
}

// 1. The 30 s 9:16 clip through the media job.
{
  const started = performance.now();
  const item = await api(t, 'POST', `/api/content/${id}/clips`, {
    cookie,
    body: { mediaId, start: 0, end: CLIP, format: '9:16', captionStyle: STYLE },
  });
  if (item.status >= 300) throw new Error(`clip refused: ${JSON.stringify(item.body)}`);
  let state = 'queued';
  while (state !== 'ready' && state !== 'failed') {
    await new Promise((r) => setTimeout(r, 250));
    state = await itemState(item.body.id as number);
  }
  const seconds = (performance.now() - started) / 1000;
  const ratio = seconds / CLIP;
  console.log(
    `Clip 9:16, ${CLIP} s, Untertitel „${STYLE === 'words' ? 'Wort für Wort' : 'schlicht'}“ (${state}): ${seconds.toFixed(1)} s → ${ratio.toFixed(2)}× Echtzeit (Ziel ≤ 0.5) ${mark(ratio <= 0.5)}`,
  );
}

// 2. Four hostile cards at once, health polled meanwhile.
{
  const hostile = (i: number) =>
    `Z${'\u0301\u0327\u0308'.repeat(130)} ${['مرحبا', 'שלום', '😀🚀', 'Rechnung\u202Egpj.exe'][i]}`.slice(0, 400);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const latencies: number[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const h = performance.now();
      await fetch(`${t.url}/api/health`);
      latencies.push(performance.now() - h);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  // Batches of four at once, for at least 5 s, so health is asked often enough while they render.
  const started = performance.now();
  const statuses: number[] = [];
  let batches = 0;
  while (performance.now() - started < 5000) {
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        api(t, 'POST', `/api/content/${id}/cards`, {
          cookie,
          body: { format: i % 2 ? '1:1' : '4:5', quote: hostile(i), showName: false, photoMediaId: null },
        }),
      ),
    );
    statuses.push(...results.map((r) => r.status));
    batches++;
  }
  const cardsSeconds = (performance.now() - started) / 1000 / batches;
  // Health a little longer, as the last renders end.
  await new Promise((r) => setTimeout(r, 300));
  done = true;
  await poller;
  loop.disable();
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 0.99);
  const max = latencies.at(-1)!;
  console.log(
    `4 feindliche Karten gleichzeitig, ${batches}-mal (Antworten ${[...new Set(statuses)].join(', ')}): ${cardsSeconds.toFixed(2)} s je vier; /api/health p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (Ziel < 50) ${mark(p99 < 50)}, längste Antwort ${max.toFixed(1)} ms (Ziel ≤ 250) ${mark(max <= 250)}, n = ${latencies.length}`,
  );
  console.log(
    `Event-Loop der App dabei: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, längster Stillstand ${(loop.max / 1e6).toFixed(1)} ms`,
  );
}

await t.close();
console.log(`Last am Ende ${loadavg()[0]!.toFixed(1)}`);
