// GET /api/v1/integrations/payroll/pull over real HTTP: the streamed month, and each refusal.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { createUser, tokenFor } from '../../helpers/workforce.js';
import {
  createPartner,
  insertAttendance,
  lockFixture,
  orgWithStaff,
  partnerToken,
  unlockFixture,
} from './fixtures.js';

const PULL = '/api/v1/integrations/payroll/pull';

async function setup(dialect: Dialect, env: Record<string, string> = {}) {
  const app = await bootApp(dialect, { env });
  const db = app.services.db;
  const linked = await orgWithStaff(db, { employees: 2, code: 'PULLA', unitCode: 'HQ' });
  const other = await orgWithStaff(db, { employees: 1, code: 'PULLB' });
  for (const o of [linked, other]) {
    await insertAttendance(db, {
      organizationId: o.org.id,
      unitId: o.unit.id,
      employeeIds: o.employees.map((e) => e.id),
      month: '2026-01',
      days: 3,
    });
  }
  const partner = await createPartner(db, { organizationIds: [linked.org.id] });
  const token = await partnerToken(db, partner.id);
  return { app, db, linked, other, partner, token };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a locked month streams as a JSON array of daily attendance records`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.app.close);
    await lockFixture(s.db, { organizationId: s.linked.org.id, month: '2026-01' });
    const res = await s.app.workforce.get(`${PULL}?month=2026-01&org_id=${s.linked.org.id}`, {
      token: s.token,
    });
    t.is(res.status, 200, res.text);
    t.regex(res.headers.get('content-type')!, /^application\/json/);
    t.is(res.headers.get('content-length'), null); // streamed, not buffered
    t.is(res.headers.get('x-organization-code'), 'PULLA');
    const [e1, e2] = s.linked.employees.map((e) => e.code);
    t.deepEqual(
      res.body.map((r: any) => `${r.date}:${r.employee_id}`),
      ['01', '02', '03'].flatMap((d) => [`2026-01-${d}:${e1}`, `2026-01-${d}:${e2}`]),
    );
    t.deepEqual(res.body[0], {
      employee_id: e1,
      organization_code: 'PULLA',
      unit_code: 'HQ',
      date: '2026-01-01',
      status: 'present',
      check_in: '09:00:00Z',
      check_out: '17:30:00Z',
      worked_minutes: 510,
      flags: ['LATE_CHECK_IN'],
    });
    // An empty locked month is an empty array.
    await lockFixture(s.db, { organizationId: s.linked.org.id, month: '2026-02' });
    const empty = await s.app.workforce.get(`${PULL}?month=2026-02&org_id=${s.linked.org.id}`, {
      token: s.token,
    });
    t.is(empty.status, 200);
    t.deepEqual(empty.body, []);
  });

  test(`[${dialect}] a month not locked is 409 LOCK_PENDING, also when part of it was unlocked again`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.app.close);
    const url = `${PULL}?month=2026-01&org_id=${s.linked.org.id}`;
    const open = await s.app.workforce.get(url, { token: s.token });
    t.is(open.status, 409);
    t.is(open.body.code, 'LOCK_PENDING');
    t.regex(open.body.message, /not locked/);

    // A unit lock alone does not lock the organization's month.
    const unitLock = await lockFixture(s.db, {
      organizationId: s.linked.org.id,
      unitId: s.linked.unit.id,
      month: '2026-01',
    });
    t.is((await s.app.workforce.get(url, { token: s.token })).body.code, 'LOCK_PENDING');
    // The org lock covers the rest; unlocking the unit lock reopens part of the month.
    await lockFixture(s.db, { organizationId: s.linked.org.id, month: '2026-01' });
    t.is((await s.app.workforce.get(url, { token: s.token })).status, 200);
    await unlockFixture(s.db, unitLock);
    const partial = await s.app.workforce.get(url, { token: s.token });
    t.is(partial.status, 409);
    t.is(partial.body.code, 'LOCK_PENDING');
  });

  test(`[${dialect}] an organization the partner is not linked to, or that does not exist, is a 404`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.app.close);
    await lockFixture(s.db, { organizationId: s.other.org.id, month: '2026-01' });
    const other = await s.app.workforce.get(`${PULL}?month=2026-01&org_id=${s.other.org.id}`, {
      token: s.token,
    });
    t.is(other.status, 404);
    t.is(other.body.code, 'NOT_FOUND');
    const missing = await s.app.workforce.get(`${PULL}?month=2026-01&org_id=999999`, { token: s.token });
    t.is(missing.status, 404);
    t.deepEqual(missing.body, other.body);
  });

  test(`[${dialect}] a bad month or org_id is a 422 naming the field`, async (t) => {
    const s = await setup(dialect, { PULL_RATE_LIMIT_PER_MINUTE: '100' });
    t.teardown(s.app.close);
    const id = s.linked.org.id;
    const cases: Array<[string, string]> = [
      [`month=2026-13&org_id=${id}`, 'month'],
      [`month=2026-1&org_id=${id}`, 'month'],
      [`month=January&org_id=${id}`, 'month'],
      [`org_id=${id}`, 'month'],
      ['month=2026-01&org_id=abc', 'org_id'],
      ['month=2026-01&org_id=0', 'org_id'],
      ['month=2026-01&org_id=1.5', 'org_id'],
      ['month=2026-01', 'org_id'],
    ];
    for (const [query, field] of cases) {
      const res = await s.app.workforce.get(`${PULL}?${query}`, { token: s.token });
      t.is(res.status, 422, query);
      t.deepEqual(Object.keys(res.body.errors), [field], query);
    }
  });

  test(`[${dialect}] pulls are limited per partner per minute (429 with Retry-After); user tokens get 401`, async (t) => {
    const s = await setup(dialect, { PULL_RATE_LIMIT_PER_MINUTE: '3' });
    t.teardown(s.app.close);
    await lockFixture(s.db, { organizationId: s.linked.org.id, month: '2026-01' });
    const url = `${PULL}?month=2026-01&org_id=${s.linked.org.id}`;
    for (let i = 0; i < 3; i++) t.is((await s.app.workforce.get(url, { token: s.token })).status, 200);
    const limited = await s.app.workforce.get(url, { token: s.token });
    t.is(limited.status, 429);
    t.truthy(Number(limited.headers.get('retry-after')) > 0);
    // Another token of the same partner shares the limit; another partner does not.
    const second = await partnerToken(s.db, s.partner.id);
    t.is((await s.app.workforce.get(url, { token: second })).status, 429);
    const otherPartner = await createPartner(s.db, { organizationIds: [s.linked.org.id] });
    t.is((await s.app.workforce.get(url, { token: await partnerToken(s.db, otherPartner.id) })).status, 200);
    // The next minute the partner may pull again.
    s.app.clock.advance(60_000);
    t.is((await s.app.workforce.get(url, { token: s.token })).status, 200);

    const user = await createUser(s.db, { grants: [{ role: 'org_admin', organizationId: s.linked.org.id }] });
    const userToken = await tokenFor(s.app.services, user.id);
    t.is((await s.app.workforce.get(url, { token: userToken })).status, 401);
    t.is((await s.app.workforce.get(url)).status, 401);
  });
}
