import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const sender = mail.fromName ? { name: mail.fromName, address: addressOf(from) } : from;
      await transport.sendMail({
        from: sender,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
      });
    },
  };
}

/** The address of a From value ('Name <a@b>' or 'a@b'). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
