/**
 * The turn detector alone on the bench corpus, faster than real time, with a trace of every case
 * that goes wrong: per frame the speech probability, the gate and the silence count, and every
 * judgement and end. For diagnosis; `run.ts` gives the figures over the real WebSocket.
 *
 *   npx tsx bench/turns/trace.ts                       all conditions, misses traced
 *   BENCH_CONDITIONS='babble 10 dB' TRACE_ALL=1 …      every case of one condition
 *   TRACE_JUDGE_MS=1500 …                              the words come this late (a slow local model)
 */
import type { Patience } from '../../common/schemas/voice';
import { judgeWords } from '../../server/voice/endpoint';
import { patienceWaits } from '../../server/voice/patience';
import { transcriptOf, RATE } from '../../server/voice/testing/corpus';
import { FRAME_MS, TurnDetector, type EndedTurn } from '../../server/voice/turns';
import { createClassifier } from '../../server/voice/vad';
import { benchCases, conditions, printTable, table, type Outcome } from './corpus';

const judgeDelay = Number(process.env.TRACE_JUDGE_MS ?? 30);
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

for (const c of cases) {
  const clip = c.clip;
  const trace: string[] = [];
  const detector = new TurnDetector({
    classifier: await createClassifier(),
    finishedMs: waits.firstMs,
    laterMs: waits.laterMs,
    judge: async (samples) => {
      // The turn starts at the pre-roll: the words are those of the clip up to here.
      const text = transcriptOf([clip], samples);
      await new Promise((r) => setTimeout(r, judgeDelay));
      const verdict = judgeWords(text);
      trace.push(`    judged ${(samples.length / RATE).toFixed(2)} s of turn: ${verdict} "${text}"`);
      return { verdict, text };
    },
  });
  const ends: EndedTurn[] = [];
  let pushed = 0;
  detector.onTurnEnd = (t) => {
    ends.push(t);
    trace.push(
      `  END at ${(t.position / RATE).toFixed(2)} s (voice end ${(t.voiceEnd / RATE).toFixed(2)}) ${t.verdict} "${t.text}"`,
    );
  };
  detector.onFrame = (f) =>
    trace.push(
      `${(f.at / RATE).toFixed(2)} p=${f.p.toFixed(2)} ${f.voiced ? 'V' : '.'} bg=${f.background.toFixed(0)} lvl=${f.db.toFixed(0)} babble=${f.babble.toFixed(2)} silent=${f.silentMs.toFixed(0)}`,
    );
  // Frames in real-time order, the judge's delay in wall time: push 3 frames (96 ms, the page's 100 ms chunks), then let time pass.
  const step = 3 * 512;
  for (let i = 0; i < clip.samples.length; i += step) {
    await detector.push(clip.samples.subarray(i, i + step));
    pushed = i + step;
    await new Promise((r) => setTimeout(r, (step / RATE) * 1000 * Number(process.env.TRACE_SPEED ?? 0.1)));
  }
  void pushed;
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
console.log(`\nframe ${FRAME_MS} ms; judge delay ${judgeDelay} ms`);
printTable(table(outcomes, [...new Set(cases.map((c) => c.condition))]));
