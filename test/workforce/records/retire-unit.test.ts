// POST /units/{id}/retire: transfer_map moves, other primaries end, secondaries stay, later shifts
// at the unit are cancelled; the last-unit 500; its audit entry, permissions, bad inputs, dry run and
// a failure mid-cascade.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { createUnit } from '../../helpers/workforce.js';
import {
  addDeployment,
  addShift,
  auditEntries,
  buildWorld,
  changed,
  createEmployee,
  diff,
  failOn,
  stateOf,
} from './world.js';

const EFFECTIVE = '2026-01-31';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const db = w.db;
  const { blr, mum, nyc } = w.units;
  const pun = await createUnit(db, w.acme.id, { code: 'PUN' });
  const old = await createUnit(db, w.acme.id, { code: 'OLD' });
  await db('organization_units').where({ id: old.id }).update({ status: 'retired', is_active: false });
  const e = {
    moved: await createEmployee(db, { organizationId: w.acme.id, unitId: blr.id, code: 'E001' }),
    ended: await createEmployee(db, { organizationId: w.acme.id, unitId: blr.id, code: 'E002' }),
    movedWithEnd: await createEmployee(db, { organizationId: w.acme.id, code: 'E003' }),
    secondaryHere: await createEmployee(db, { organizationId: w.acme.id, unitId: mum.id, code: 'E004' }),
    leftBefore: await createEmployee(db, { organizationId: w.acme.id, code: 'E005' }),
    other: await createEmployee(db, { organizationId: w.globex.id, unitId: nyc.id, code: 'G001' }),
  };
  const dep = async (employeeId: number) =>
    Number((await db('employee_deployments').where({ employee_id: employeeId }).first()).id);
  const d = {
    moved: await dep(e.moved.id),
    ended: await dep(e.ended.id),
    movedWithEnd: await addDeployment(db, e.movedWithEnd.id, blr.id, '2025-03-01', '2026-06-30', true),
    secondaryHere: await addDeployment(db, e.secondaryHere.id, blr.id, '2025-03-01', null, false),
    leftBefore: await addDeployment(db, e.leftBefore.id, blr.id, '2024-01-01', '2025-12-31', true),
  };
  const s = {
    past: await addShift(db, e.moved.id, blr.id, '2026-01-10'),
    onEffective: await addShift(db, e.ended.id, blr.id, EFFECTIVE),
    after1: await addShift(db, e.moved.id, blr.id, '2026-02-01'),
    after2: await addShift(db, e.ended.id, blr.id, '2026-02-05'),
    secondaryAfter: await addShift(db, e.secondaryHere.id, blr.id, '2026-02-03'),
    otherUnit: await addShift(db, e.moved.id, mum.id, '2026-02-03'),
    cancelled: await addShift(db, e.ended.id, blr.id, '2026-02-06', 'cancelled'),
    otherOrg: await addShift(db, e.other.id, nyc.id, '2026-02-03'),
  };
  const body = {
    effective_date: EFFECTIVE,
    reason: 'Site closed',
    transfer_map: [
      { employee_id: e.moved.id, target_unit_id: mum.id },
      { employee_id: e.movedWithEnd.id, target_unit_id: pun.id },
    ],
  };
  return { app, w, db, http: app.workforce, units: { ...w.units, pun, old }, e, d, s, body };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] retire unit transfers, ends and cancels exactly what it must`, async (t) => {
    const { w, db, http, units, e, d, s, body } = await boot(t, dialect);
    const before = await stateOf(db);
    const res = await http.post(`/api/v1/units/${units.blr.id}/retire`, body, {
      token: w.actors.orgAdmin.token,
    });
    t.is(res.status, 200, res.text);
    const after = await stateOf(db);
    t.like(res.body, {
      dry_run: false,
      effective_date: EFFECTIVE,
      unit: { id: units.blr.id, code: 'BLR', status: 'retired', is_active: false },
    });
    t.deepEqual(res.body.deployments_ended, [d.ended]);
    t.deepEqual(res.body.shifts_cancelled, [s.after1, s.after2, s.secondaryAfter]);
    const transfers = res.body.deployments_transferred;
    t.is(transfers.length, 2);
    t.like(transfers[0], {
      employee_id: e.moved.id,
      from_deployment_id: d.moved,
      target_unit_id: units.mum.id,
      demoted_primary_deployment_ids: [],
    });
    t.like(transfers[1], { employee_id: e.movedWithEnd.id, from_deployment_id: d.movedWithEnd });

    const audit = (await auditEntries(db, 'organization_unit.retired'))[0];
    // Each transfer's new deployment has its own creation record (what a forced delete would have
    // to give back, issue 26).
    const opened = await auditEntries(db, 'employee_deployment.created');
    t.deepEqual(
      opened.map((a) => [a.subject_id, a.context.via, a.context.ended_primary]),
      [
        [
          transfers[0].to_deployment_id,
          'unit_retirement',
          { deployment_id: d.moved, ends_on_before: null, ends_on: EFFECTIVE },
        ],
        [
          transfers[1].to_deployment_id,
          'unit_retirement',
          { deployment_id: d.movedWithEnd, ends_on_before: '2026-06-30', ends_on: EFFECTIVE },
        ],
      ],
    );
    t.deepEqual(diff(before, after), {
      organization_units: changed([units.blr.id]),
      employee_deployments: {
        changed: [d.moved, d.ended, d.movedWithEnd],
        added: [transfers[0].to_deployment_id, transfers[1].to_deployment_id],
        removed: [],
      },
      shift_assignments: changed([s.after1, s.after2, s.secondaryAfter]),
      audit_entries: {
        changed: [],
        added: [...opened.map((a) => a.id), audit.id].sort((a, b) => a - b),
        removed: [],
      },
    });
    const row = (id: number) => db('employee_deployments').where({ id }).first();
    t.like(await row(d.moved), { ends_on: EFFECTIVE });
    t.like(await row(d.ended), { ends_on: EFFECTIVE });
    t.like(await row(d.movedWithEnd), { ends_on: EFFECTIVE });
    t.like(await row(transfers[0].to_deployment_id), {
      employee_id: e.moved.id,
      organization_unit_id: units.mum.id,
      starts_on: '2026-02-01',
      ends_on: null,
    });
    t.is(Number((await row(transfers[0].to_deployment_id)).is_primary), 1);
    t.like(await row(transfers[1].to_deployment_id), {
      organization_unit_id: units.pun.id,
      starts_on: '2026-02-01',
      ends_on: '2026-06-30',
    });
    const unit = await db('organization_units').where({ id: units.blr.id }).first();
    t.is(unit.status, 'retired');
    t.is(Number(unit.is_active), 0);
    t.like(audit, {
      actor_user_id: w.actors.orgAdmin.id,
      subject_type: 'organization_unit',
      subject_id: units.blr.id,
      organization_id: w.acme.id,
    });
    t.like(audit.context, {
      reason: 'Site closed',
      effective_date: EFFECTIVE,
      via_organization_retirement: false,
    });
    t.deepEqual(audit.context.deployments_ended, [d.ended]);
    t.deepEqual(audit.context.shifts_cancelled, res.body.shifts_cancelled);
    t.deepEqual(audit.context.deployments_transferred, transfers);

    const again = await http.post(`/api/v1/units/${units.blr.id}/retire`, body, {
      token: w.actors.orgAdmin.token,
    });
    t.is(again.status, 409);
    t.is(again.body.code, 'UNIT_ALREADY_RETIRED');
  });

  test(`[${dialect}] the last active unit of an active organization is a 500 carrying the message`, async (t) => {
    const { w, db, http, units } = await boot(t, dialect);
    const token = w.actors.systemAdmin.token;
    const first = await http.post(
      `/api/v1/units/${units.nyc.id}/retire`,
      { effective_date: EFFECTIVE, reason: 'x' },
      { token },
    );
    t.is(first.status, 200);
    const before = await stateOf(db);
    const last = await http.post(
      `/api/v1/units/${units.bos.id}/retire`,
      { effective_date: EFFECTIVE, reason: 'x' },
      { token },
    );
    t.is(last.status, 500);
    t.is(last.body.code, 'LAST_ACTIVE_UNIT');
    t.regex(
      last.body.message,
      /last active unit of the active organization GLOBEX.*Retire the organization instead/,
    );
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] ?dry_run=true returns the exact summary and changes nothing`, async (t) => {
    const { w, db, http, units, body } = await boot(t, dialect);
    const before = await stateOf(db);
    const opts = { token: w.actors.orgAdmin.token };
    const preview = await http.post(`/api/v1/units/${units.blr.id}/retire?dry_run=true`, body, opts);
    t.is(preview.status, 200);
    t.true(preview.body.dry_run);
    t.deepEqual(await stateOf(db), before);
    const real = await http.post(`/api/v1/units/${units.blr.id}/retire`, body, opts);
    // Records a dry run would create have no id yet; everything else is exactly the same.
    t.true(preview.body.deployments_transferred.every((x: any) => x.to_deployment_id === null));
    const withoutNewIds = (b: any) => ({
      ...b,
      dry_run: false,
      deployments_transferred: b.deployments_transferred.map((x: any) => ({ ...x, to_deployment_id: null })),
    });
    t.deepEqual(withoutNewIds(preview.body), withoutNewIds(real.body));
  });

  test(`[${dialect}] retire unit permission matrix`, async (t) => {
    const { w, db, http, units, body } = await boot(t, dialect);
    const { hr, orgAdmin, systemAdmin, shiftManager, employee, otherAdmin } = w.actors;
    const before = await stateOf(db);
    const call = (token: string, dry = true) =>
      http.post(`/api/v1/units/${units.blr.id}/retire${dry ? '?dry_run=true' : ''}`, body, { token });
    t.is((await call(orgAdmin.token)).status, 200);
    t.is((await call(systemAdmin.token)).status, 200);
    t.is((await call(hr.token, false)).status, 403, 'hr has no unit.delete');
    t.is((await call(shiftManager.token, false)).status, 403);
    t.is((await call(employee.token, false)).status, 403);
    t.is((await call(otherAdmin.token, false)).status, 404);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] retire unit bad inputs are 4xx naming the field, and nothing changes`, async (t) => {
    const { w, db, http, units, e } = await boot(t, dialect);
    const before = await stateOf(db);
    const token = w.actors.orgAdmin.token;
    const post = (id: number | string, b: unknown) => http.post(`/api/v1/units/${id}/retire`, b, { token });
    const ok = { effective_date: EFFECTIVE, reason: 'x' };
    const map = (employee_id: unknown, target_unit_id: unknown) => ({
      ...ok,
      transfer_map: [{ employee_id, target_unit_id }],
    });
    const cases: Array<[unknown, string[]]> = [
      [{}, ['effective_date', 'reason']],
      [{ reason: 'x' }, ['effective_date']],
      [{ ...ok, effective_date: '2026-02-30' }, ['effective_date']],
      [{ ...ok, effective_date: '2026-1-31' }, ['effective_date']],
      [{ ...ok, effective_date: '31-01-2026' }, ['effective_date']],
      [{ ...ok, transfer_map: 'all' }, ['transfer_map']],
      [map(undefined, units.mum.id), ['transfer_map[0].employee_id']],
      [map(e.moved.id, 'MUM'), ['transfer_map[0].target_unit_id']],
      [map(e.moved.id, units.old.id), ['transfer_map[0].target_unit_id']],
      [map(e.moved.id, units.nyc.id), ['transfer_map[0].target_unit_id']],
      [map(e.moved.id, units.blr.id), ['transfer_map[0].target_unit_id']],
      [map(e.moved.id, 999999), ['transfer_map[0].target_unit_id']],
      [map(e.secondaryHere.id, units.mum.id), ['transfer_map[0].employee_id']],
      [map(e.leftBefore.id, units.mum.id), ['transfer_map[0].employee_id']],
      [map(e.other.id, units.mum.id), ['transfer_map[0].employee_id']],
      [
        {
          ...ok,
          transfer_map: [
            { employee_id: e.moved.id, target_unit_id: units.mum.id },
            { employee_id: e.moved.id, target_unit_id: units.pun.id },
          ],
        },
        ['transfer_map[1].employee_id'],
      ],
    ];
    for (const [b, fields] of cases) {
      const res = await post(units.blr.id, b);
      t.is(res.status, 422, JSON.stringify(b));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields, JSON.stringify(b));
    }
    const retired = await post(units.old.id, ok);
    t.is(retired.status, 409);
    t.is((await post(999999, ok)).status, 404);
    t.is((await post('BLR', ok)).status, 404);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] a failure in the middle of the unit cascade leaves the database as it was`, async (t) => {
    const { w, db, http, units, body } = await boot(t, dialect);
    const before = await stateOf(db);
    // Deployments have been moved when cancelling the shifts fails.
    const drop = await failOn(db, dialect, 'shift_assignments', 'UPDATE');
    const res = await http.post(`/api/v1/units/${units.blr.id}/retire`, body, {
      token: w.actors.orgAdmin.token,
    });
    t.is(res.status, 500);
    t.is(res.body.code, 'INTERNAL');
    t.deepEqual(await stateOf(db), before);
    await drop();
  });
}
