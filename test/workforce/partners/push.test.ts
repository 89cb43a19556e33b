// The nightly push as a partner sees it (nock plays the partner; no real network): the exact body
// and headers, the signature, batching, and the ledger. Retry rules are in push-retries.test.ts.
import test from 'ava';
import { createHmac } from 'node:crypto';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { verifySignature } from '../../../src/workforce/partners/signature.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { snapshot } from '../../helpers/workforce.js';
import {
  createPartner,
  fakeSleep,
  insertAttendance,
  lockFixture,
  orgWithStaff,
  servicesFor,
  systemContext,
  unlockFixture,
} from './fixtures.js';

nock.disableNetConnect();

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A partner endpoint that answers `status` and records what it received. */
function partnerEndpoint(url: string, received: Received[], times = 1, status = 200) {
  const u = new URL(url);
  return nock(u.origin)
    .post(`${u.pathname}/attendance/daily`)
    .times(times)
    .reply(function (_uri, body) {
      received.push({
        headers: this.req.headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return [status, { received: true }];
    });
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

for (const dialect of DIALECTS) {
  test(`[${dialect}] a partner receives exactly the contract's records, signed, with the documented headers`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, unit, employees } = await orgWithStaff(tdb.db, {
      employees: 2,
      code: 'ACME',
      unitCode: 'BLR',
    });
    await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: unit.id,
      employeeIds: employees.map((e) => e.id),
      month: '2026-01',
      days: 2,
      row: (employeeId, day) =>
        employeeId === employees[1].id && day === 2
          ? { status: 'absent', check_in: null, check_out: null, worked_minutes: 0, flags: '[]' }
          : {},
    });
    const lockId = await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    const partner = await createPartner(tdb.db, {
      name: 'payroll-co',
      url: `https://payroll-${dialect}.example.test/hooks/`,
      token: 'out-token-123',
      secret: 'whsec_abc',
      organizationIds: [org.id],
    });
    const received: Received[] = [];
    const scope = partnerEndpoint(partner.url.replace(/\/$/, ''), received);

    const result = await runOperation(
      pushToPartners,
      await systemContext(services, fakeSleep(services.clock)),
      {},
    );

    t.true(scope.isDone());
    t.true(result.ok);
    t.is(received.length, 1);
    const [{ headers, body }] = received;
    t.is(headers.authorization, 'Bearer out-token-123');
    t.regex(String(headers['content-type']), /^application\/json/);
    const [e1, e2] = employees.map((e) => e.code);
    const record = (code: string, date: string, extra: Record<string, unknown> = {}) => ({
      employee_id: code,
      organization_code: 'ACME',
      unit_code: 'BLR',
      date,
      status: 'present',
      check_in: '09:00:00Z',
      check_out: '17:30:00Z',
      worked_minutes: 510,
      flags: date.endsWith('01') ? ['LATE_CHECK_IN'] : [],
      ...extra,
    });
    t.deepEqual(JSON.parse(body), [
      record(e1, '2026-01-01'),
      record(e2, '2026-01-01'),
      record(e1, '2026-01-02'),
      record(e2, '2026-01-02', { status: 'absent', check_in: null, check_out: null, worked_minutes: 0 }),
    ]);
    // The signature, recomputed independently: t=<unix>,v1=<hmac of "<t>.<body>">.
    const unix = Math.floor(services.clock.now().getTime() / 1000);
    t.is(headers['x-attendance-signature'], `t=${unix},v1=${hmac('whsec_abc', `${unix}.${body}`)}`);
    t.true(
      verifySignature({
        secret: 'whsec_abc',
        header: String(headers['x-attendance-signature']),
        body,
        now: services.clock.now(),
      }).valid,
    );
    const ledger = await tdb.db('partner_deliveries').select();
    t.is(ledger.length, 1);
    t.is(headers['x-attendance-delivery-id'], ledger[0].delivery_id);
    t.like(ledger[0], {
      partner_id: partner.id,
      organization_id: org.id,
      month: '2026-01',
      lock_id: lockId,
      batch_index: 0,
      record_count: 4,
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      last_error: null,
    });
    t.truthy(ledger[0].delivered_at);
    t.deepEqual(
      result.items.map((i) => [
        i.partner,
        i.organization_code,
        i.month,
        i.records,
        i.batches,
        i.delivered_batches,
      ]),
      [['payroll-co', 'ACME', '2026-01', 4, 1, 1]],
    );

    // Delivered days are not due again: a second run sends nothing (no interceptor is left).
    const again = await runOperation(pushToPartners, await systemContext(services), {});
    t.deepEqual(again.items, []);
    t.true(again.ok);
  });

  test(`[${dialect}] a large month goes in batches of at most PARTNER_PUSH_BATCH_SIZE, each signed`, async (t) => {
    const tdb = await createTestDb(dialect, { PARTNER_PUSH_BATCH_SIZE: '7' });
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 3 });
    const total = await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: unit.id,
      employeeIds: employees.map((e) => e.id),
      month: '2026-01',
      days: 10,
    });
    await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    const partner = await createPartner(tdb.db, { secret: 's3cret', organizationIds: [org.id] });
    const received: Received[] = [];
    partnerEndpoint(partner.url, received, 5);

    const result = await runOperation(pushToPartners, await systemContext(services), {});

    t.true(result.ok);
    t.is(total, 30);
    t.deepEqual(
      received.map((r) => JSON.parse(r.body).length),
      [7, 7, 7, 7, 2],
    );
    for (const r of received) {
      const sig = String(r.headers['x-attendance-signature']);
      const unix = /t=(\d+)/.exec(sig)![1];
      t.is(sig, `t=${unix},v1=${hmac('s3cret', `${unix}.${r.body}`)}`);
    }
    const all = received.flatMap((r) => JSON.parse(r.body).map((x: any) => `${x.employee_id}@${x.date}`));
    t.is(new Set(all).size, 30);
    t.is(new Set(received.map((r) => r.headers['x-attendance-delivery-id'])).size, 5);
    const ledger = await tdb.db('partner_deliveries').orderBy('batch_index');
    t.deepEqual(
      ledger.map((l) => [l.batch_index, l.record_count, l.status, Boolean(l.is_last)]),
      [
        [0, 7, 'delivered', false],
        [1, 7, 'delivered', false],
        [2, 7, 'delivered', false],
        [3, 7, 'delivered', false],
        [4, 2, 'delivered', true],
      ],
    );
    t.deepEqual(
      result.items.map((i) => [i.records, i.batches, i.delivered_batches]),
      [[30, 5, 5]],
    );
  });

  test(`[${dialect}] an unlock followed by a new lock makes those days due again`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 2 });
    await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: unit.id,
      employeeIds: employees.map((e) => e.id),
      month: '2026-01',
      days: 3,
    });
    const first = await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    const partner = await createPartner(tdb.db, { organizationIds: [org.id] });
    const received: Received[] = [];
    partnerEndpoint(partner.url, received);
    t.true((await runOperation(pushToPartners, await systemContext(services), {})).ok);
    t.is(received.length, 1);

    // Unlocked: nothing is due (and nothing is sent: there is no interceptor left).
    await unlockFixture(tdb.db, first);
    t.deepEqual((await runOperation(pushToPartners, await systemContext(services), {})).items, []);

    const second = await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    t.not(second, first);
    partnerEndpoint(partner.url, received);
    const result = await runOperation(pushToPartners, await systemContext(services), {});
    t.true(result.ok);
    t.is(received.length, 2);
    t.deepEqual(JSON.parse(received[1].body), JSON.parse(received[0].body));
    t.not(received[1].headers['x-attendance-delivery-id'], received[0].headers['x-attendance-delivery-id']);
    t.deepEqual(
      (await tdb.db('partner_deliveries').orderBy('id')).map((l) => [l.lock_id, l.status]),
      [
        [first, 'delivered'],
        [second, 'delivered'],
      ],
    );
  });

  test(`[${dialect}] --dry-run reports partners, months, records and batches and sends nothing`, async (t) => {
    const tdb = await createTestDb(dialect, { PARTNER_PUSH_BATCH_SIZE: '4' });
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 3, code: 'DRY' });
    for (const month of ['2026-01', '2026-02']) {
      await insertAttendance(tdb.db, {
        organizationId: org.id,
        unitId: unit.id,
        employeeIds: employees.map((e) => e.id),
        month,
        days: month === '2026-01' ? 3 : 1,
      });
      await lockFixture(tdb.db, { organizationId: org.id, month });
    }
    await createPartner(tdb.db, { name: 'dry-partner', organizationIds: [org.id] });
    const before = await snapshot(tdb.db, ['partner_deliveries', 'attendance', 'attendance_locks']);

    // No interceptor at all: any request would fail the run and land in the ledger.
    const result = await runOperation(pushToPartners, await systemContext(services), { dry_run: true });

    t.true(result.dry_run);
    t.deepEqual(
      result.items.map((i) => [i.partner, i.organization_code, i.month, i.records, i.batches]),
      [
        ['dry-partner', 'DRY', '2026-01', 9, 3],
        ['dry-partner', 'DRY', '2026-02', 3, 1],
      ],
    );
    t.deepEqual(await snapshot(tdb.db, ['partner_deliveries', 'attendance', 'attendance_locks']), before);
  });

  test(`[${dialect}] only linked organizations of active partners, filtered by partner, org and month`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const a = await orgWithStaff(tdb.db, { employees: 1, code: 'ORGA' });
    const b = await orgWithStaff(tdb.db, { employees: 1, code: 'ORGB' });
    for (const o of [a, b]) {
      for (const month of ['2026-01', '2026-02']) {
        await insertAttendance(tdb.db, {
          organizationId: o.org.id,
          unitId: o.unit.id,
          employeeIds: o.employees.map((e) => e.id),
          month,
          days: 2,
        });
        await lockFixture(tdb.db, { organizationId: o.org.id, month });
      }
    }
    const onlyA = await createPartner(tdb.db, { name: 'only-a', organizationIds: [a.org.id] });
    await createPartner(tdb.db, { name: 'retired', organizationIds: [a.org.id, b.org.id], active: false });
    const both = await createPartner(tdb.db, { name: 'both', organizationIds: [a.org.id, b.org.id] });

    const plan = await runOperation(pushToPartners, await systemContext(services), { dry_run: true });
    t.deepEqual(
      plan.items.map((i) => `${i.partner}:${i.organization_code}:${i.month}`),
      [
        'both:ORGA:2026-01',
        'both:ORGA:2026-02',
        'both:ORGB:2026-01',
        'both:ORGB:2026-02',
        'only-a:ORGA:2026-01',
        'only-a:ORGA:2026-02',
      ],
    );

    const received: Received[] = [];
    partnerEndpoint(both.url, received);
    const one = await runOperation(pushToPartners, await systemContext(services), {
      partner: 'both',
      org: 'ORGB',
      month: '2026-02',
    });
    t.true(one.ok);
    t.deepEqual(
      one.items.map((i) => `${i.partner}:${i.organization_code}:${i.month}`),
      ['both:ORGB:2026-02'],
    );
    t.is(received.length, 1);
    t.true(
      JSON.parse(received[0].body).every(
        (r: any) => r.organization_code === 'ORGB' && r.date.startsWith('2026-02'),
      ),
    );

    const unknown = await t.throwsAsync(
      runOperation(pushToPartners, await systemContext(services), { partner: 'nobody' }),
    );
    t.deepEqual((unknown as any).errors, { partner: ['partner: no partner nobody.'] });
    t.is((unknown as any).status, 404);
    const badMonth = await t.throwsAsync(
      runOperation(pushToPartners, await systemContext(services), { month: '2026-13' }),
    );
    t.is((badMonth as any).status, 422);
    t.truthy((badMonth as any).errors.month);
    const inactive = await t.throwsAsync(
      runOperation(pushToPartners, await systemContext(services), { partner: 'retired' }),
    );
    t.is((inactive as any).status, 422);
    t.is(onlyA.name, 'only-a');
  });

  test(`[${dialect}] during a secret rotation the header carries two v1 values, one per secret`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 1 });
    await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: unit.id,
      employeeIds: [employees[0].id],
      month: '2026-01',
      days: 1,
    });
    await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    const partner = await createPartner(tdb.db, {
      secret: 'old-secret',
      nextSecret: 'new-secret',
      organizationIds: [org.id],
    });
    const received: Received[] = [];
    partnerEndpoint(partner.url, received);
    t.true((await runOperation(pushToPartners, await systemContext(services), {})).ok);
    const { headers, body } = received[0];
    const unix = Math.floor(services.clock.now().getTime() / 1000);
    t.is(
      headers['x-attendance-signature'],
      `t=${unix},v1=${hmac('old-secret', `${unix}.${body}`)},v1=${hmac('new-secret', `${unix}.${body}`)}`,
    );
    for (const secret of ['old-secret', 'new-secret']) {
      t.true(
        verifySignature({
          secret,
          header: String(headers['x-attendance-signature']),
          body,
          now: services.clock.now(),
        }).valid,
      );
    }
    t.false(
      verifySignature({
        secret: 'other',
        header: String(headers['x-attendance-signature']),
        body,
        now: services.clock.now(),
      }).valid,
    );
  });
}
