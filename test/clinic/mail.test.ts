// Mail that is delivered: a caregiver invite goes through a real SMTP server started here (its
// login required), arrives with the tenant's name as sender name, a text and an HTML part and the
// code that accepts the invite over HTTP; a server that is down or refuses leaves the row failed
// with the reason, the queue retries it with backoff (clock moved, no waiting), spent attempts make
// it dead, and an operator's retry delivers it; without MAIL_URL a parseable .eml file is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import test from 'ava';
import { simpleParser } from 'mailparser';
import { ConfigError, installDirectory, loadConfig } from '../../src/config.js';
import { operatorContext } from '../../src/clinic/context.js';
import { retryMail } from '../../src/clinic/mail/operations/retry-mail.js';
import { orderMail } from '../../src/clinic/orders/order-mail.js';
import { backoffMs, workOnce } from '../../src/core/job-queue.js';
import { createLogger } from '../../src/core/logger.js';
import { wrapText } from '../../src/core/mail-html.js';
import { runOperation } from '../../src/core/operation.js';
import { isoOrNull } from '../../src/db/time.js';
import { jobHandlers } from '../../src/tasks.js';
import type { TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { startSmtp } from '../helpers/smtp.js';
import { bootClinic, registerOwner } from './fixtures.js';
import { world } from './owner-docs/fixtures.js';

const TOKEN_LINE = /^ {4}([A-Za-z0-9]{48})$/m;

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, logger: createLogger('debug', stream) };
}

