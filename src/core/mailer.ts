// Outgoing mail through an outbox. `queueMail` writes the message in the caller's transaction, so
// it exists exactly when the change that caused it commits; a queued job then calls `deliverMail`,
// which hands it to a transport and marks the row sent (once, even if the job is retried).
//
// There is no SMTP server here, so the default transport only writes one JSON log line (id,
// recipient, subject: never the body, which can hold one-time secrets). A real transport is a
// function with the MailTransport signature (e.g. nodemailer's `sendMail` wrapped), passed to
// `deliverMail`; if it throws, the row stays queued and the job queue retries with backoff.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import type { Services } from './services.js';
import { lockForUpdate } from '../db/knex.js';
import { isoOrNull, toDbTime } from '../db/time.js';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface OutboxMail extends MailMessage {
  id: number;
  status: 'queued' | 'sent';
  created_at: string | null;
  sent_at: string | null;
}

export type MailTransport = (message: MailMessage & { id: number }, services: Services) => Promise<void>;

/** The transport used when none is configured: a log line without the body. */
export const logTransport: MailTransport = async (message, services) => {
  services.logger.info('mail sent', { mail_id: message.id, to: message.to, subject: message.subject });
};

/** Writes a message to the outbox inside `trx`; returns its id (put it in the delivery job's payload). */
export async function queueMail(trx: Knex, clock: Clock, message: MailMessage): Promise<number> {
  const [id] = await trx('mail_outbox').insert({
    from_address: message.from,
    to_address: message.to,
    subject: message.subject.slice(0, 255),
    body: message.text,
    status: 'queued',
    created_at: toDbTime(clock.now()),
  });
  return Number(id);
}

/**
 * Sends outbox message `id` and marks it sent. The row is locked while it is sent, so two workers
 * never send it twice; an already sent message is not sent again. Returns what happened.
 */
export async function deliverMail(
  services: Services,
  id: number,
  transport: MailTransport = logTransport,
): Promise<{ mail_id: number; status: 'sent' | 'already_sent' }> {
  const { db, clock } = services;
  return db.transaction(async (trx) => {
    const row = await lockForUpdate(trx('mail_outbox').where({ id }), db).first();
    if (!row) throw new Error(`Mail ${id} is not in the outbox.`);
    if (row.status === 'sent') return { mail_id: id, status: 'already_sent' as const };
    await transport(
      { id, from: row.from_address, to: row.to_address, subject: row.subject, text: row.body },
      services,
    );
    await trx('mail_outbox')
      .where({ id })
      .update({ status: 'sent', sent_at: toDbTime(clock.now()) });
    return { mail_id: id, status: 'sent' as const };
  });
}

export async function getOutboxMail(db: Knex, id: number): Promise<OutboxMail | null> {
  const row = await db('mail_outbox').where({ id }).first();
  if (!row) return null;
  return {
    id: Number(row.id),
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    text: row.body,
    status: row.status,
    created_at: isoOrNull(row.created_at),
    sent_at: isoOrNull(row.sent_at),
  };
}
