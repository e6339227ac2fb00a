import { cleanText } from '../../common/typesetting';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** A sender name shown instead of the configured one (the address stays MAIL_FROM's). */
  fromName?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369, 8058). */
  headers?: Record<string, string>;
};

/** Sends mail: SMTP when configured, otherwise the outbox table and the log. */
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail's subject, text and sender name without bidi controls (a right-to-left override turns
 * "exe.gpj" into "jpg.exe" in a mail client) and with bounded runs of combining marks.
 */
export function cleanMailer(mailer: Mailer): Mailer {
  return {
    send: (mail) =>
      mailer.send({
        ...mail,
        subject: cleanText(mail.subject),
        text: cleanText(mail.text),
        ...(mail.fromName !== undefined ? { fromName: cleanText(mail.fromName) } : {}),
      }),
  };
}
