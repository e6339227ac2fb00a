import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import type { Mailer } from './mailer';

/** Keeps every mail in the outbox table and writes it to the log; for installations without SMTP. */
export function outboxMailer(db: Kysely<DB>, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(mail) {
      await db.insertInto('outbox').values({ to_address: mail.to, subject: mail.subject, body: mail.text, created_at: now() }).execute();
      log.info({ mail }, 'mail written to outbox (no SMTP configured)');
    },
  };
}
