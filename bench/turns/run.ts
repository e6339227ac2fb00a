/**
 * Turn-taking of the built-in interviewer, measured on a corpus generated here (espeak-ng voices at
 * several speeds, sox pauses/noise/phone band; see server/interview/testing/corpus.ts). Each answer is
 * streamed in real time over the same WebSocket the page uses, one interview per answer, several at
 * once. Per condition it prints false cuts, missed ends, latency after the end and CPU.
 *
 *   npx tsx bench/turns/run.ts                     loopback speech server (answers with the clip's words)
 *   BENCH_TRANSCRIBER=local npx tsx bench/turns/run.ts   local whisper with the test model from the repo
 *   BENCH_QUICK=1 …                                 the targets' four conditions (quiet, pink/brown/babble 10 dB), a share of
 *                                                   every kind of answer: 108 answers, about 5–6 minutes at 6 at once
 *   BENCH_PATIENCE=normal …                         the interviewer's patience (default: patient, the interview default)
 *   BENCH_CONDITIONS='pink 10 dB' …                 only these conditions (also with BENCH_QUICK)
 *   BENCH_DEBUG=1 …                                 every cut, late or missed case: the words heard and each turn the
 *                                                   server's detector ended (where, silence counted, the wait it reached)
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { encodeChunk, USER_CHUNK_MS } from '../../common/interview/audio';
import { startFakeOpenAI } from '../../server/testing/fake-openai';
import { addUser, api, login, startTestApp } from '../../server/testing/harness';
import { decodeWav } from '../../server/interview/audio';
import { turnDiagnostics, voiceStats } from '../../server/interview/agent';
import { ProtocolClient } from '../../server/interview/testing/protocol-client';
import { locate, RATE, transcriptOf, type Clip } from '../../server/interview/testing/corpus';
import { benchCases, allConditions, pct, printTable, table, type Case, type Outcome } from './corpus';
import { bumpTenantVersion } from '../../server/tenants/registry';
import { TurnDetector } from '../../server/interview/turns';
import { createClassifier } from '../../server/interview/vad';

const quick = process.env.BENCH_QUICK === '1';
const local = process.env.BENCH_TRANSCRIBER === 'local';
const parallel = Number(process.env.BENCH_PARALLEL ?? 6);
/** As the built-in interviewer's page sends them (web/src/features/interview/builtinAgent.ts). */
const CHUNK_MS = Number(process.env.BENCH_CHUNK_MS ?? USER_CHUNK_MS);

const only = process.env.BENCH_CONDITIONS?.split(/,(?! )/);
const conditions = local
  ? allConditions.slice(0, 1)
  : quick
    ? allConditions.filter(
        (c) =>
          ['quiet', 'pink 10 dB', 'brown 10 dB', 'babble 10 dB'].includes(c.name) && (!only || only.includes(c.name)),
      )
    : only
      ? allConditions.filter((c) => only.includes(c.name))
      : allConditions;
const cases: Case[] = benchCases(
  conditions,
  local
    ? { unfinished: 2, finished: 1 }
    : quick
      ? { unfinished: 3, finished: 1, between: 2, singles: 3, stories: 2 }
      : undefined,
);
console.log(
  `corpus: ${cases.length} answers in ${conditions.length} conditions; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the start`,
);

// The detector alone, as fast as it runs: CPU seconds per second of audio = share of one core per interview.
const probe = cases[0]!.clip;
const detector = new TurnDetector({ classifier: await createClassifier() });
const cpuBefore = process.cpuUsage();
for (let i = 0; i < probe.samples.length; i += 4000) await detector.push(probe.samples.subarray(i, i + 4000));
const cpu = process.cpuUsage(cpuBefore);
const detectorShare = (cpu.user + cpu.system) / 1000 / ((probe.samples.length / RATE) * 1000);

