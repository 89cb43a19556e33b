// `wfctl mail list/show/retry` run as cron or a script would (no terminal): --json output, the
// status filter and keyset pages, the message as sent, a retry that `wfctl jobs work` then delivers
// as an .eml file, and the bad inputs (unknown id, bad status or id → exit 2 naming the flag or
// argument, a sent email refused) with the database unchanged.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import { toDbTime } from '../../src/db/time.js';
import { runCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

const AT = new Date('2026-11-20T10:00:00.000Z');

async function insertMail(db: Knex, fields: Record<string, unknown>): Promise<number> {
  const [id] = await db('mail_outbox').insert({
    from_name: 'Happy Paws',
    from_address: 'no-reply@wfctl.local',
    to_address: 'fay@example.test',
    subject: 'Olive invited you to help care for Biscuit',
    body: 'Hello,\n\n    CODE123\n',
    html_body: '<p>Hello</p>',
    status: 'queued',
    attempts: 0,
    job_name: 'SendCaregiverInviteEmailJob',
    created_at: toDbTime(AT),
    updated_at: toDbTime(AT),
    ...fields,
  });
  return Number(id);
}

const snapshot = async (db: Knex) => ({
  mail: await db('mail_outbox').orderBy('id').select('id', 'status', 'attempts', 'job_id'),
  jobs: Number((await db('jobs').count({ n: '*' }).first())?.n),
  audit: Number((await db('clinic_audit_entries').count({ n: '*' }).first())?.n),
});

async function setup(t: ExecutionContext, dialect: (typeof DIALECTS)[number]) {
  const tdb = await createTestDb(dialect);
  t.teardown(tdb.destroy);
  const mailDir = mkdtempSync(join(tmpdir(), 'wfctl-mail-'));
  t.teardown(() => rmSync(mailDir, { recursive: true, force: true }));
  const db = tdb.db;
  const run = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url, env: { MAIL_DIR: mailDir } });
  const sent = await insertMail(db, {
    status: 'sent',
    attempts: 1,
    sent_at: toDbTime(AT),
    message_id: '<a@x>',
  });
  const failed = await insertMail(db, {
    status: 'failed',
    attempts: 1,
    last_error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
    tenant_id: 7,
  });
  const dead = await insertMail(db, { status: 'dead', attempts: 5, last_error: '550 Mailbox unavailable' });
  return { db, mailDir, run, sent, failed, dead };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] wfctl mail list (status filter, keyset pages) and show; bad inputs exit 2`, async (t) => {
    const { db, run, sent, failed, dead } = await setup(t, dialect);
    const all = await run(['mail', 'list', '--json']);
    t.is(all.code, 0, all.stderr);
    t.deepEqual(
      all.json().data.map((m: any) => [m.id, m.status]),
      [
        [dead, 'dead'],
        [failed, 'failed'],
        [sent, 'sent'],
      ],
    );
    t.false(all.stdout.includes('CODE123'), 'the list carries no bodies');
    const onlyFailed = await run(['mail', 'list', '--status', 'failed', '--json']);
    t.deepEqual(
      onlyFailed.json().data.map((m: any) => [m.id, m.last_error]),
      [[failed, 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525']],
    );
    const page1 = (await run(['mail', 'list', '--limit', '2', '--json'])).json();
    t.is(page1.meta.next_before, failed);
    const page2 = (
      await run(['mail', 'list', '--limit', '2', '--before', String(page1.meta.next_before), '--json'])
    ).json();
    t.deepEqual(
      page2.data.map((m: any) => m.id),
      [sent],
    );
    t.is(page2.meta.next_before, null);

    const shown = await run(['mail', 'show', String(sent), '--json']);
    t.is(shown.code, 0, shown.stderr);
    t.like(shown.json(), {
      id: sent,
      status: 'sent',
      from: '"Happy Paws" <no-reply@wfctl.local>',
      to: 'fay@example.test',
      message_id: '<a@x>',
      text: 'Hello,\n\n    CODE123\n',
      html: '<p>Hello</p>',
      sent_at: AT.toISOString(),
    });

    // Bad inputs: exit 2 naming what was wrong, nothing changed.
    const before = await snapshot(db);
    const badStatus = await run(['mail', 'list', '--status', 'lost']);
    t.is(badStatus.code, 2);
    t.regex(badStatus.stderr, /--status must be one of queued, sending, sent, failed, dead/);
    const badId = await run(['mail', 'show', 'abc']);
    t.is(badId.code, 2);
    t.regex(badId.stderr, /ID/);
    const unknown = await run(['mail', 'show', '9999']);
    t.is(unknown.code, 2);
    t.regex(unknown.stderr, /No email 9999/);
    t.deepEqual(await snapshot(db), before);
  });

  test(`[${dialect}] wfctl mail retry queues a failed email again; jobs work delivers it as an .eml file`, async (t) => {
    const { db, mailDir, run, sent, failed } = await setup(t, dialect);
    const before = await snapshot(db);
    const unknownRetry = await run(['mail', 'retry', '9999', '--json']);
    t.is(unknownRetry.code, 2);
    t.regex(unknownRetry.json().message, /No email 9999/);
    const twice = await run(['mail', 'retry', String(sent), '--json']);
    t.is(twice.code, 2);
    t.is(twice.json().code, 'MAIL_ALREADY_SENT');
    t.deepEqual(await snapshot(db), before);

    const retried = await run(['mail', 'retry', String(failed), '--json']);
    t.is(retried.code, 0, retried.stderr);
    const { job_id: jobId, mail } = retried.json();
    t.like(mail, { id: failed, status: 'queued' });
    t.like(await db('jobs').where('id', jobId).first(), {
      name: 'SendCaregiverInviteEmailJob',
      status: 'queued',
    });
    t.like(await db('clinic_audit_entries').where('action', 'mail.requeued').first(), {
      subject_id: failed,
      tenant_id: 7,
      via: 'cli',
    });
    const pending = await run(['mail', 'retry', String(failed), '--json']);
    t.is(pending.code, 2);
    t.is(pending.json().code, 'MAIL_PENDING');

    const worked = await run(['jobs', 'work', '--json']);
    t.is(worked.code, 0, worked.stderr);
    t.like(await db('mail_outbox').where('id', failed).first(), {
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
    const files = readdirSync(mailDir);
    t.is(files.length, 1);
    t.regex(files[0], new RegExp(`-${failed}\\.eml$`));
  });
}
