import type { Patience, VoiceTopic } from '../../common/schemas/interview';
import { tenants, type TenantKey } from '../../common/tenants';
import type { TenantInfo } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
import type { Turn } from '../../common/transcript';
import type { AppConfig } from '../config';
import { openAIClient } from '../openai/client';
import { asksFor, findDetails } from './followups';

/** `patience`: how long the interviewer waits after a finished sentence for this plan (default: patient). */
export type Plan = { title: string; opening: string; questions: readonly string[]; patience?: Patience };

/**
 * The German interview plan for a tenant's topic (banker wording for the bank). `row`: the tenant's
 * row from the registry (its wording); without it, the seed's.
 */
export function interviewPlan(tenantKey: string, topic: VoiceTopic, row?: Pick<TenantInfo, 'wording'> | null): Plan {
  const wording = row?.wording ?? tenants[tenantKey as TenantKey]?.wording ?? 'engineer';
  // The image interview asks short questions about one picture: answers are short, a normal wait fits.
  if (topic === 'image')
    return { title: texts.interview.imageTopicTitle, ...texts.interview.plans.image, patience: 'normal' };
  if (topic === 'general') return { title: texts.nav.topics.general.title, ...texts.interview.plans.general };
  return { title: texts.nav.topics[wording][topic].title, ...texts.interview.plans[wording][topic] };
}

/** The interviewer's patience for a topic: the tenant row's setting, else the plan's, else patient. */
export function patienceOf(
  row: Pick<TenantInfo, 'interviewPatience'> | null | undefined,
  topic: VoiceTopic,
  plan: Plan,
): Patience {
  return row?.interviewPatience?.[topic] ?? plan.patience ?? 'patient';
}

export type NextStep = { text: string; done: boolean };

/** Chooses what the interviewer says next. */
export type Interviewer = {
  opening(): string;
  next(turns: readonly Turn[], answer: { text: string; voicedMs: number }): Promise<NextStep>;
  /**
   * The next step when it does not depend on the words of the answer (the plan), so the agent can
   * prepare its speech while the answer is still being transcribed. Undefined: wait for `next`.
   */
  nextWithoutWords?(answer: { voicedMs: number }): NextStep;
  /** `next` depends only on its arguments: the agent may ask it ahead, while a pause runs out. */
  readonly pure?: boolean;
};

const SHORT_ANSWER_MS = 1500;
const SHORT_ANSWER_WORDS = 6;

/**
 * Walks through the plan and, at least every third question, follows up on something concrete the
 * person said (what they build, an employer, a person, a number, a place). A very short answer gets
 * one friendly follow-up first. Nothing is asked twice, and a plan question whose detail the
 * answers already hold is skipped. Everything is worked out from the turns so far.
 */
export function planInterviewer(plan: Plan): Interviewer {
  const step = (turns: readonly Turn[], answer: { text: string; voicedMs: number }): NextStep => {
    const asked = turns.filter((t) => t.speaker === 'interviewer').map((t) => t.text);
    const answers = turns.filter((t) => t.speaker === 'user').map((t) => t.text);
    if (answer.text && answers[answers.length - 1] !== answer.text) answers.push(answer.text);
    const words = answer.text.split(/\s+/).filter(Boolean).length;
    const short = answer.text ? words < SHORT_ANSWER_WORDS : answer.voicedMs < SHORT_ANSWER_MS;
    if (short && asked[asked.length - 1] !== texts.interview.followUp && asked.length > 0)
      return { text: texts.interview.followUp, done: false };

    // A follow-up when neither of the last two questions was one.
    const isFollowUp = (q: string) =>
      q !== plan.opening && q !== texts.interview.followUp && !plan.questions.includes(q);
    const recent = asked.slice(-2);
    if (recent.length === 2 && !recent.some(isFollowUp)) {
      const used = new Set(asked);
      for (const text of [...answers].reverse()) {
        const detail = findDetails(text).find((d) => !used.has(d.question));
        if (detail) return { text: detail.question, done: false };
      }
    }
    const known = new Set(answers.flatMap((a) => findDetails(a).map((d) => d.kind)));
    const question = plan.questions.find((q) => !asked.includes(q) && !asksFor(q).some((k) => known.has(k)));
    return question ? { text: question, done: false } : { text: texts.interview.closing, done: true };
  };
  return {
    pure: true,
    opening: () => plan.opening,
    next: async (turns, answer) => step(turns, answer),
  };
}

/**
 * An OpenAI-compatible chat model prompted with the plan; it asks as many questions as the plan
 * has, then the interviewer closes. Any failure of the model falls back to the plan's question.
 */
export function chatInterviewer(plan: Plan, opts: { baseUrl: string; apiKey?: string; model: string }): Interviewer {
  const client = openAIClient(opts);
  let asked = 0;
  const system = texts.interview.chatSystemPrompt(
    plan.title,
    [plan.opening, ...plan.questions].map((q, i) => `${i + 1}. ${q}`).join('\n'),
  );
  return {
    opening: () => plan.opening,
    async next(turns) {
      const question = plan.questions[asked];
      if (asked++ >= plan.questions.length || !question) return { text: texts.interview.closing, done: true };
      const planned: NextStep = { text: question, done: false };
      try {
        const text = await client.chat(
          {
            model: opts.model,
            temperature: 0.7,
            messages: [
              { role: 'system', content: system },
              ...turns.map((t) => ({
                role: t.speaker === 'interviewer' ? ('assistant' as const) : ('user' as const),
                content: t.text,
              })),
            ],
          },
          { timeoutMs: 8000 },
        );
        return text ? { text, done: false } : planned;
      } catch {
        return planned;
      }
    },
  };
}

export function createInterviewer(config: AppConfig, plan: Plan): Interviewer {
  if (config.OPENAI_CHAT_MODEL && config.OPENAI_BASE_URL) {
    return chatInterviewer(plan, {
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_CHAT_MODEL,
    });
  }
  return planInterviewer(plan);
}
