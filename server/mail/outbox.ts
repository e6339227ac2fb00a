import type { Log } from '../log';
import type { Kysely } from 'kysely';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import type { Mailer } from './mailer';

/**
 * A mail's text for the log: links shortened to where they lead (their tokens open accounts,
 * approvals and invitations; the log is read by more people than the admin's outbox page).
 */
export function forLog(text: string): string {
  return text.replace(/https?:\/\/[^\s]+/g, (link) => {
    try {
      const url = new URL(link);
      const first = url.pathname.split('/').filter(Boolean)[0];
      return `${url.origin}/${first ?? ''}…`;
    } catch {
      return '…';
    }
  });
}

/** Keeps every mail in the outbox table and writes it to the log (links shortened); for installations without SMTP. */
export function outboxMailer(db: Kysely<DB>, log: Pick<Log, 'info'>): Mailer {
  return {
    async send(mail) {
      await db
        .insertInto('outbox')
        .values({ to_address: mail.to, subject: mail.subject, body: mail.text, created_at: now() })
        .execute();
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: forLog(mail.text) } },
        'mail written to outbox (no SMTP configured)',
      );
    },
  };
}
