import { describe, expect, it } from 'vitest';
import { voiceTopics } from '../../common/schemas/voice';
import { tenantKeys } from '../../common/tenants';
import { texts } from '../../common/texts';
import { agentIdFor, transcriptOf } from './elevenlabs';
import { interviewPlan, planInterviewer } from './interviewer';
import { issueVoiceToken, verifyVoiceToken } from './token';

describe('interview plans', () => {
  it.each(tenantKeys.flatMap((tenant) => voiceTopics.map((topic) => [tenant, topic] as const)))('%s has a German plan of questions for %s', (tenant, topic) => {
    const plan = interviewPlan(tenant, topic);
    expect(plan.title.length).toBeGreaterThan(3);
    expect(plan.opening).toMatch(/\?$/);
    expect(plan.questions.length).toBeGreaterThanOrEqual(4);
    // Each one a complete prompt addressed to the person: a question or an invitation to tell.
    for (const q of plan.questions) expect(q).not.toMatch(/^(Gibt es|Haben Sie|Sind Sie|Ist|Hat|Können Sie)\b/);
    for (const q of plan.questions) expect(q).toMatch(/^[A-ZÄÖÜ].*\b(Sie|Ihr\w*|Ihnen)\b.*[?.]$|^W(as|ann|o|ohin|er|arum|ie|elche\w*)\b.*\?$/);
  });

  it('uses the banker wording for the bank', () => {
    expect(interviewPlan('bank', 'engineering-path').title).toBe('Der Weg zum Banker');
    expect(interviewPlan('bank', 'engineering-path').opening).toContain('Bank');
    expect(interviewPlan('vdi', 'engineering-path').opening).toContain('Ingenieurberuf');
  });

  it('walks through the plan, follows up once on a very short answer, then closes', async () => {
    const plan = interviewPlan('vdi', 'tech-dive');
    const interviewer = planInterviewer(plan);
    expect(await interviewer.next([], { text: 'Ja.', voicedMs: 600 })).toEqual({ text: texts.interview.followUp, done: false });
    expect(await interviewer.next([], { text: 'Ja, genau.', voicedMs: 800 })).toEqual({ text: plan.questions[0], done: false });
    for (const q of plan.questions.slice(1)) expect(await interviewer.next([], { text: 'Eine lange Antwort', voicedMs: 5000 })).toEqual({ text: q, done: false });
    expect(await interviewer.next([], { text: 'Letzte Antwort', voicedMs: 5000 })).toEqual({ text: texts.interview.closing, done: true });
  });
});

describe('ElevenLabs agents and transcripts', () => {
  it('finds the agent of a topic: exact, then the topic for all tenants, then the tenant', () => {
    const setting = 'bank.*=agent_bank, *.image=agent_image, vdi.tech-dive=agent_tech';
    expect(agentIdFor('bank', 'behind-scenes', setting)).toBe('agent_bank');
    expect(agentIdFor('bank', 'general', setting)).toBe('agent_bank');
    expect(agentIdFor('bank', 'image', setting)).toBe('agent_image');
    expect(agentIdFor('vdi', 'tech-dive', setting)).toBe('agent_tech');
    expect(agentIdFor('vdi', 'free-topic', setting)).toBeNull();
  });

  it('turns the ElevenLabs transcript into ours', () => {
    const text = transcriptOf({
      conversation_id: 'c',
      agent_id: 'a',
      status: 'done',
      transcript: [
        { role: 'agent', message: 'Wer sind Sie?' },
        { role: 'user', message: 'Ich bin' },
        { role: 'user', message: 'Ich bin Maria.' },
        { role: 'agent', message: null },
        { role: 'agent', message: 'Danke!' },
      ],
    });
    expect(text).toBe('Interviewer: Wer sind Sie?\n\nDu: Ich bin Maria.\n\nInterviewer: Danke!');
  });
});

describe('built-in agent session tokens', () => {
  const grant = { tenant: 'vdi', topic: 'tech-dive', contentId: 7, userId: 'u1' };

  it('accepts its own token for two minutes', () => {
    const token = issueVoiceToken('secret', grant, 1_000_000);
    expect(verifyVoiceToken('secret', token, 1_000_000 + 60_000)).toMatchObject(grant);
    expect(verifyVoiceToken('secret', token, 1_000_000 + 121_000)).toBeNull();
  });

  it('refuses a changed token or another secret', () => {
    const token = issueVoiceToken('secret', grant);
    const [body, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...grant, contentId: 8, exp: Date.now() + 60_000 })).toString('base64url');
    expect(verifyVoiceToken('secret', `${other}.${mac}`)).toBeNull();
    expect(verifyVoiceToken('other-secret', token)).toBeNull();
    expect(verifyVoiceToken('secret', `${body}`)).toBeNull();
  });
});