/** An owner with a pet invites a freshly registered friend; returns what the test needs. */
async function invite(app: TestApp, body: Record<string, unknown> = {}) {
  const { clinic, owner, petId } = await world(app);
  const friend = await registerOwner(app, clinic.tenant.id);
  const res = await app.clinic.post(
    `/api/v1/owner/me/pets/${petId}/caregivers`,
    { invited_email: friend.email, access_level: 'view', ...body },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${res.text}`);
  const mail = await app.services.db('mail_outbox').where('to_address', friend.email).first();
  return { clinic, owner, petId, friend, mailId: Number(mail.id) };
}

const outbox = (app: TestApp, id: number) => app.services.db('mail_outbox').where('id', id).first();
const work = (app: TestApp) => workOnce(app.services, jobHandlers, 'test-worker');

for (const dialect of DIALECTS) {
  test(`[${dialect}] an invite is delivered over SMTP: tenant as sender name, text and HTML, the code accepts it`, async (t) => {
    const smtp = await startSmtp({ user: 'mailer', password: 'smtp-pass-9f3k' });
    t.teardown(smtp.stop);
    const { lines, logger } = capturingLogger();
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url }, logger });
    t.teardown(app.close);
    const { clinic, friend, petId, mailId } = await invite(app, {
      invited_name: '<b>Fay</b>',
      note: 'Walks <script>alert(1)</script> & treats',
    });
    t.is((await outbox(app, mailId)).status, 'queued');

    const ran = await work(app);
    t.is(ran?.status, 'done', ran?.last_error ?? '');
    const row = await outbox(app, mailId);
    t.like(row, { status: 'sent', attempts: 1, last_error: null });
    t.is(isoOrNull(row.sent_at), app.clock.now().toISOString());

    t.is(smtp.received.length, 1);
    const got = smtp.received[0];
    t.deepEqual(got.from?.value, [{ name: clinic.tenant.name, address: 'no-reply@wfctl.local' }]);
    t.is(got.messageId, row.message_id);
    t.is(got.subject, (await outbox(app, mailId)).subject);
    const code = TOKEN_LINE.exec(got.text ?? '')?.[1];
    t.truthy(code, 'the text part carries the code');
    t.true(String(got.html).includes(code!), 'the HTML part carries the code');
    t.true(String(got.text).includes('POST http://127.0.0.1:'), 'the accept route is spelled out');
    t.true(String(got.text).includes(`"tenant_id": ${clinic.tenant.id}`));
    // Every interpolated value is escaped in the HTML part.
    t.false(String(got.html).includes('<script>'));
    t.false(String(got.html).includes('<b>Fay'));
    t.true(String(got.html).includes('Walks &lt;script&gt;alert(1)&lt;/script&gt; &amp; treats'));

    const accepted = await app.clinic.post(
      '/api/v1/caregivers/accept',
      { token: code },
      { token: friend.token },
    );
    t.is(accepted.status, 200, accepted.text);
    t.is(accepted.body.data.pet.id, petId);

    // Logged: that it was sent, never the code nor the SMTP password.
    const log = lines.join('');
    t.true(log.includes('"mail sent"'));
    t.false(log.includes(code!));
    t.false(log.includes('smtp-pass-9f3k'));
  });

  test(`[${dialect}] a server that is down leaves the row failed with the reason; the queue retries with backoff and it is sent`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    await smtp.stop();
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url } });
    t.teardown(app.close);
    const { friend, mailId } = await invite(app);

    const first = await work(app);
    t.is(first?.status, 'queued', 'the job waits for its next attempt');
    t.is(first?.run_at, new Date(app.clock.now().getTime() + backoffMs(1)).toISOString());
    const failed = await outbox(app, mailId);
    t.is(failed.status, 'failed');
    t.is(failed.attempts, 1);
    t.regex(failed.last_error, /ECONNREFUSED/);
    t.is(failed.sent_at, null);
    t.is(await work(app), null, 'nothing is due before the backoff');

    await smtp.start();
    app.clock.advance(backoffMs(1));
    t.is((await work(app))?.status, 'done');
    t.like(await outbox(app, mailId), { status: 'sent', attempts: 2, last_error: null });
    t.is(smtp.received.length, 1);
    t.is(
      smtp.received[0].to && 'value' in smtp.received[0].to ? smtp.received[0].to.value[0].address : '',
      friend.email,
    );
  });

  test(`[${dialect}] a refusing server: spent attempts make the row dead; an operator's retry sends it once`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url, MAIL_MAX_ATTEMPTS: '2' } });
    t.teardown(app.close);
    const db = app.services.db;
    const { clinic, friend, mailId } = await invite(app);
    smtp.refuse.add(friend.email);

    t.is((await work(app))?.status, 'queued');
    t.like(await outbox(app, mailId), { status: 'failed', attempts: 1 });
    t.regex((await outbox(app, mailId)).last_error, /550/);
    app.clock.advance(backoffMs(1));
    const last = await work(app);
    t.is(last?.status, 'failed', 'the job is spent');
    const dead = await outbox(app, mailId);
    t.like(dead, { status: 'dead', attempts: 2 });
    t.regex(dead.last_error, /550/);
    t.is(smtp.received.length, 0);

    smtp.refuse.clear();
    const retried = await runOperation(retryMail, operatorContext(app.services), { mail_id: mailId });
    t.is(retried.mail.status, 'queued');
    t.like(await db('clinic_audit_entries').where('action', 'mail.requeued').first(), {
      tenant_id: clinic.tenant.id,
      subject_type: 'mail',
      subject_id: mailId,
      via: 'cli',
    });
    t.is((await work(app))?.status, 'done');
    t.like(await outbox(app, mailId), { status: 'sent', attempts: 3, job_id: retried.job_id });

    // Sent: a second retry is refused and nothing is sent twice.
    const again = await t.throwsAsync(
      runOperation(retryMail, operatorContext(app.services), { mail_id: mailId }),
    );
    t.is((again as any).code, 'MAIL_ALREADY_SENT');
    t.is(await work(app), null);
    t.is(smtp.received.length, 1);
  });

  test(`[${dialect}] a message whose server answer was lost is sent again under the same Message-ID`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url } });
    t.teardown(app.close);
    const { mailId } = await invite(app);
    const { mailId: otherId } = await invite(app);
    smtp.loseAnswers.count = 1;

    t.is((await work(app))?.status, 'queued', 'the sender saw a 451 and will try again');
    t.like(await outbox(app, mailId), { status: 'failed', attempts: 1 });
    app.clock.advance(backoffMs(1));
    t.is((await work(app))?.status, 'done'); // the other invite
    t.is((await work(app))?.status, 'done'); // the retry
    const row = await outbox(app, mailId);
    t.like(row, { status: 'sent', attempts: 2 });

    // The server holds two copies of the first message: one Message-ID, the one the outbox records,
    // so a mail store keeps one. The other message has its own.
    const ids = smtp.received.map((m) => m.messageId);
    t.is(ids.length, 3);
    t.is(ids.filter((id) => id === row.message_id).length, 2);
    const other = await outbox(app, otherId);
    t.is(ids.filter((id) => id === other.message_id).length, 1);
    t.not(other.message_id, row.message_id);
    t.regex(row.message_id, /^<outbox-\d+\.\d+@wfctl\.local>$/);
  });

  test(`[${dialect}] retrying a failed email whose job is still queued: one delivery, not two`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    await smtp.stop();
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url } });
    t.teardown(app.close);
    const { mailId } = await invite(app);
    t.is((await work(app))?.status, 'queued');
    await smtp.start();
    const retried = await runOperation(retryMail, operatorContext(app.services), { mail_id: mailId });
    app.clock.advance(backoffMs(1));
    // The new job is due first and sends; the old one then finds the email sent and sends nothing.
    const results = [await work(app), await work(app)].map((j) => j?.result);
    t.deepEqual(
      results.map((r: any) => r?.status),
      ['sent', 'already_sent'],
    );
    t.like(await outbox(app, mailId), { status: 'sent', job_id: retried.job_id });
    t.is(smtp.received.length, 1);
  });

  test(`[${dialect}] without MAIL_URL each email is an .eml file under MAIL_DIR that a mail parser reads whole`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, friend, petId, mailId } = await invite(app);
    t.is((await work(app))?.status, 'done');
    const dir = app.services.config.mail.dir;
    const files = readdirSync(dir);
    t.deepEqual(files, [`${app.clock.now().toISOString().replace(/[:.]/g, '-')}-${mailId}.eml`]);
    const raw = readFileSync(join(dir, files[0]));
    t.true(raw.includes('\r\n'), 'RFC 822 line ends');
    const parsed = await simpleParser(raw);
    t.deepEqual(parsed.from?.value, [{ name: clinic.tenant.name, address: 'no-reply@wfctl.local' }]);
    t.is(parsed.messageId, (await outbox(app, mailId)).message_id);
    t.truthy(parsed.html);
    const code = TOKEN_LINE.exec(parsed.text ?? '')?.[1];
    t.truthy(code);
    const accepted = await app.clinic.post(
      '/api/v1/caregivers/accept',
      { token: code },
      { token: friend.token },
    );
    t.is(accepted.status, 200, accepted.text);
    t.is(accepted.body.data.pet.id, petId);
  });
}

