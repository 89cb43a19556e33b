// assertNotLocked, the guard other writers (import, corrections, offboarding) call in their transaction.
import test from 'ava';
import { ConflictError } from '../../../src/core/errors.js';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';
import { assertNotLocked } from '../../../src/workforce/attendance/guard.js';
import { lockMonth } from '../../../src/workforce/attendance/operations/lock-month.js';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createAttendance, orgWorld } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] the guard refuses locked rows and rows inside a locked scope, and nothing else`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    const [e0, e1] = a.employees;
    await createAttendance(db, [
      { employeeId: e0.id, organizationId: a.org.id, unitId: e0.unitId, date: '2025-11-03' },
    ]);
    const ctx = workforceContext(app.services, await systemActor(db));
    const unitLock = await runOperation(lockMonth, ctx, {
      organization_id: a.org.id,
      organization_unit_id: e0.unitId,
      month: '2025-11',
    });
    const orgLock = await runOperation(lockMonth, ctx, { organization_id: b.org.id, month: '2025-10' });

    const check = (employeeId: number, dates: string[], opts?: { unitId?: number }) =>
      db.transaction((trx) => assertNotLocked(trx, employeeId, dates, opts));

    const locked = await t.throwsAsync(check(e0.id, ['2025-11-03', '2025-12-01']), {
      instanceOf: ConflictError,
    });
    t.is(locked!.code, 'ATTENDANCE_LOCKED');
    t.deepEqual(locked!.details, { locked_dates: ['2025-11-03'], lock_ids: [unitLock.lock_id] });
    await t.throwsAsync(
      check(e0.id, ['2025-11-20']),
      { message: /2025-11-20/ },
      'no row yet, but the unit month is locked',
    );
    await t.notThrowsAsync(check(e1.id, ['2025-11-20']), 'the other unit is open');
    await t.throwsAsync(check(e1.id, ['2025-11-20'], { unitId: e0.unitId }), { instanceOf: ConflictError });
    await t.throwsAsync(check(b.employees[1].id, ['2025-10-31']), { instanceOf: ConflictError });
    await t.notThrowsAsync(check(b.employees[1].id, ['2025-11-01']));
    t.is(orgLock.rows_locked, 0);
  });
}
