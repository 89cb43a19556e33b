// Outgoing mail through an outbox. `queueMail` writes the message and the job that delivers it in
// the caller's transaction, so both exist exactly when the change that caused them commits. The job
// calls `deliverMail`, which hands the message to the configured transport (src/core/mail-transport.ts)
// and records what happened: a row is `sent` only once the server (or the disk) accepted it; a
// refusal or an unreachable server leaves it `failed` with the reason, and the job queue tries again
// with backoff until the job's attempts are spent, when the row is `dead`. An operator re-queues a
// failed or dead message (`wfctl mail retry`, src/clinic/mail).
//
// Nothing here logs a body or a subject line's secrets: bodies hold one-time codes. The transport's
// password is in the configuration only, and is cut out of any reason a server gives.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { PermanentJobError, enqueueJob, type JobRecord, type JobWork } from './job-queue.js';
import { wrapText } from './mail-html.js';
import { mailTransportFor } from './mail-transport.js';
import type { Services } from './services.js';
import { startHeartbeat } from './lease.js';
import { claimOutboxRow, renewOutboxClaim, type OutboxClaimant } from '../db/mail-outbox-store.js';
import { fromDbTime, isoOrNull, toDbTime } from '../db/time.js';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; every value interpolated into it must be escaped (src/core/mail-html.ts). */
  html: string;
  /** The tenant the message speaks for: its name is the sender name. */
  tenant: { id: number; name: string } | null;
  replyTo?: string | null;
  /** The queue job that delivers it (SendCaregiverInviteEmailJob, …). */
  job: string;
}

/** An outbox row as the operator sees it (the bodies only in `wfctl mail show`). */
export interface OutboxMail {
  id: number;
  status: MailStatus;
  from: string;
  to: string;
  reply_to: string | null;
  subject: string;
  tenant_id: number | null;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  job_name: string | null;
  created_at: string | null;
  sent_at: string | null;
  updated_at: string | null;
}

export interface OutboxMailWithBody extends OutboxMail {
  text: string;
  html: string | null;
}

/** Writes a message and its delivery job inside `trx`; returns the message id. */
export async function queueMail(
  trx: Knex,
  services: Pick<Services, 'clock' | 'config'>,
  message: MailMessage,
): Promise<number> {
  const { clock, config } = services;
  const now = toDbTime(clock.now());
  const [id] = await trx('mail_outbox').insert({
    from_name: message.tenant?.name ?? config.mail.fromName,
    from_address: config.mail.fromAddress,
    to_address: message.to,
    reply_to: message.replyTo ?? null,
    tenant_id: message.tenant?.id ?? null,
    subject: message.subject.slice(0, 255),
    body: wrapText(message.text),
    html_body: message.html,
    status: 'queued',
    attempts: 0,
    job_name: message.job,
    created_at: now,
    updated_at: now,
  });
  // The Message-ID is made once, here, and every attempt sends it (see outboxMessageId).
  const row = { id: Number(id), created_at: now, from_address: config.mail.fromAddress };
  await trx('mail_outbox')
    .where({ id: Number(id) })
    .update({ message_id: outboxMessageId(row) });
  await attachJob(trx, services, Number(id), message.job);
  return Number(id);
}

/** Queues a new delivery job for message `id`; from now on only that job delivers it. */
async function attachJob(
  trx: Knex,
  services: Pick<Services, 'clock' | 'config'>,
  id: number,
  jobName: string,
): Promise<number> {
  const jobId = await enqueueJob(trx, services.clock, {
    name: jobName,
    payload: { mail_id: id },
    maxAttempts: services.config.mail.maxAttempts,
  });
  await trx('mail_outbox').where({ id }).update({ job_id: jobId });
  return jobId;
}

export type DeliveryOutcome =
  | { mail_id: number; status: 'sent'; message_id: string }
  | { mail_id: number; status: 'already_sent' | 'superseded' };

type DeliveringJob = Pick<JobRecord, 'id' | 'name' | 'attempts' | 'max_attempts'>;

/**
 * Delivers outbox message `id` as job `job`. The row is claimed (`sending`, with a lease of its own
 * that a heartbeat renews while the server talks) in a short transaction holding its lock, then sent
 * with no transaction open, then marked: a slow server never holds a lock, and no second worker
 * sends the message while this one may still be talking to the server (it finds the row busy and
 * its job is retried later). Only when the lease lapsed (this worker died mid-conversation) is the
 * row taken over, and the message sent again under the Message-ID stored on the row, so a server
 * that kept the first copy can drop the second. A message another job now owns (after a retry) is
 * left to that job. Throws when the transport did not accept it, so the queue retries.
 */
