// Issue 26, point 3: `DELETE /deployments/{id}?force=true` of a mistaken primary gives back what
// opening it took (a split or demoted primary is whole again, a primary a transfer ended gets its
// end back), in the same transaction and audit entry; when that cannot be done and days would be
// left without a primary, the deletion is refused with 409 naming them, and nothing changes.
import test from 'ava';
import type { Knex } from 'knex';
import { addDays } from '../../../src/core/calendar.js';
import { bootApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { addDeployment, auditEntries, buildWorld, diff, employeeWithUser, stateOf } from './world.js';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  app.clock.set('2026-11-26T06:00:00Z');
  const w = await buildWorld(app);
  const e1 = await employeeWithUser(app, w.acme.id, w.units.blr.id, { code: 'E001', startsOn: '2025-01-01' });
  const original = Number((await w.db('employee_deployments').where({ employee_id: e1.id }).first()).id);
  const token = w.actors.hr.token;
  const open = async (body: Record<string, unknown>) => {
    const res = await app.workforce.post(
      '/api/v1/deployments',
      { employee_id: e1.id, is_primary: true, ...body },
      { token },
    );
    t.is(res.status, 201, res.text);
    return res.body;
  };
  const forceDelete = (id: number, q = '') =>
    app.workforce.delete(`/api/v1/deployments/${id}?force=true${q}`, { token });
  return { app, w, db: w.db, e1, original, open, forceDelete, token };
}

/** Days from..to that do not have exactly one primary deployment of the employee. */
async function primaryGaps(db: Knex, employeeId: number, from: string, to: string) {
  const rows = await db('employee_deployments').where({ employee_id: employeeId, is_primary: true });
  const bad: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const n = rows.filter(
      (r) => String(r.starts_on) <= d && (r.ends_on === null || String(r.ends_on) >= d),
    ).length;
    if (n !== 1) bad.push(`${d}:${n}`);
  }
  return bad;
}

const rowsOf = async (db: Knex, employeeId: number) =>
  (await db('employee_deployments').where({ employee_id: employeeId }).orderBy('id')).map((r) => [
    Number(r.id),
    Number(r.organization_unit_id),
    String(r.starts_on),
    r.ends_on ?? null,
    Boolean(Number(r.is_primary)),
  ]);

