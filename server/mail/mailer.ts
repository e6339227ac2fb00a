export type Mail = { to: string; subject: string; text: string };

/** Sends mail: SMTP when configured, otherwise the outbox table and the log. */
export type Mailer = { send(mail: Mail): Promise<void> };
