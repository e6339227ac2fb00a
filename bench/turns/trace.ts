/**
 * The turn detector alone on the bench corpus, faster than real time, with a trace of every case
 * that goes wrong: per frame the speech probability, the gate and the silence count, and every
 * judgement and end. Deterministic in audio time: the words of a pause come `TRACE_JUDGE_MS` of
 * audio after the pause was judged, and the detector's clock is the audio pushed so far, so the
 * figures do not depend on the machine's load. `run.ts` gives the figures over the real WebSocket.
 *
 *   npx tsx bench/turns/trace.ts                       all conditions, misses traced
 *   BENCH_CONDITIONS='babble 10 dB' TRACE_ALL=1 …      every case of one condition
 *   TRACE_JUDGE_MS=1500 …                              the words come this late (a slow local model)
 *   TRACE_PAUSES=1 …                                   per condition: pauses as the detector heard them, the voice's end
 */
import type { Patience } from '../../common/schemas/interview';
import { judgeWords } from '../../server/interview/endpoint';
import { patienceWaits } from '../../server/interview/patience';
import { transcriptOf, RATE } from '../../server/interview/testing/corpus';
import { FRAME_MS, TurnDetector, type EndedTurn } from '../../server/interview/turns';
import { createClassifier } from '../../server/interview/vad';
import { benchCases, conditions, printTable, table, type Outcome } from './corpus';

/** Audio time from a pause's judgement to its words (a loopback speech server answers in 0.1–0.3 s). */
const judgeDelay = Number(process.env.TRACE_JUDGE_MS ?? 300);
/** BENCH_PATIENCE=patient|normal|quick (default patient, the interview default). */
const preset = patienceWaits[(process.env.BENCH_PATIENCE ?? 'patient') as Patience];
// For tuning: BENCH_FIRST_MS / BENCH_LATER_MS override the preset.
const waits = {
  firstMs: Number(process.env.BENCH_FIRST_MS ?? preset.firstMs),
  laterMs: Number(process.env.BENCH_LATER_MS ?? preset.laterMs),
};
console.log(`waits: after the first sentence ${waits.firstMs} ms, after later ones ${waits.laterMs} ms`);
const cases = benchCases(conditions(process.env.BENCH_CONDITIONS?.split(/,(?! )/)));
const outcomes: Outcome[] = [];

/** Per condition: silence the detector counted in each pause between finished sentences, and its voice end after the last voiced sample. */
const heard = new Map<string, { first: number[]; later: number[]; end: number[]; fall: number[]; rise: number[] }>();