// The speech server answers with the words of the clip the audio was cut from.
const active = new Map<string, Clip>();
const heard = new Map<string, string[]>();
const whisper = await startFakeOpenAI({
  text: (req) => {
    const samples = decodeWav(req.file).samples;
    for (const clip of active.values()) {
      const text = transcriptOf([clip], samples);
      if (text) heard.set(clip.id, [...(heard.get(clip.id) ?? []), `${(samples.length / RATE).toFixed(2)}s:${text}`]);
      if (text) return text;
    }
    return '';
  },
});
// BENCH_DEBUG: each turn the server's detector ended, found in its clip (where, what it had counted).
const ends = new Map<string, string[]>();
/** BENCH_DEBUG: each end the server's detector decided: its position in the clip (samples) and the wall clock then. */
const decided = new Map<string, { at: number; wall: number }[]>();
if (process.env.BENCH_DEBUG)
  turnDiagnostics.onTurnEnd = (turn) => {
    for (const clip of active.values()) {
      const range = locate(clip, turn.samples);
      if (!range) continue;
      decided.set(clip.id, [
        ...(decided.get(clip.id) ?? []),
        { at: range.start + turn.samples.length, wall: Date.now() },
      ]);
      const end = ((range.start + turn.samples.length) / RATE).toFixed(2);
      const voiceEnd = ((range.start + turn.samples.length - (turn.position - turn.voiceEnd)) / RATE).toFixed(2);
      ends.set(clip.id, [
        ...(ends.get(clip.id) ?? []),
        `ended at ${end} s (voice end ${voiceEnd} s): ${turn.verdict}, silence ${turn.silenceMs} of ${turn.waitMs} ms, "${turn.text ?? ''}"`,
      ]);
      return;
    }
  };
