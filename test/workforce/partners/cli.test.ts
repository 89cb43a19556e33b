// `wfctl partner push|deliveries|redeliver|verify` run as cron would, in a child process, against a
// partner played by a local HTTP server in this test process (nock cannot reach a child process).
import test from 'ava';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import { snapshot } from '../../helpers/workforce.js';
import { createPartner, insertAttendance, lockFixture, orgWithStaff } from './fixtures.js';

interface Receiver {
  url: string;
  status: number;
  requests: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const state: Receiver = { url: '', status: 200, requests: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      state.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status, { 'Content-Type': 'text/plain' });
      res.end(state.status < 300 ? 'ok' : 'rejected: unknown employee');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

async function setup(dialect: Dialect) {
  const tdb = await createTestDb(dialect);
  const rx = await receiver();
  const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 2, code: 'CLIP' });
  await insertAttendance(tdb.db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds: employees.map((e) => e.id),
    month: '2026-01',
    days: 3,
  });
  await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
  await createPartner(tdb.db, {
    name: 'cron-payroll',
    url: rx.url,
    secret: 'cli-secret',
    organizationIds: [org.id],
  });
  const cli = (args: string[], input?: string) => runCli(args, { databaseUrl: tdb.database.url, input });
  return { tdb, rx, cli };
}