for (const c of cases) {
  const clip = c.clip;
  const trace: string[] = [];
  // Audio time: the samples pushed so far. Words arrive `judgeDelay` ms of audio after they were asked for.
  let pushed = 0;
  const audioMs = () => (pushed / RATE) * 1000;
  const due: { at: number; resolve: () => void }[] = [];
  const detector = new TurnDetector({
    classifier: await createClassifier(),
    finishedMs: waits.firstMs,
    laterMs: waits.laterMs,
    now: audioMs,
    judge: async (samples) => {
      // The turn starts at the pre-roll: the words are those of the clip up to here.
      const text = transcriptOf([clip], samples);
      await new Promise<void>((resolve) => due.push({ at: audioMs() + judgeDelay, resolve }));
      const verdict = judgeWords(text);
      trace.push(`    judged ${(samples.length / RATE).toFixed(2)} s of turn: ${verdict} "${text}"`);
      return { verdict, text };
    },
  });
  const ends: EndedTurn[] = [];
  const frames: { at: number; silentMs: number; voiced: boolean }[] = [];
  detector.onTurnEnd = (t) => {
    ends.push(t);
    trace.push(
      `  END at ${(t.position / RATE).toFixed(2)} s (voice end ${(t.voiceEnd / RATE).toFixed(2)}) ${t.verdict}, silence ${t.silenceMs} of ${t.waitMs} ms, "${t.text}"`,
    );
  };
  detector.onFrame = (f) => {
    frames.push({ at: f.at, silentMs: f.silentMs, voiced: f.voiced });
    trace.push(
      `${(f.at / RATE).toFixed(2)} p=${f.p.toFixed(2)} ${f.voiced ? 'V' : '.'} bg=${f.background.toFixed(0)} lvl=${f.db.toFixed(0)} babble=${f.babble.toFixed(2)} silent=${f.silentMs.toFixed(0)}`,
    );
  };
  // 3 frames (96 ms) at a time; words that are due arrive between pushes.
  const step = 3 * 512;
  for (let i = 0; i < clip.samples.length; i += step) {
    await detector.push(clip.samples.subarray(i, i + step));
    pushed = Math.min(clip.samples.length, i + step);
    for (const d of due.filter((d) => d.at <= audioMs())) {
      due.splice(due.indexOf(d), 1);
      d.resolve();
    }
    // Let the words' continuation run (it queues behind the frames) before the next push.
    await new Promise((r) => setImmediate(r));
    await detector.push(new Int16Array(0));
  }
  if (c.kind === 'between' || c.kind === 'story') {
    const h = heard.get(c.condition) ?? { first: [], later: [], end: [], fall: [], rise: [] };
    heard.set(c.condition, h);
    clip.pauses.forEach((p, k) => {
      if (k > 0 && c.kind !== 'story') return;
      if (k === 0 && c.pause !== 1.0) return;
      const inPause = frames.filter((f) => f.at > p.start && f.at <= p.end + RATE * 0.3 && !f.voiced);
      (k === 0 ? h.first : h.later).push(Math.max(0, ...inPause.map((f) => f.silentMs)));
      // Where the gate heard the voice stop and start again, against the samples (ms, + = late).
      const lastVoiced = frames.filter((f) => f.voiced && f.at <= p.start + RATE * 0.3).at(-1);
      const nextVoiced = frames.find((f) => f.voiced && f.at > p.start + RATE * 0.3);
      if (lastVoiced) h.fall.push(((lastVoiced.at - p.start) / RATE) * 1000);
      if (nextVoiced) h.rise.push(((nextVoiced.at - FRAME_MS * (RATE / 1000) - p.end) / RATE) * 1000);
    });
    const last = ends.find((e) => e.position >= clip.answerEnd);
    if (last) h.end.push(((last.voiceEnd - clip.answerEnd) / RATE) * 1000);
  }
  // An end is "real" once it counts as the question: the first end with words or enough voice.
  // As the agent: a turn without words counts only with 1.5 s of voice (NO_WORDS_MIN_MS).
  const first = ends.find((e) => (e.text ? e.voicedMs >= 300 : e.voicedMs >= 1500));
  const early = first !== undefined && first.position < clip.answerEnd;
  const latency = first && !early ? ((first.position - clip.answerEnd) / RATE) * 1000 : null;
  const missed = !early && (latency === null || latency > 3000 - 300);
  outcomes.push({ ...c, questionAt: first ? first.position : null });
  const takenAfterFinished = (c.kind === 'finished' && c.pause >= 0.5) || (c.kind === 'between' && c.pause > 1.0);
  const bad = (early && !takenAfterFinished) || missed;
  if (bad || process.env.TRACE_ALL) {
    console.log(
      `\n=== ${clip.id} ${c.kind} pause ${c.pause} s: ${early ? 'FALSE CUT' : missed ? 'MISSED END' : 'ok'}; voice ${(clip.phrases[0]!.start / RATE).toFixed(2)}–${(clip.pauseStart / RATE).toFixed(2)}, ${(clip.pauseEnd / RATE).toFixed(2)}–${(clip.answerEnd / RATE).toFixed(2)} s; "${clip.phrases.map((p) => p.text).join('" / "')}"`,
    );
    if (process.env.TRACE_FRAMES !== '0')
      console.log(
        trace
          .filter((l) => (!l.startsWith(' ') ? Number(l.split(' ')[0]) >= clip.phrases[0]!.start / RATE - 0.5 : true))
          .join('\n'),
      );
    else console.log(trace.filter((l) => l.startsWith(' ')).join('\n'));
  }
}
if (process.env.TRACE_PAUSES) {
  const q = (xs: number[], p: number) =>
    xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!.toFixed(0) : '–';
  console.log(
    '\nsilence counted in 1.0 s pauses (ms: p50 / p95 / max) and voice end after the last voiced sample (p50 / p95)',
  );
  for (const [name, h] of heard)
    console.log(
      `${name}: first ${q(h.first, 0.5)} / ${q(h.first, 0.95)} / ${q(h.first, 1)}; later ${q(h.later, 0.5)} / ${q(h.later, 0.95)} / ${q(h.later, 1)} (n=${h.later.length}); end ${q(h.end, 0.5)} / ${q(h.end, 0.95)}; gate off ${q(h.fall, 0.05)} / ${q(h.fall, 0.5)} / ${q(h.fall, 0.95)}, on again ${q(h.rise, 0.05)} / ${q(h.rise, 0.5)} / ${q(h.rise, 0.95)}`,
    );
}
console.log(`\nframe ${FRAME_MS} ms; judge delay ${judgeDelay} ms of audio`);
printTable(table(outcomes, [...new Set(cases.map((c) => c.condition))]));
