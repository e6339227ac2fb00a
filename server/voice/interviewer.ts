import type { VoiceTopic } from '../../common/schemas/voice';
import { tenants, type TenantKey } from '../../common/tenants';
import { texts } from '../../common/texts';
import type { Turn } from '../../common/transcript';
import type { AppConfig } from '../config';
import { openaiUrl } from './speech';

export type Plan = { title: string; opening: string; questions: readonly string[] };

/** The German interview plan for a tenant's topic (banker wording for the bank). */
export function interviewPlan(tenantKey: string, topic: VoiceTopic): Plan {
  const wording = tenants[tenantKey as TenantKey]?.wording ?? 'engineer';
  if (topic === 'image') return { title: texts.interview.imageTopicTitle, ...texts.interview.plans.image };
  if (topic === 'general') return { title: texts.nav.topics.general.title, ...texts.interview.plans.general };
  return { title: texts.nav.topics[wording][topic].title, ...texts.interview.plans[wording][topic] };
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
};

const SHORT_ANSWER_MS = 1500;

/** Walks through the plan; a very short spoken answer gets one friendly follow-up first. */
export function planInterviewer(plan: Plan): Interviewer {
  let index = 0;
  let followedUp = false;
  const step = (voicedMs: number): NextStep => {
    if (!followedUp && voicedMs < SHORT_ANSWER_MS) {
      followedUp = true;
      return { text: texts.interview.followUp, done: false };
    }
    followedUp = false;
    const question = plan.questions[index++];
    return question ? { text: question, done: false } : { text: texts.interview.closing, done: true };
  };
  return {
    opening: () => plan.opening,
    next: async (_turns, answer) => step(answer.voicedMs),
    nextWithoutWords: (answer) => step(answer.voicedMs),
  };
}

/**
 * An OpenAI-compatible chat model prompted with the plan; it asks as many questions as the plan
 * has, then the interviewer closes. Any failure of the model falls back to the plan's question.
 */
export function chatInterviewer(plan: Plan, opts: { baseUrl: string; apiKey?: string; model: string }): Interviewer {
  const fallback = planInterviewer(plan);
  let asked = 0;
  const system = texts.interview.chatSystemPrompt(plan.title, [plan.opening, ...plan.questions].map((q, i) => `${i + 1}. ${q}`).join('\n'));
  return {
    opening: () => plan.opening,
    async next(turns, answer) {
      const planned = fallback.nextWithoutWords!(answer);
      if (asked++ >= plan.questions.length) return { text: texts.interview.closing, done: true };
      try {
        const res = await fetch(openaiUrl(opts.baseUrl, '/chat/completions'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
          body: JSON.stringify({
            model: opts.model,
            temperature: 0.7,
            messages: [
              { role: 'system', content: system },
              ...turns.map((t) => ({ role: t.speaker === 'interviewer' ? 'assistant' : 'user', content: t.text })),
            ],
          }),
          signal: AbortSignal.timeout(8000),
        });
        if (!res.ok) throw new Error(`chat model answered ${res.status}`);
        const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
        const text = body.choices?.[0]?.message?.content?.trim();
        return text ? { text, done: false } : planned;
      } catch {
        return planned;
      }
    },
  };
}

export function createInterviewer(config: AppConfig, plan: Plan): Interviewer {
  if (config.OPENAI_CHAT_MODEL && config.OPENAI_BASE_URL) {
    return chatInterviewer(plan, { baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_CHAT_MODEL });
  }
  return planInterviewer(plan);
}