for (const dialect of DIALECTS) {
  test(`[${dialect}] deleting a mistaken primary by force makes the split primary whole again; the employee punches at the old unit`, async (t) => {
    const { app, w, db, e1, original, open, forceDelete } = await boot(t, dialect);
    const before = await rowsOf(db, e1.id);
    const created = await open({ organization_unit_id: w.units.mum.id, starts_on: '2026-11-01' });
    const piece = created.demoted_primary_deployment_ids[0];

    // A dry run shows what would be given back and changes nothing.
    const snapshot = await stateOf(db);
    const preview = await forceDelete(created.deployment.id, '&dry_run=true');
    t.is(preview.status, 200, preview.text);
    t.like(preview.body, { dry_run: true, deleted: true });
    t.deepEqual(await stateOf(db), snapshot);

    const res = await forceDelete(created.deployment.id);
    t.is(res.status, 200, res.text);
    t.deepEqual(res.body.restored, [
      {
        deployment_id: original,
        starts_on: '2025-01-01',
        ends_on: null,
        is_primary: true,
        removed_deployment_ids: [piece],
      },
    ]);
    t.deepEqual(await rowsOf(db, e1.id), before, 'the deployments are as before the mistake');
    t.deepEqual(await primaryGaps(db, e1.id, '2025-01-01', '2027-06-30'), []);

    // One audit entry for the deletion, saying what it gave back.
    const audits = await auditEntries(db, 'employee_deployment.closed');
    t.is(audits.length, 1);
    t.like(audits[0].context, { force: true, deleted: true });
    t.deepEqual(audits[0].context.restored, res.body.restored);
    t.deepEqual(diff(snapshot, await stateOf(db)).audit_entries, {
      changed: [],
      added: [audits[0].id],
      removed: [],
    });

    // Today (inside the deleted span) the employee has a primary again: the punch is accepted at BLR.
    const punch = await app.workforce.post(
      '/api/v1/attendance/punches',
      { kind: 'check_in', at: '2026-11-26T04:00:00Z' },
      { token: e1.token },
    );
    t.is(punch.status, 201, punch.text);
    t.is(punch.body.attendance.unit_code, 'BLR');
  });

  test(`[${dialect}] a bounded mistake (split in three) and a wholly demoted primary are given back too`, async (t) => {
    const { w, db, e1, original, open, forceDelete } = await boot(t, dialect);
    const before = await rowsOf(db, e1.id);
    const bounded = await open({
      organization_unit_id: w.units.mum.id,
      starts_on: '2026-12-01',
      ends_on: '2026-12-31',
    });
    t.is(bounded.primary_changes[0].pieces.length, 3);
    const res = await forceDelete(bounded.deployment.id);
    t.is(res.status, 200, res.text);
    t.deepEqual(
      res.body.restored[0].removed_deployment_ids.sort(),
      bounded.primary_changes[0].pieces
        .slice(1)
        .map((p: any) => p.id)
        .sort(),
    );
    t.deepEqual(await rowsOf(db, e1.id), before);

    // A primary lying wholly inside the mistaken span was demoted whole: primary again.
    const inside = await addDeployment(db, e1.id, w.units.mum.id, '2027-02-01', '2027-02-28', true);
    await db('employee_deployments').where({ id: original }).update({ ends_on: '2027-01-31' });
    const wide = await open({ organization_unit_id: w.units.blr.id, starts_on: '2027-02-01' });
    t.like(wide.primary_changes[0], { deployment_id: inside, action: 'demoted' });
    const back = await forceDelete(wide.deployment.id);
    t.is(back.status, 200, back.text);
    t.like(back.body.restored[0], {
      deployment_id: inside,
      ends_on: '2027-02-28',
      removed_deployment_ids: [],
    });
    const row = await db('employee_deployments').where({ id: inside }).first();
    t.is(Number(row.is_primary), 1);
    t.deepEqual(await primaryGaps(db, e1.id, '2025-01-01', '2027-02-28'), []);
  });

  test(`[${dialect}] deleting the new deployment of a transfer gives the old primary its end back (wfctl deployment close --force)`, async (t) => {
    const { app, w, db, e1, original } = await boot(t, dialect);
    const cli = (args: string[]) => runCli(args, { databaseUrl: app.testDb.database.url });
    const moved = await cli([
      'transfer',
      'E001',
      '--to',
      'ACME/MUM',
      '--on',
      '2026-12-01',
      '--yes',
      '--json',
    ]);
    t.is(moved.code, 0, moved.stderr);
    const opened = moved.json().opened_deployment.id;
    t.is((await db('employee_deployments').where({ id: original }).first()).ends_on, '2026-11-30');

    const res = await cli(['deployment', 'close', String(opened), '--force', '--yes', '--json']);
    t.is(res.code, 0, res.stderr);
    t.like(res.json().restored[0], { deployment_id: original, ends_on: null });
    const row = await db('employee_deployments').where({ id: original }).first();
    t.is(row.ends_on, null);
    t.deepEqual(await primaryGaps(db, e1.id, '2025-01-01', '2027-06-30'), []);
    t.is(Number(w.units.blr.id), Number(row.organization_unit_id));
  });

  test(`[${dialect}] when what was taken cannot be given back, a forced delete that would leave a gap is a 409 naming the days; nothing changes`, async (t) => {
    const { app, w, db, open, forceDelete, token } = await boot(t, dialect);
    const created = await open({ organization_unit_id: w.units.mum.id, starts_on: '2026-11-01' });
    const piece = created.demoted_primary_deployment_ids[0];
    // The secondary piece is closed since (today, 2026-11-26 in Kolkata): it is no longer as the
    // opening left it, so the old primary cannot simply be made whole again.
    const closed = await app.workforce.delete(`/api/v1/deployments/${piece}`, { token });
    t.is(closed.status, 200, closed.text);
    const before = await stateOf(db);
    const res = await forceDelete(created.deployment.id);
    t.is(res.status, 409, res.text);
    t.is(res.body.code, 'DEPLOYMENT_DELETE_LEAVES_GAP');
    t.deepEqual(res.body.uncovered, [{ from: '2026-11-01', to: null }]);
    t.regex(res.body.message, /would leave E001 without a primary deployment from 2026-11-01 on/);
    t.regex(res.body.message, new RegExp(`deployment ${piece} changed since`));
    t.deepEqual(await stateOf(db), before);

    // A unit retirement's transfer: the old primary is at a retired unit and cannot come back.
    const e2 = await employeeWithUser(app, w.acme.id, w.units.blr.id, {
      code: 'E002',
      startsOn: '2025-01-01',
    });
    // E001's primary is at MUM from 2026-11-01 by now, so only E002's BLR primary is transferred.
    const retire = await app.workforce.post(
      `/api/v1/units/${w.units.blr.id}/retire`,
      {
        effective_date: '2026-11-30',
        reason: 'Site closed',
        transfer_map: [{ employee_id: e2.id, target_unit_id: w.units.mum.id }],
      },
      { token: w.actors.orgAdmin.token },
    );
    t.is(retire.status, 200, retire.text);
    const to = retire.body.deployments_transferred[0].to_deployment_id;
    const [created2] = (await auditEntries(db, 'employee_deployment.created')).filter(
      (a) => a.subject_id === to,
    );
    t.like(created2.context, { via: 'unit_retirement', ended_primary: { ends_on: '2026-11-30' } });
    const after = await stateOf(db);
    const refused = await forceDelete(to);
    t.is(refused.status, 409, refused.text);
    t.deepEqual(refused.body.uncovered, [{ from: '2026-12-01', to: null }]);
    t.regex(refused.body.message, /is at a retired unit/);
    t.deepEqual(await stateOf(db), after);

    // A deployment whose opening took nothing (a secondary) is deleted as before.
    const secondary = await addDeployment(db, e2.id, w.units.mum.id, '2027-01-01', null, false);
    const plain = await forceDelete(secondary);
    t.is(plain.status, 200, plain.text);
    t.deepEqual(plain.body.restored, []);
  });
}
