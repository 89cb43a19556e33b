// An outbox e-mail is never sent by two workers at once, and a worker that died mid-SMTP costs a
// second copy under the same Message-ID, never a second message. The row is claimed with a lease of
// its own (claimed_by, claimed_until); the Message-ID is stored on the row when the message is queued.
// The death is simulated: worker A claims the job and the row and gives the message to the real SMTP
// server (test/helpers/smtp.ts), then stops before marking it sent. While A's claim holds, worker B
// (which took the job over) cannot send; once the lease lapses on the injected clock, B's retry
// sends it again with the very Message-ID of A's copy.
import test from 'ava';
import { claimJob, workOnce } from '../../src/core/job-queue.js';
import { deliverMail, outboxMessageId } from '../../src/core/mailer.js';
import { mailTransportFor } from '../../src/core/mail-transport.js';
import { claimOutboxRow } from '../../src/db/mail-outbox-store.js';
import { jobHandlers } from '../../src/tasks.js';
import type { TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { startSmtp } from '../helpers/smtp.js';
import { bootClinic, registerOwner } from './fixtures.js';
import { world } from './owner-docs/fixtures.js';

async function invite(app: TestApp): Promise<number> {
  const { clinic, owner, petId } = await world(app);
  const friend = await registerOwner(app, clinic.tenant.id);
  const res = await app.clinic.post(
    `/api/v1/owner/me/pets/${petId}/caregivers`,
    { invited_email: friend.email, access_level: 'view' },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return Number((await app.services.db('mail_outbox').where('to_address', friend.email).first()).id);
}

const outbox = (app: TestApp, id: number) => app.services.db('mail_outbox').where('id', id).first();

for (const dialect of DIALECTS) {
  test(`[${dialect}] a worker dead mid-SMTP: no second sender while its claim holds; the retry carries the same Message-ID`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url, LEASE_SECONDS: '30' } });
    t.teardown(app.close);
    const { db, clock, config } = app.services;
    const mailId = await invite(app);

    // The Message-ID exists before any attempt: made once, when the message was queued.
    const queued = await outbox(app, mailId);
    t.regex(queued.message_id, /^<outbox-\d+\.\d+@wfctl\.local>$/);
    const messageId = queued.message_id as string;

    // Worker A: claims the job and the row, hands the message to the server, and dies.
    const jobA = await claimJob(db, clock, 'worker-a', { leaseMs: config.leaseMs });
    t.truthy(jobA);
    const claimA = await claimOutboxRow(
      db,
      mailId,
      jobA!,
      clock.now(),
      { by: 'worker-a', leaseMs: config.leaseMs },
      outboxMessageId,
    );
    if (claimA.kind !== 'claimed') return t.fail(`A did not claim the row: ${claimA.kind}`);
    t.is(claimA.row.message_id, messageId);
    const row = claimA.row;
    await mailTransportFor(config.mail).send({
      id: mailId,
      messageId: row.message_id,
      from: { name: row.from_name, address: row.from_address },
      replyTo: row.reply_to ?? null,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      html: row.html_body ?? null,
      date: clock.now(),
    });
    t.is(smtp.received.length, 1);
    t.like(await outbox(app, mailId), { status: 'sending', claimed_by: 'worker-a', attempts: 1 });

    // Worker B, holding the same job (as after a daemon gave it back at shutdown), while A's claim
    // holds: refused, nothing sent, the row still A's.
    app.clock.advance(10_000);
    await t.throwsAsync(deliverMail(app.services, mailId, jobA!), { message: /being sent by worker-a/ });
    t.is(smtp.received.length, 1, 'no second copy while the claim holds');
    t.like(await outbox(app, mailId), { status: 'sending', claimed_by: 'worker-a' });
    t.is(await workOnce(app.services, jobHandlers, 'worker-b'), null, 'the job is still A’s');

    // A never renews: once the lease lapses, B takes the job and the row over and sends again.
    app.clock.advance(config.leaseMs);
    const retried = await workOnce(app.services, jobHandlers, 'worker-b');
    t.is(retried?.status, 'done');
    t.like(await outbox(app, mailId), {
      status: 'sent',
      attempts: 2,
      message_id: messageId,
      claimed_by: null,
    });
    t.deepEqual(
      smtp.received.map((m) => m.messageId),
      [messageId, messageId],
      'two copies of one message: a server that kept the first drops the second',
    );
  });

  test(`[${dialect}] two workers on one message at once: exactly one sends`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url } });
    t.teardown(app.close);
    const mailId = await invite(app);
    const job = await claimJob(app.services.db, app.services.clock, 'w', {
      leaseMs: app.services.config.leaseMs,
    });
    const outcomes = await Promise.allSettled([
      deliverMail(app.services, mailId, job!),
      deliverMail(app.services, mailId, job!),
    ]);
    const sent = outcomes.filter((o) => o.status === 'fulfilled' && (o.value as any).status === 'sent');
    t.is(sent.length, 1, JSON.stringify(outcomes.map((o) => o.status)));
    t.is(smtp.received.length, 1);
    t.like(await outbox(app, mailId), { status: 'sent', attempts: 1 });
  });
}