for (const dialect of DIALECTS) {
  test.serial(
    `[${dialect}] push exits 0 when everything due was delivered; verify accepts what was received`,
    async (t) => {
      const s = await setup(dialect);
      t.teardown(async () => {
        await s.rx.close();
        await s.tdb.destroy();
      });
      const dry = await s.cli(['partner', 'push', '--dry-run', '--json']);
      t.is(dry.code, 0, dry.stderr);
      t.like(dry.json(), { dry_run: true, ok: true });
      t.like(dry.json().items[0], {
        partner: 'cron-payroll',
        organization_code: 'CLIP',
        month: '2026-01',
        records: 6,
        batches: 1,
      });
      t.is(s.rx.requests.length, 0);
      t.is((await s.tdb.db('partner_deliveries')).length, 0);

      const push = await s.cli(['partner', 'push', '--json']);
      t.is(push.code, 0, push.stderr);
      t.like(push.json(), { ok: true, delivered_batches: 1, failed_batches: 0 });
      t.is(s.rx.requests.length, 1);
      const [{ headers, body }] = s.rx.requests;
      t.is(JSON.parse(body).length, 6);

      const dir = mkdtempSync(join(tmpdir(), 'wfctl-verify-'));
      writeFileSync(join(dir, 'body.json'), body);
      const header = String(headers['x-attendance-signature']);
      const ok = await s.cli(
        [
          'partner',
          'verify',
          '--header',
          header,
          '--body',
          join(dir, 'body.json'),
          '--secret-stdin',
          '--json',
        ],
        'cli-secret',
      );
      t.is(ok.code, 0, ok.stderr);
      t.true(ok.json().valid);
      const wrong = await s.cli(
        ['partner', 'verify', '--header', header, '--body', join(dir, 'body.json'), '--secret-stdin'],
        'nope\n',
      );
      t.is(wrong.code, 1);
      t.regex(wrong.stderr, /No v1 signature matches/);
      // A 6-minute-old signature (made here with an independent HMAC) is refused as a replay.
      const old = Math.floor(Date.now() / 1000) - 360;
      const oldHeader = `t=${old},v1=${createHmac('sha256', 'cli-secret').update(`${old}.${body}`).digest('hex')}`;
      writeFileSync(join(dir, 'old.json'), body);
      const stale = await s.cli(
        [
          'partner',
          'verify',
          '--header',
          oldHeader,
          '--body',
          join(dir, 'old.json'),
          '--secret-stdin',
          '--json',
        ],
        'cli-secret\n',
      );
      t.is(stale.code, 1);
      t.like(stale.json(), { valid: false, code: 'SIGNATURE_INVALID' });
      t.regex(stale.json().reason, /replay/);
      const missing = await s.cli([
        'partner',
        'verify',
        '--header',
        header,
        '--body',
        join(dir, 'body.json'),
      ]);
      t.is(missing.code, 2);
      t.regex(missing.stderr, /--secret-stdin/);
      const onArgv = await s.cli([
        'partner',
        'verify',
        '--secret',
        'cli-secret',
        '--header',
        header,
        '--body',
        join(dir, 'body.json'),
        '--json',
      ]);
      t.is(onArgv.code, 2);
      t.deepEqual(Object.keys(onArgv.json().errors), ['--secret']);

      const list = await s.cli(['partner', 'deliveries', '--json']);
      t.is(list.code, 0, list.stderr);
      t.like(list.json().data[0], {
        partner: 'cron-payroll',
        status: 'delivered',
        record_count: 6,
        attempts: 1,
      });
      t.deepEqual(JSON.parse(JSON.stringify(list.json().data[0])).outbound_token, undefined);

      const nothing = await s.cli(['partner', 'push', '--json']);
      t.is(nothing.code, 0);
      t.deepEqual(nothing.json().items, []);
      t.is(s.rx.requests.length, 1);
    },
  );

  test.serial(
    `[${dialect}] push exits 1 listing the failures; deliveries --failed shows them; redeliver sends again`,
    async (t) => {
      const s = await setup(dialect);
      t.teardown(async () => {
        await s.rx.close();
        await s.tdb.destroy();
      });
      s.rx.status = 400; // not retried, so the child never waits
      const push = await s.cli(['partner', 'push', '--json']);
      t.is(push.code, 1, push.stderr);
      const out = push.json(); // one JSON document, the result with the error code
      t.like(out, { ok: false, code: 'PUSH_FAILED', failed_batches: 1 });
      t.like(out.failures[0], { partner: 'cron-payroll', month: '2026-01', response_code: 400, attempts: 1 });
      t.regex(push.stderr, /1 batch\(es\) failed/);
      t.regex(push.stderr, /cron-payroll CLIP 2026-01 batch 0 .*HTTP 400/);

      const failed = await s.cli(['partner', 'deliveries', '--failed', '--json']);
      t.is(failed.code, 0);
      t.is(failed.json().data.length, 1);
      const id = String(failed.json().data[0].id);

      const again = await s.cli(['partner', 'redeliver', id, '--json']);
      t.is(again.code, 1);
      t.like(again.json(), { ok: false, code: 'PUSH_FAILED' });
      s.rx.status = 204;
      const fixed = await s.cli(['partner', 'redeliver', id, '--json']);
      t.is(fixed.code, 0, fixed.stderr);
      t.like(fixed.json().delivery, { status: 'delivered', attempts: 3, response_code: 204 });
      t.is(s.rx.requests.length, 3);
      t.is(s.rx.requests[2].headers['x-attendance-delivery-id'], failed.json().data[0].delivery_id);
      t.is((await s.cli(['partner', 'deliveries', '--failed', '--json'])).json().data.length, 0);
    },
  );

  test.serial(`[${dialect}] push and redeliver usage errors exit 2 and change nothing`, async (t) => {
    const s = await setup(dialect);
    t.teardown(async () => {
      await s.rx.close();
      await s.tdb.destroy();
    });
    const before = await snapshot(s.tdb.db, ['partner_deliveries']);
    const month = await s.cli(['partner', 'push', '--month', '2026-13']);
    t.is(month.code, 2);
    t.regex(month.stderr, /--month/);
    const partner = await s.cli(['partner', 'push', '--partner', 'nobody']);
    t.is(partner.code, 2);
    t.regex(partner.stderr, /--partner.*nobody|Unknown partner nobody/);
    const org = await s.cli(['partner', 'push', '--org', 'NOPE']);
    t.is(org.code, 2);
    t.regex(org.stderr, /--org/);
    const redeliver = await s.cli(['partner', 'redeliver', '424242']);
    t.is(redeliver.code, 2);
    t.regex(redeliver.stderr, /No delivery 424242/);
    const neither = await s.cli(['partner', 'redeliver', '--json']);
    t.is(neither.code, 2);
    t.deepEqual(Object.keys(neither.json().errors), ['DELIVERY']);
    const both = await s.cli(['partner', 'redeliver', '1', '--all-dead']);
    t.is(both.code, 2);
    const noneDead = await s.cli(['partner', 'redeliver', '--all-dead', '--json']);
    t.is(noneDead.code, 0, noneDead.stderr);
    t.like(noneDead.json(), { ok: true, delivery: null, deliveries: [], skipped: [] });
    t.deepEqual(await snapshot(s.tdb.db, ['partner_deliveries']), before);
    t.is(s.rx.requests.length, 0);
  });
}
