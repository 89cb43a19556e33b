// A future primary deployment never demotes the current primary's past (issue 13, point 3): the
// older primary stays primary up to the day before the new one starts, the shared days become a
// secondary piece, every day keeps exactly one primary, and the audit entry lists what changed.
import test from 'ava';
import type { Knex } from 'knex';
import { addDays } from '../../../src/core/calendar.js';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { addDeployment, auditEntries, buildWorld, employeeWithUser } from './world.js';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  app.clock.set('2026-11-26T06:00:00Z');
  const w = await buildWorld(app);
  const e1 = await employeeWithUser(app, w.acme.id, w.units.blr.id, { code: 'E001', startsOn: '2025-01-01' });
  const original = Number((await w.db('employee_deployments').where({ employee_id: e1.id }).first()).id);
  return { app, w, db: w.db, e1, original };
}

/** The primary deployments covering each day from..to: every day must have exactly one. */
async function primariesPerDay(db: Knex, employeeId: number, from: string, to: string) {
  const rows = await db('employee_deployments').where({ employee_id: employeeId, is_primary: true });
  const counts: Record<string, number> = {};
  for (let d = from; d <= to; d = addDays(d, 1))
    counts[d] = rows.filter(
      (r) => String(r.starts_on) <= d && (r.ends_on === null || String(r.ends_on) >= d),
    ).length;
  return Object.entries(counts).filter(([, n]) => n !== 1);
}

const row = async (db: Knex, id: number) => {
  const r = await db('employee_deployments').where({ id }).first();
  return {
    unit: Number(r.organization_unit_id),
    starts_on: String(r.starts_on),
    ends_on: r.ends_on,
    is_primary: Boolean(Number(r.is_primary)),
  };
};

for (const dialect of DIALECTS) {
  test(`[${dialect}] a primary from next month ends the current one the day before; today the employee still has a primary and punches`, async (t) => {
    const { app, w, db, e1, original } = await boot(t, dialect);
    const res = await app.workforce.post(
      '/api/v1/deployments',
      { employee_id: e1.id, organization_unit_id: w.units.mum.id, starts_on: '2026-12-01', is_primary: true },
      { token: w.actors.hr.token },
    );
    t.is(res.status, 201, res.text);
    t.deepEqual(await row(db, original), {
      unit: w.units.blr.id,
      starts_on: '2025-01-01',
      ends_on: '2026-11-30',
      is_primary: true,
    });
    const [change] = res.body.primary_changes;
    t.is(change.deployment_id, original);
    t.is(change.action, 'split');
    const remainder = change.pieces.find((p: any) => !p.is_primary);
    t.deepEqual(await row(db, remainder.id), {
      unit: w.units.blr.id,
      starts_on: '2026-12-01',
      ends_on: null,
      is_primary: false,
    });
    t.deepEqual(res.body.demoted_primary_deployment_ids, [remainder.id]);
    t.deepEqual(await primariesPerDay(db, e1.id, '2025-01-01', '2027-03-01'), []);

    const [audit] = await auditEntries(db, 'employee_deployment.created');
    t.deepEqual(audit.context.primary_changes, res.body.primary_changes);
    t.deepEqual(audit.context.demoted_primary_deployment_ids, [remainder.id]);

    const punch = await app.workforce.post(
      '/api/v1/attendance/punches',
      { kind: 'check_in', at: '2026-11-26T04:00:00Z' },
      { token: e1.token },
    );
    t.is(punch.status, 201, punch.text);
    t.is(punch.body.attendance.unit_code, 'BLR');
  });

  test(`[${dialect}] a bounded primary inside the current one splits it: primary before, secondary during, primary after`, async (t) => {
    const { app, w, db, e1, original } = await boot(t, dialect);
    const res = await app.workforce.post(
      '/api/v1/deployments',
      {
        employee_id: e1.id,
        organization_unit_id: w.units.mum.id,
        starts_on: '2026-12-01',
        ends_on: '2026-12-31',
        is_primary: true,
      },
      { token: w.actors.hr.token },
    );
    t.is(res.status, 201, res.text);
    const [change] = res.body.primary_changes;
    t.like(change, { deployment_id: original, action: 'split' });
    t.deepEqual(
      change.pieces.map((p: any) => [p.starts_on, p.ends_on, p.is_primary]),
      [
        ['2025-01-01', '2026-11-30', true],
        ['2026-12-01', '2026-12-31', false],
        ['2027-01-01', null, true],
      ],
    );
    for (const p of change.pieces) t.is((await row(db, p.id)).unit, w.units.blr.id);
    t.deepEqual(await primariesPerDay(db, e1.id, '2025-01-01', '2027-03-01'), []);
  });

  test(`[${dialect}] a primary that lies wholly inside the new span is demoted, and one that starts inside and runs past it is split`, async (t) => {
    const { app, w, db, e1, original } = await boot(t, dialect);
    const later = await addDeployment(db, e1.id, w.units.mum.id, '2027-02-01', null, true);
    await db('employee_deployments').where({ id: original }).update({ ends_on: '2027-01-31' });
    const res = await app.workforce.post(
      '/api/v1/deployments',
      {
        employee_id: e1.id,
        organization_unit_id: w.units.mum.id,
        starts_on: '2024-06-01',
        ends_on: '2027-03-31',
        is_primary: true,
      },
      { token: w.actors.hr.token },
    );
    t.is(res.status, 201, res.text);
    const byId = Object.fromEntries(res.body.primary_changes.map((c: any) => [c.deployment_id, c]));
    t.is(byId[original].action, 'demoted');
    t.deepEqual(await row(db, original), {
      unit: w.units.blr.id,
      starts_on: '2025-01-01',
      ends_on: '2027-01-31',
      is_primary: false,
    });
    t.is(byId[later].action, 'split');
    t.deepEqual(
      byId[later].pieces.map((p: any) => [p.starts_on, p.ends_on, p.is_primary]),
      [
        ['2027-02-01', '2027-03-31', false],
        ['2027-04-01', null, true],
      ],
    );
    t.deepEqual(await primariesPerDay(db, e1.id, '2024-06-01', '2027-06-01'), []);
  });
}
