import type { AppConfig } from '../config';
import { openAIClient } from '../openai/client';
import { proposePassages, type TimedWord } from './timing';

export type Passage = { start: number; end: number; text: string };

/** The transcript's sentences with their times (the units a passage is made of). */
export function sentencesOf(words: TimedWord[]): Passage[] {
  const out: Passage[] = [];
  let current: TimedWord[] = [];
  for (const w of words) {
    current.push(w);
    if (/[.!?…]["“”»]?$/.test(w.text)) {
      out.push({ start: current[0]!.start, end: w.end, text: current.map((x) => x.text).join(' ') });
      current = [];
    }
  }
  if (current.length)
    out.push({ start: current[0]!.start, end: current.at(-1)!.end, text: current.map((x) => x.text).join(' ') });
  return out;
}

/** The model's answer: one passage per line as "from-to" sentence numbers; nonsense is dropped. */
export function parseRanges(answer: string, count: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (const m of answer.matchAll(/(\d+)\s*(?:[-–]\s*(\d+))?/g)) {
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from >= 1 && to >= from && to <= count && to - from < 6) ranges.push([from, to]);
  }
  return ranges.slice(0, 4);
}

export type Proposal = { kind: 'model' | 'rules'; passages: Passage[] };

/**
 * The quotable-passage proposer port: 2–4 passages with their times. `log` hears why a model's
 * choice was not used (the rule-based one is then).
 */
export type PassageProposer = {
  readonly kind: 'model' | 'rules';
  propose(words: TimedWord[], log: (error: unknown) => void): Promise<Proposal>;
};

/** The rule-based choice (timing.ts). */
export function rulesProposer(): PassageProposer {
  return { kind: 'rules', propose: async (words) => ({ kind: 'rules', passages: proposePassages(words, 4) }) };
}

/**
 * A chat model picks sentence ranges (times come from the transcript); the rule-based choice when
 * it fails or answers nothing usable.
 */
export function modelProposer(opts: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}): PassageProposer {
  const client = openAIClient({ baseUrl: opts.baseUrl, apiKey: opts.apiKey });
  return {
    kind: 'model',
    async propose(words, log) {
      const rules = { kind: 'rules' as const, passages: proposePassages(words, 4) };
      const sentences = sentencesOf(words).slice(0, 200);
      try {
        const answer = await client.chat(
          {
            model: opts.model,
            temperature: 0.2,
            messages: [
              {
                role: 'system',
                content:
                  'Du wählst aus einem nummerierten deutschen Transkript 2 bis 4 zitierfähige Passagen für kurze Social-Media-Clips: je 1 bis 4 zusammenhängende Sätze, konkret, in sich verständlich, höchstens 30 Sekunden. Antworte nur mit je einer Zeile pro Passage im Format "von-bis" (Satznummern), ohne weiteren Text.',
              },
              {
                role: 'user',
                content: sentences
                  .map((s, i) => `${i + 1} [${s.start.toFixed(1)}–${s.end.toFixed(1)} s] ${s.text}`)
                  .join('\n'),
              },
            ],
          },
          { timeoutMs: opts.timeoutMs },
        );
        const ranges = parseRanges(answer, sentences.length);
        if (ranges.length === 0) return rules;
        return {
          kind: 'model',
          passages: ranges.map(([from, to]) => {
            const part = sentences.slice(from - 1, to);
            return { start: part[0]!.start, end: part.at(-1)!.end, text: part.map((s) => s.text).join(' ') };
          }),
        };
      } catch (error) {
        log(error);
        return rules;
      }
    },
  };
}

/** The chat model when one is configured (OPENAI_BASE_URL + OPENAI_CHAT_MODEL), else the rules; chosen in the composition root. */
export function chooseProposer(
  config: Pick<AppConfig, 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_CHAT_MODEL' | 'DRAFT_TIMEOUT_SECONDS'>,
): PassageProposer {
  if (!config.OPENAI_BASE_URL || !config.OPENAI_CHAT_MODEL) return rulesProposer();
  return modelProposer({
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.DRAFT_TIMEOUT_SECONDS * 1000,
  });
}

/** 2–4 quotable passages with the proposer the config chooses (for callers without the app's adapters). */
export async function proposeWithModel(
  config: AppConfig,
  words: TimedWord[],
  log: (error: unknown) => void,
): Promise<Proposal> {
  return chooseProposer(config).propose(words, log);
}
