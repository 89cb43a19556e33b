// Smaller rules of issue 13, point 7: locking a retired unit is a 422; an hr correction counts
// against the employee's ingestion budget, not hr's.
import test from 'ava';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { snapshot } from '../../helpers/workforce.js';
import { fillMonth, orgWorld } from './fixtures.js';

const punch = (app: TestApp, token: string, body: Record<string, unknown>) =>
  app.workforce.post('/api/v1/attendance/punches', body, { token });

/** The i-th distinct punch instant of January (distinct instants: none is absorbed as a duplicate). */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 14), 9, i)).toISOString();

for (const dialect of DIALECTS) {
  test(`[${dialect}] locking a retired unit is a 422 naming organization_unit_id; nothing changes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    await db('organization_units')
      .where({ id: a.units[1].id })
      .update({ status: 'retired', is_active: false });
    const before = await snapshot(db, ['attendance', 'attendance_locks', 'audit_entries']);
    const res = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, organization_unit_id: a.units[1].id, month: '2025-12' },
      { token: a.tokens.orgAdmin },
    );
    t.is(res.status, 422, res.text);
    t.truthy(res.body.errors.organization_unit_id);
    t.deepEqual(await snapshot(db, ['attendance', 'attendance_locks', 'audit_entries']), before);
    // The organization lock still covers the retired unit's rows.
    const org = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, month: '2025-12' },
      { token: a.tokens.orgAdmin },
    );
    t.is(org.status, 201, org.text);
    t.is(org.body.rows_locked, 62);
  });

  test(`[${dialect}] hr corrections spend the employee's ingestion budget, not hr's`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const a = await orgWorld(app.services);
    const [own, other] = a.employees; // own has the employee token; other has no login
    for (let i = 0; i < 30; i++) {
      const res = await punch(app, a.tokens.hr, { kind: 'check_in', at: at(i), employee_id: own.code });
      t.is(res.status, 201, `correction ${i + 1}: ${res.text}`);
    }
    const over = await punch(app, a.tokens.hr, { kind: 'check_in', at: at(30), employee_id: own.code });
    t.is(over.status, 429);
    t.truthy(Number(over.headers.get('retry-after')) > 0);
    const self = await punch(app, a.tokens.employee, { kind: 'check_in', at: at(31) });
    t.is(self.status, 429, "the employee's own punch shares the budget the corrections spent");
    const forOther = await punch(app, a.tokens.hr, { kind: 'check_in', at: at(32), employee_id: other.code });
    t.is(forOther.status, 201, 'hr has no budget of its own to exhaust');
  });
}
