// The push against the real lock and unlock operations (issue 5), not only the fixtures: a unit lock
// and then the organization lock are each pushed once; unlock and relock make the days due again.
import test from 'ava';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { lockMonth } from '../../../src/workforce/attendance/operations/lock-month.js';
import { unlockMonth } from '../../../src/workforce/attendance/operations/unlock-month.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { createEmployee, createUnit } from '../../helpers/workforce.js';
import { createPartner, insertAttendance, orgWithStaff, servicesFor, systemContext } from './fixtures.js';

nock.disableNetConnect();

for (const dialect of DIALECTS) {
  test(`[${dialect}] unit lock, organization lock, unlock and relock through the real operations`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const ctx = await systemContext(services);
    const {
      org,
      unit: north,
      employees,
    } = await orgWithStaff(tdb.db, { employees: 1, code: 'REAL', unitCode: 'N' });
    const south = await createUnit(tdb.db, org.id, { code: 'S' });
    const southEmployee = await createEmployee(tdb.db, { organizationId: org.id, unitId: south.id });
    await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: north.id,
      employeeIds: [employees[0].id],
      month: '2026-01',
      days: 2,
    });
    await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: south.id,
      employeeIds: [southEmployee.id],
      month: '2026-01',
      days: 3,
    });
    const host = `https://real-locks-${dialect}.example.test`;
    await createPartner(tdb.db, { url: `${host}/h`, organizationIds: [org.id] });
    const bodies: Array<Array<{ unit_code: string }>> = [];
    const expect = (times: number) =>
      nock(host)
        .post('/h/attendance/daily')
        .times(times)
        .reply((_uri, body) => {
          bodies.push(typeof body === 'string' ? JSON.parse(body) : body);
          return [200, 'ok'];
        });
    const units = (i: number) =>
      [...new Set(bodies[i].map((r) => r.unit_code))].join(',') + `:${bodies[i].length}`;

    const unitLock = await runOperation(lockMonth, ctx, {
      organization_id: org.id,
      organization_unit_id: north.id,
      month: '2026-01',
    });
    expect(1);
    t.true((await runOperation(pushToPartners, ctx, {})).ok);
    const orgLock = await runOperation(lockMonth, ctx, { organization_id: org.id, month: '2026-01' });
    expect(1);
    t.true((await runOperation(pushToPartners, ctx, {})).ok);
    t.deepEqual([units(0), units(1)], ['N:2', 'S:3']); // each row once, under the lock that stamped it
    t.deepEqual((await runOperation(pushToPartners, ctx, {})).items, []);

    await runOperation(unlockMonth, ctx, { lock_id: orgLock.lock_id!, reason: 'late correction' });
    t.deepEqual((await runOperation(pushToPartners, ctx, {})).items, []);
    await runOperation(lockMonth, ctx, { organization_id: org.id, month: '2026-01' });
    expect(1);
    const again = await runOperation(pushToPartners, ctx, {});
    t.true(again.ok);
    t.deepEqual(units(2), 'S:3');
    t.is(unitLock.organization_unit_id, north.id);
  });
}