const dataDir = mkdtempSync(path.join(tmpdir(), 'turns-bench-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
if (local) {
  mkdirSync(path.join(dataDir, 'models'), { recursive: true });
  copyFileSync(
    path.join(import.meta.dirname, '../../server/transcription/testing/for-tests-ggml-tiny.bin'),
    path.join(dataDir, 'models', 'ggml-base.bin'),
  );
  Object.assign(env, { TRANSCRIBER: 'local' });
} else {
  Object.assign(env, { TRANSCRIBER: 'openai', OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'sk-bench' });
}
const t = await startTestApp('sqlite', env);
await addUser(t.app, 'bench@example.de', 'vdi_admin');
// The interviewer's patience for the topic the bench interviews in.
const patience = process.env.BENCH_PATIENCE ?? 'patient';
await t.app.db
  .updateTable('tenants')
  .set({ interview_patience: JSON.stringify({ 'engineering-path': patience }) })
  .where('key', '=', 'vdi')
  .execute();
await bumpTenantVersion(t.app.db);
console.log(`patience: ${patience}`);
const cookie = await login(t, 'bench@example.de');

type Result = Case & {
  firstQuestion: number | null;
  answerEnd: number;
  interruption: number | null;
  speechStart: number;
  start: number;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function run(c: Case): Promise<Result> {
  const res = await api(t, 'GET', '/api/voice/signed-url?tenant=vdi&topic=engineering-path', { cookie });
  const client = await ProtocolClient.connect(res.body.signedUrl);
  await client.until(() => client.of('agent_response').length === 1, 30_000);
  const openingEvent = client.of('agent_response')[0]!.agent_response_event.event_id;
  active.set(c.clip.id, c.clip);
  // Real time: chunk k leaves at start + (k + 1) × CHUNK_MS, when its last sample has been "spoken".
  const step = (RATE * CHUNK_MS) / 1000;
  const start = Date.now();
  for (let k = 0; k * step < c.clip.samples.length; k++) {
    await sleep(start + (k + 1) * CHUNK_MS - Date.now());
    const part = c.clip.samples.subarray(k * step, (k + 1) * step);
    const bytes = encodeChunk(part, { encoding: 'pcm', sampleRate: RATE });
    client.send({ user_audio_chunk: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') });
  }
  await sleep(500);
  active.delete(c.clip.id);
  const wall = (sample: number) => start + (sample / RATE) * 1000;
  const question = client.messages.find(
    (m) =>
      (m.type === 'audio' && m.audio_event.event_id > openingEvent) ||
      (m.type === 'agent_response' && m.agent_response_event.event_id > openingEvent),
  );
  const interruption = client.of('interruption')[0];
  client.close();
  return {
    ...c,
    firstQuestion: question ? question.receivedAt : null,
    answerEnd: wall(c.clip.answerEnd),
    interruption: interruption?.receivedAt ?? null,
    speechStart: wall(c.clip.phrases[0]!.start),
    start,
  };
}

const results: Result[] = [];
const queue = [...cases];
const wallStart = Date.now();
const cpuStart = process.cpuUsage();
let interviewMs = 0;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const began = Date.now();
      results.push(await run(c));
      interviewMs += Date.now() - began;
      process.stdout.write('.');
    }
  }),
);
const liveCpu = process.cpuUsage(cpuStart);
if (process.env.BENCH_DEBUG) {
  for (const r of results.filter(
    (r) =>
      (r.firstQuestion !== null && r.firstQuestion < r.answerEnd && !(r.kind === 'finished' && r.pause >= 0.5)) ||
      r.firstQuestion === null ||
      r.firstQuestion - r.answerEnd > 1200,
  )) {
    const at = (x: number) => ((x - (r.answerEnd - (r.clip.answerEnd / RATE) * 1000)) / 1000).toFixed(2);
    console.log(
      `\ncase ${r.clip.id} ${r.kind} pause ${r.pause}: question at ${r.firstQuestion === null ? 'none' : at(r.firstQuestion)} s; first part ${(r.clip.phrases[0]!.start / RATE).toFixed(2)}–${(r.clip.pauseStart / RATE).toFixed(2)}, second ${(r.clip.pauseEnd / RATE).toFixed(2)}–${(r.clip.answerEnd / RATE).toFixed(2)}; heard ${JSON.stringify(heard.get(r.clip.id))}\n  ${(ends.get(r.clip.id) ?? ['no turn ended']).join('\n  ')}`,
    );
  }
  // From the detector's decision (as the clip's audio time) to the question at the client: the
  // server's own lag (frames waiting in a busy event loop) plus the reply and the socket.
  const parts = results.flatMap((r) => {
    const end = decided.get(r.clip.id)?.find((d) => d.at >= r.clip.answerEnd);
    if (!end || r.firstQuestion === null) return [];
    return [{ lag: end.wall - (r.start + (end.at / RATE) * 1000), reply: r.firstQuestion - end.wall }];
  });
  const show = (xs: number[]) =>
    `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, max ${pct(xs, 100).toFixed(0)} ms`;
  console.log(
    `\nfrom the audio that decided an end to its decision: ${show(parts.map((p) => p.lag))}; from the decision to the question at the client: ${show(parts.map((p) => p.reply))} (n=${parts.length})`,
  );
}
// What the server process holds after these interviews (every one of them has ended): a session
// that stays referenced after its end (a timer) shows up here.
global.gc?.();
const memory = process.memoryUsage();
console.log(
  `\nmemory after ${results.length} interviews: heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MB, external ${(memory.external / 2 ** 20).toFixed(0)} MB, rss ${(memory.rss / 2 ** 20).toFixed(0)} MB${global.gc ? ' (after a full GC)' : ''}`,
);
console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (2 cores; real-time audio suffers above ~2)`,
);
console.log(
  `${results.length} interviews in ${Math.round((Date.now() - wallStart) / 1000)} s, ${parallel} at once; transcriber: ${t.app.transcriber.name}${local ? ' (test model)' : ' (loopback, words of the clip)'}`,
);

// The question's arrival as a position in the clip's samples (the clip is spoken in real time from `start`).
const outcomes: Outcome[] = results.map((r) => ({
  ...r,
  questionAt: r.firstQuestion === null ? null : Math.round(((r.firstQuestion - r.start) / 1000) * RATE),
  bargeInMs: r.interruption === null ? null : r.interruption - r.speechStart,
}));
printTable(
  table(
    outcomes,
    conditions.map((c) => c.name),
  ),
);
console.log(
  `detector (Silero VAD + gate), measured alone: ${(detectorShare * 100).toFixed(2)} % of one core per interview`,
);
console.log(
  `detector in the live runs: ${((voiceStats.classifierMs / Math.max(1, voiceStats.audioMs)) * 100).toFixed(2)} % of one core per interview (wall time in the model, busy machine)`,
);
console.log(
  `whole server process (agent, transcription client, speech synthesis excluded), live: ${(((liveCpu.user + liveCpu.system) / 1000 / Math.max(1, interviewMs)) * 100).toFixed(1)} % of one core per interview`,
);
await t.close();
await whisper.close();
process.exit(0);
