import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../common/texts';
import { addUser, startTestApp, type TestApp } from '../testing/harness';
import { cleanMailer } from './mailer';
import { smtpMailer } from './smtp';
import { outboxMailer } from './outbox';

type Received = { from: string; to: string[]; data: string; user?: string };

/** A local SMTP server that keeps what it receives (RFC 5321, with AUTH PLAIN/LOGIN). */
async function localSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'geheim') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mailer', () => {
  let smtp: Awaited<ReturnType<typeof localSmtp>>;
  beforeAll(async () => {
    smtp = await localSmtp();
  });
  afterAll(() => smtp.close());

  it('delivers through SMTP with authentication', async () => {
    const mailer = smtpMailer(
      `smtp://mailer:geheim@127.0.0.1:${smtp.port}`,
      'Content-Assistent <no-reply@example.org>',
    );
    await mailer.send({ to: 'anna@example.org', subject: 'Grüße', text: 'Hallo Anna, schöne Grüße' });
    const mail = smtp.received.at(-1)!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('no-reply@example.org');
    expect(mail.to).toEqual(['anna@example.org']);
    expect(mail.data).toContain('Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=');
  });

  it('sends no bidi controls in subject, text or sender name', async () => {
    const mailer = cleanMailer(smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Content-Assistent <no-reply@example.org>'));
    await mailer.send({
      to: 'anna@example.org',
      subject: 'Datei Rechnung\u202Egpj.exe',
      text: 'Anhang: Rechnung\u202Egpj.exe \u2067x\u2069',
      fromName: 'Team\u200F',
    });
    const data = Buffer.from(smtp.received.at(-1)!.data, 'utf8').toString('utf8');
    expect(data).toContain('Rechnunggpj.exe');
    expect(data).not.toMatch(/\u202E|\u2067|\u2069|\u200F|=E2=80=AE|=E2=81=A7/);
  });

  it('fails loudly when the SMTP server refuses the login', async () => {
    const mailer = smtpMailer(`smtp://mailer:falsch@127.0.0.1:${smtp.port}`, 'no-reply@example.org');
    await expect(mailer.send({ to: 'anna@example.org', subject: 'x', text: 'x' })).rejects.toThrow();
  });

  describe('password reset through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('sqlite', { SMTP_URL: `smtp://mailer:geheim@127.0.0.1:${smtp.port}` });
      await addUser(t.app, 'ben@example.org', 'firma_a');
    });
    afterAll(() => t.close());

    it('sends the reset link by SMTP when SMTP is configured, and nothing to the outbox', async () => {
      const before = smtp.received.length;
      const res = await fetch(`${t.url}/api/auth/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.url },
        body: JSON.stringify({ email: 'ben@example.org', redirectTo: '/reset-password' }),
      });
      expect(res.status).toBe(200);
      await expect.poll(() => smtp.received.length).toBe(before + 1);
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toEqual(['ben@example.org']);
      expect(mail.data.replace(/=\r?\n/g, '')).toContain('/api/auth/reset-password/');
      expect(await t.app.db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
      expect(texts.auth.resetMailSubject).toContain('Passwort');
    });
  });
});

describe('the outbox without SMTP', () => {
  it('keeps the whole mail in the outbox table but logs its links shortened (no token in the log)', async () => {
    const t = await startTestApp('sqlite');
    try {
      const logged: unknown[] = [];
      const mailer = outboxMailer(t.app.db, { info: (obj: unknown) => void logged.push(obj) } as never);
      const token = 'Zx9-geheimes-token_4711';
      for (const link of [
        `https://content.example.org/api/auth/reset-password/${token}?callbackURL=x`,
        `https://content.example.org/freigabe/${token}`,
        `https://content.example.org/einladung?token=${token}`,
      ]) {
        await mailer.send({ to: 'anna@example.org', subject: 'Link', text: `Bitte öffnen Sie:\n\n${link}\n\nDanke.` });
      }
      const text = JSON.stringify(logged);
      expect(logged).toHaveLength(3);
      expect(text).not.toContain(token);
      expect(text).toContain('https://content.example.org/freigabe…');
      expect(text).toContain('anna@example.org');
      const stored = await t.app.db.selectFrom('outbox').select('body').execute();
      expect(stored.every((m) => m.body.includes(token))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