export async function deliverMail(
  services: Services,
  id: number,
  job: DeliveringJob,
): Promise<DeliveryOutcome> {
  const { db, clock, config, logger } = services;
  const claimant: OutboxClaimant = {
    by: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseMs: config.leaseMs,
  };
  const claim = await claimOutboxRow(db, id, job, clock.now(), claimant, outboxMessageId);
  if (claim.kind === 'missing') throw new PermanentJobError(`Mail ${id} is not in the outbox.`);
  if (claim.kind === 'busy') {
    // Not a failure of the message: the queue tries again after its backoff, by when the holder has
    // finished or its lease has lapsed.
    throw new Error(
      `Mail ${id} is being sent by ${claim.claimedBy} (claim held until ${claim.claimedUntil.toISOString()}); ` +
        'not sent twice.',
    );
  }
  if (claim.kind !== 'claimed') return { mail_id: id, status: claim.kind };
  const claimed = claim.row;
  const mine = () => db('mail_outbox').where({ id, claimed_by: claimant.by, status: 'sending' });
  const heartbeat = startHeartbeat({
    leaseMs: config.leaseMs,
    renew: () => renewOutboxClaim(db, id, claimant, clock.now()),
    onError: (error) => logger.warn('mail claim renewal failed', { mail_id: id, error: error as Error }),
  });

  const transport = mailTransportFor(config.mail);
  try {
    const accepted = await transport.send({
      id,
      messageId: String(claimed.message_id),
      from: claimed.from_name
        ? { name: claimed.from_name, address: claimed.from_address }
        : claimed.from_address,
      replyTo: claimed.reply_to ?? null,
      to: claimed.to_address,
      subject: claimed.subject,
      text: claimed.body,
      html: claimed.html_body ?? null,
      date: clock.now(),
    });
    await heartbeat.stop();
    const now = toDbTime(clock.now());
    // Accepted is recorded whoever holds the row now: the server has the message.
    await db('mail_outbox')
      .where({ id, job_id: job.id })
      .update({
        status: 'sent',
        sent_at: now,
        message_id: accepted.messageId.slice(0, 255),
        last_error: null,
        claimed_by: null,
        claimed_until: null,
        updated_at: now,
      });
    logger.info('mail sent', { mail_id: id, message_id: accepted.messageId, transport: transport.describe });
    return { mail_id: id, status: 'sent', message_id: accepted.messageId };
  } catch (err) {
    await heartbeat.stop();
    const reason = reasonOf(err, config.mail.smtp?.password);
    const dead = job.attempts >= job.max_attempts;
    // Only while the claim is ours: a worker that took the row over may have sent it meanwhile.
    await mine().update({
      status: dead ? 'dead' : 'failed',
      last_error: reason.slice(0, 1000),
      claimed_by: null,
      claimed_until: null,
      updated_at: toDbTime(clock.now()),
    });
    const message = `Mail ${id} was not delivered by ${transport.describe} (attempt ${job.attempts} of ${job.max_attempts}): ${reason}`;
    throw dead ? new PermanentJobError(message) : new Error(message);
  }
}

/**
 * One Message-ID per outbox message, not per attempt: made when the message is queued, stored on its
 * row (message_id), and sent by every attempt. When a server stored a message but its
 * answer never reached us (a dropped connection after DATA, a worker killed mid-conversation, a
 * lease that lapsed), the queue sends it again: with the same Message-ID the receiving systems can
 * tell it is the one message (mail stores and clients drop a second copy by this header) instead of
 * a second mail. The outbox id and its creation time make it unique across databases that reuse ids.
 */
export function outboxMessageId(row: Record<string, any>): string {
  const created = fromDbTime(row.created_at)?.getTime() ?? 0;
  const domain = /@([^@>\s]+)$/.exec(String(row.from_address))?.[1] ?? 'wfctl.local';
  return `<outbox-${Number(row.id)}.${created}@${domain}>`;
}

/** The transport's reason in one line, without the SMTP password should a server echo it. */
function reasonOf(err: unknown, password: string | undefined): string {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown } | null;
  let text = String(e?.message ?? err)
    .replace(/\s+/g, ' ')
    .trim();
  if (e?.code && !text.includes(String(e.code))) text = `${String(e.code)}: ${text}`;
  if (password) text = text.split(password).join('***');
  return text || 'unknown error';
}

/** The queue handler of every mail job: `{ mail_id }` in the payload. */
export const deliverMailJob: JobWork = async (services, payload: { mail_id?: unknown }, job) => {
  const id = Number(payload?.mail_id);
  if (!Number.isSafeInteger(id) || id < 1) throw new PermanentJobError('The job has no mail_id.');
  return deliverMail(services, id, job);
};

/**
 * Queues message `id` again with a fresh delivery job (inside `trx`, the row locked by the caller's
 * lock). Only failed and dead messages are re-queued; the caller checks.
 */
export async function requeueMail(
  trx: Knex,
  services: Pick<Services, 'clock' | 'config'>,
  row: Record<string, any>,
): Promise<number> {
  await trx('mail_outbox')
    .where({ id: row.id })
    .update({ status: 'queued', updated_at: toDbTime(services.clock.now()) });
  return attachJob(trx, services, Number(row.id), String(row.job_name));
}

export function toOutboxMail(row: Record<string, any>): OutboxMail {
  const name = row.from_name ? String(row.from_name) : '';
  return {
    id: Number(row.id),
    status: row.status,
    from: name ? `${JSON.stringify(name)} <${row.from_address}>` : String(row.from_address),
    to: row.to_address,
    reply_to: row.reply_to ?? null,
    subject: row.subject,
    tenant_id: row.tenant_id === null || row.tenant_id === undefined ? null : Number(row.tenant_id),
    attempts: Number(row.attempts ?? 0),
    last_error: row.last_error ?? null,
    message_id: row.message_id ?? null,
    job_name: row.job_name ?? null,
    created_at: isoOrNull(row.created_at),
    sent_at: isoOrNull(row.sent_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export function toOutboxMailWithBody(row: Record<string, any>): OutboxMailWithBody {
  return { ...toOutboxMail(row), text: row.body, html: row.html_body ?? null };
}