test('the order-request email escapes what the requester typed and links the seller’s queue', (t) => {
  const mail = orderMail({
    orderId: 9,
    kind: 'custom',
    seller: { name: 'City & <Pharmacy>', slug: 'city-pharmacy' },
    requester: { name: 'Olive "O" Owner', email: 'olive@example.test', phone: null },
    petName: 'Biscuit',
    species: 'dog',
    summary: '<img src=x onerror=alert(1)>',
    prescription: null,
    delivery: 'delivery',
    address: '12 <Residency> Road',
    notes: null,
    publicUrl: 'https://clinic.example.test',
  });
  t.false(mail.html.includes('<img'));
  t.false(mail.html.includes('<Pharmacy>'));
  t.true(mail.html.includes('&lt;img src=x onerror=alert(1)&gt;'));
  t.true(mail.html.includes('href="https://clinic.example.test/api/v1/tenant/city-pharmacy/orders"'));
  t.true(mail.text.includes('Items: <img src=x onerror=alert(1)>'), 'the text part is text');
  t.true(mail.text.includes('wfctl order accept 9 --tenant city-pharmacy'));
});

test('MAIL_URL: smtp:// or smtps://, a bad one stops the start naming it, the password is never shown', (t) => {
  const smtp = loadConfig({ MAIL_URL: 'smtp://mailer:s%40cret@mail.example.test' }).mail.smtp;
  t.like(smtp, { host: 'mail.example.test', port: 587, secure: false, user: 'mailer', password: 's@cret' });
  t.is(smtp?.display, 'smtp://mailer@mail.example.test');
  t.like(loadConfig({ MAIL_URL: 'smtps://relay.example.test' }).mail.smtp, {
    port: 465,
    secure: true,
    user: '',
  });
  t.is(loadConfig({}).mail.smtp, null);
  t.like(loadConfig({}).mail, {
    dir: join(installDirectory(), 'var/mail'),
    fromName: 'wfctl',
    fromAddress: 'no-reply@wfctl.local',
  });
  for (const bad of ['http://mail.example.test', 'smtp://', 'not a url']) {
    const err = t.throws(() => loadConfig({ MAIL_URL: bad }), { instanceOf: ConfigError });
    t.is(err?.variable, 'MAIL_URL');
  }
  const leaked = t.throws(() => loadConfig({ MAIL_URL: 'imap://u:hunter22@h' }));
  t.false(leaked?.message.includes('hunter22'));
  t.is(
    t.throws(() => loadConfig({ MAIL_FROM: 'nobody' }), { instanceOf: ConfigError })?.variable,
    'MAIL_FROM',
  );
  t.is(
    t.throws(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' }), { instanceOf: ConfigError })?.variable,
    'MAIL_MAX_ATTEMPTS',
  );
});

test('plain-text parts are wrapped at 72 columns; the indented code line is kept whole', (t) => {
  const code = 'x'.repeat(48);
  const wrapped = wrapText(`${'word '.repeat(40).trim()}\n\n    ${code}\n${'y'.repeat(90)}`);
  for (const line of wrapped.split('\n')) t.true(line.length <= 72 || line === 'y'.repeat(90), line);
  t.true(wrapped.includes(`\n    ${code}\n`));
});
