import { describe, expect, it } from 'vitest';
import { voiceTopics } from '../../common/schemas/interview';
import { tenantKeys } from '../../common/tenants';
import { texts } from '../../common/texts';
import { addTurn, type Turn } from '../../common/transcript';
import { agentIdFor, transcriptOf } from './elevenlabs';
import { findDetails } from './followups';
import { interviewPlan, planInterviewer } from './interviewer';
import { issueVoiceToken, verifyVoiceToken } from './token';

describe('interview plans', () => {
  it.each(tenantKeys.flatMap((tenant) => voiceTopics.map((topic) => [tenant, topic] as const)))(
    '%s has a German plan of questions for %s',
    (tenant, topic) => {
      const plan = interviewPlan(tenant, topic);
      expect(plan.title.length).toBeGreaterThan(3);
      expect(plan.opening).toMatch(/\?$/);
      expect(plan.questions.length).toBeGreaterThanOrEqual(4);
      // Each one a complete prompt addressed to the person: a question or an invitation to tell.
      for (const q of plan.questions) expect(q).not.toMatch(/^(Gibt es|Haben Sie|Sind Sie|Ist|Hat|Können Sie)\b/);
      for (const q of plan.questions)
        expect(q).toMatch(/^[A-ZÄÖÜ].*\b(Sie|Ihr\w*|Ihnen)\b.*[?.]$|^W(as|ann|o|ohin|er|arum|ie|elche\w*)\b.*\?$/);
    },
  );

  it('uses the banker wording for the bank', () => {
    expect(interviewPlan('bank', 'engineering-path').title).toBe('Der Weg zum Banker');
    expect(interviewPlan('bank', 'engineering-path').opening).toContain('Bank');
    expect(interviewPlan('vdi', 'engineering-path').opening).toContain('Ingenieurberuf');
  });

  it('walks through the plan, follows up once on a very short answer, then closes', async () => {
    const plan = interviewPlan('vdi', 'tech-dive');
    const interviewer = planInterviewer(plan);
    let turns: Turn[] = [{ speaker: 'interviewer', text: plan.opening }];
    const say = async (text: string) => {
      turns = addTurn(turns, { speaker: 'user', text });
      const next = await interviewer.next(turns, { text, voicedMs: 5000 });
      turns = addTurn(turns, { speaker: 'interviewer', text: next.text });
      return next;
    };
    expect(await say('Ja.')).toEqual({ text: texts.interview.followUp, done: false });
    expect(await say('Ja, genau, das ist so.')).toEqual({ text: plan.questions[0], done: false });
    for (const q of plan.questions.slice(1))
      expect(await say('Eine lange Antwort ohne jede Einzelheit darin.')).toEqual({ text: q, done: false });
    expect(await say('Die letzte lange Antwort ohne Einzelheit.')).toEqual({
      text: texts.interview.closing,
      done: true,
    });
  });

  it('follows up on something concrete at least every third question, in correct German, and never asks twice', async () => {
    const plan = interviewPlan('vdi', 'engineering-path');
    const interviewer = planInterviewer(plan);
    const answers = [
      'Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen in Bremen.',
      'Als Kind habe ich mit meinem Großvater alte Radios repariert.',
      'Er hat mir gezeigt, wie man einen Lötkolben hält, das war toll.',
      'Nach dem Abitur habe ich Maschinenbau in Aachen studiert.',
      'Danach habe ich seit 15 Jahren bei der Firma Müller gearbeitet.',
      'Das war eine schwierige Zeit mit vielen Nachtschichten am Prüfstand.',
      'Unser Getriebe läuft jetzt mit 30 Prozent weniger Verschleiß.',
      'Man muss neugierig bleiben und Fragen stellen, das ist alles.',
      'Ich habe nichts mehr hinzuzufügen, vielen Dank für das Gespräch.',
      'Wirklich nicht, ich bin fertig mit allem, was ich sagen wollte.',
    ];
    let turns: Turn[] = [{ speaker: 'interviewer', text: plan.opening }];
    for (const text of answers) {
      turns = addTurn(turns, { speaker: 'user', text });
      const next = await interviewer.next(turns, { text, voicedMs: 5000 });
      turns = addTurn(turns, { speaker: 'interviewer', text: next.text });
      if (next.done) break;
    }
    const questions = turns.filter((t) => t.speaker === 'interviewer').map((t) => t.text);
    expect(questions.slice(0, 8)).toEqual([
      plan.opening,
      plan.questions[0],
      'Welche Rolle hat Ihr Großvater dabei gespielt? Erzählen Sie gern eine Begebenheit.',
      plan.questions[1],
      plan.questions[2],
      'Wie sind Sie bei der Firma Müller gelandet, und was machen Sie dort genau?',
      plan.questions[3],
      plan.questions[4],
    ]);
    // Every window of three questions holds one that picks up the person's words.
    const followUps = questions.map(
      (q) => q !== plan.opening && !plan.questions.includes(q) && q !== texts.interview.closing,
    );
    for (let i = 2; i + 2 < questions.length - 1; i++) expect(followUps.slice(i, i + 3)).toContain(true);
    expect(new Set(questions).size).toBe(questions.length);
    expect(questions.at(-1)).toBe(texts.interview.closing);
  });

  it('finds what the person builds, employers, people, numbers and places, and quotes them in the polite form', () => {
    expect(
      findDetails('Ich bin Maria Schulz und entwickle Getriebe für Windkraftanlagen in Bremen.').map((d) => d.question),
    ).toEqual([
      'Sie entwickeln Getriebe für Windkraftanlagen in Bremen. Was ist daran für Sie das Spannendste?',
      'Was verbindet Sie mit Bremen? Erzählen Sie gern, wie es dort für Sie war.',
    ]);
    expect(
      findDetails('Ich arbeite seit 15 Jahren bei der Firma Müller in der Qualitätssicherung.').map((d) => d.question),
    ).toEqual([
      'Wie sind Sie bei der Firma Müller gelandet, und was machen Sie dort genau?',
      'Sie haben 15 Jahre erwähnt. Was ist in dieser Zeit passiert, das Ihnen besonders in Erinnerung ist?',
    ]);
    expect(
      findDetails('Meine Kollegin Anna hatte die Idee, den Verbrauch um 30 Prozent zu senken.').map((d) => d.question),
    ).toEqual([
      'Welche Rolle hat Ihre Kollegin Anna dabei gespielt? Erzählen Sie gern eine Begebenheit.',
      'Sie haben 30 Prozent erwähnt. Was steckt hinter dieser Zahl?',
    ]);
    expect(findDetails('Ich leite ein Team von zwölf Leuten bei Siemens Energy.').map((d) => d.kind)).toEqual([
      'work',
      'employer',
      'number',
    ]);
    // Abstract nouns after "in" are no places.
    expect(findDetails('Ich arbeite in Teilzeit in Zusammenarbeit mit anderen.')).toEqual([]);
  });

  it('skips a plan question the answers already hold', async () => {
    const plan = interviewPlan('vdi', 'image');
    const interviewer = planInterviewer(plan);
    const turns: Turn[] = [
      { speaker: 'interviewer', text: plan.opening },
      { speaker: 'user', text: 'Das bin ich mit meinem Team in Hamburg auf der Baustelle.' },
      { speaker: 'interviewer', text: plan.questions[0]! },
      { speaker: 'user', text: 'Wir heben gerade das letzte Bauteil mit dem Kran an.' },
      { speaker: 'interviewer', text: 'Welche Rolle hat Ihr Team dabei gespielt? Erzählen Sie gern eine Begebenheit.' },
      { speaker: 'user', text: 'Ohne die Kollegen hätte das nie geklappt, das war Teamarbeit.' },
      { speaker: 'interviewer', text: plan.questions[1]! },
      { speaker: 'user', text: 'Das war im letzten Sommer an einem sehr heißen Tag.' },
    ];
    // "Wo ist das Bild entstanden?" is answered already (Hamburg): next comes the question after it.
    expect(
      (await interviewer.next(turns, { text: 'Das war im letzten Sommer an einem sehr heißen Tag.', voicedMs: 4000 }))
        .text,
    ).not.toBe(plan.questions[2]);
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
    expect(text).toBe('Interviewer: Wer sind Sie?\n\nSie: Ich bin Maria.\n\nInterviewer: Danke!');
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
    const other = Buffer.from(JSON.stringify({ ...grant, contentId: 8, exp: Date.now() + 60_000 })).toString(
      'base64url',
    );
    expect(verifyVoiceToken('secret', `${other}.${mac}`)).toBeNull();
    expect(verifyVoiceToken('other-secret', token)).toBeNull();
    expect(verifyVoiceToken('secret', `${body}`)).toBeNull();
  });
});
