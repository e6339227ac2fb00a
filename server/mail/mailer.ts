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
