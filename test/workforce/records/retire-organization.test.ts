// POST /organizations/{id}/retire: every active unit through the unit cascade (guard bypassed),
// then the organization; a second retirement changes nothing; audit, permissions, bad inputs,
// dry run and a failure part-way through the units.
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
const body = { effective_date: EFFECTIVE, reason: 'Contract ended' };

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const db = w.db;
  const { blr, mum, nyc } = w.units;
  const old = await createUnit(db, w.acme.id, { code: 'OLD' });
  await db('organization_units').where({ id: old.id }).update({ status: 'retired', is_active: false });
  const a1 = await createEmployee(db, { organizationId: w.acme.id, unitId: blr.id, code: 'E001' });
  const a2 = await createEmployee(db, { organizationId: w.acme.id, unitId: mum.id, code: 'E002' });
  const g1 = await createEmployee(db, { organizationId: w.globex.id, unitId: nyc.id, code: 'G001' });
  const dep = async (employeeId: number) =>
    Number((await db('employee_deployments').where({ employee_id: employeeId }).first()).id);
  const d = {
    a1: await dep(a1.id),
    a2: await dep(a2.id),
    a1Secondary: await addDeployment(db, a1.id, mum.id, '2025-01-01', null, false),
    g1: await dep(g1.id),
  };
  const s = {
    a1After: await addShift(db, a1.id, blr.id, '2026-02-02'),
    a2After: await addShift(db, a2.id, mum.id, '2026-02-03'),
    a1Before: await addShift(db, a1.id, blr.id, '2026-01-20'),
    g1After: await addShift(db, g1.id, nyc.id, '2026-02-02'),
  };
  return { app, w, db, http: app.workforce, units: { ...w.units, old }, d, s };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] retire organization retires every active unit, then the organization`, async (t) => {
    const { w, db, http, units, d, s } = await boot(t, dialect);
    const before = await stateOf(db);
    const res = await http.post(`/api/v1/organizations/${w.acme.id}/retire`, body, {
      token: w.actors.systemAdmin.token,
    });
    t.is(res.status, 200, res.text);
    const after = await stateOf(db);
    t.like(res.body, {
      dry_run: false,
      changed: true,
      organization: { id: w.acme.id, status: 'retired', is_active: false },
      before: { status: 'active', is_active: true },
      after: { status: 'retired', is_active: false },
    });
    t.deepEqual(
      res.body.units.map((u: any) => u.unit.id),
      [units.blr.id, units.mum.id],
    );
    t.deepEqual(res.body.units[0].deployments_ended, [d.a1]);
    t.deepEqual(res.body.units[0].shifts_cancelled, [s.a1After]);
    t.deepEqual(res.body.units[1].deployments_ended, [d.a2]);
    t.deepEqual(res.body.units[1].shifts_cancelled, [s.a2After]);

    const unitAudits = await auditEntries(db, 'organization_unit.retired');
    const orgAudit = (await auditEntries(db, 'organization.retired'))[0];
    t.deepEqual(diff(before, after), {
      organizations: changed([w.acme.id]),
      organization_units: changed([units.blr.id, units.mum.id]),
      employee_deployments: changed([d.a1, d.a2]),
      shift_assignments: changed([s.a1After, s.a2After]),
      audit_entries: { changed: [], added: [...unitAudits.map((a) => a.id), orgAudit.id], removed: [] },
    });
    t.deepEqual(
      unitAudits.map((a) => [a.subject_id, a.context.via_organization_retirement]),
      [
        [units.blr.id, true],
        [units.mum.id, true],
      ],
    );
    t.like(orgAudit, {
      actor_user_id: w.actors.systemAdmin.id,
      subject_type: 'organization',
      subject_id: w.acme.id,
      organization_id: w.acme.id,
    });
    t.deepEqual(orgAudit.context.before, { status: 'active', is_active: true });
    t.deepEqual(orgAudit.context.after, { status: 'retired', is_active: false });
    t.deepEqual(orgAudit.context.units_retired, [units.blr.id, units.mum.id]);
    t.is(orgAudit.context.reason, 'Contract ended');

    // Again: 200, nothing changes, no second audit entry.
    const again = await http.post(`/api/v1/organizations/${w.acme.id}/retire`, body, {
      token: w.actors.orgAdmin.token,
    });
    t.is(again.status, 200);
    t.like(again.body, {
      changed: false,
      units: [],
      before: { status: 'retired' },
      after: { status: 'retired' },
    });
    t.deepEqual(await stateOf(db), after);
  });

  test(`[${dialect}] ?dry_run=true returns the exact summary and changes nothing`, async (t) => {
    const { w, db, http } = await boot(t, dialect);
    const before = await stateOf(db);
    const opts = { token: w.actors.orgAdmin.token };
    const preview = await http.post(`/api/v1/organizations/${w.acme.id}/retire?dry_run=true`, body, opts);
    t.is(preview.status, 200);
    t.true(preview.body.dry_run);
    t.deepEqual(await stateOf(db), before);
    const real = await http.post(`/api/v1/organizations/${w.acme.id}/retire`, body, opts);
    t.deepEqual({ ...preview.body, dry_run: false }, real.body);
  });

  test(`[${dialect}] retire organization permission matrix`, async (t) => {
    const { w, db, http } = await boot(t, dialect);
    const { hr, orgAdmin, systemAdmin, shiftManager, employee, otherAdmin } = w.actors;
    const before = await stateOf(db);
    const call = (token: string, dry = true) =>
      http.post(`/api/v1/organizations/${w.acme.id}/retire${dry ? '?dry_run=true' : ''}`, body, { token });
    t.is((await call(orgAdmin.token)).status, 200);
    t.is((await call(systemAdmin.token)).status, 200);
    t.is((await call(hr.token, false)).status, 403);
    t.is((await call(shiftManager.token, false)).status, 403);
    t.is((await call(employee.token, false)).status, 403);
    t.is((await call(otherAdmin.token, false)).status, 404);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] retire organization bad inputs are 4xx, and nothing changes`, async (t) => {
    const { w, db, http } = await boot(t, dialect);
    const before = await stateOf(db);
    const token = w.actors.systemAdmin.token;
    const post = (id: number | string, b: unknown) =>
      http.post(`/api/v1/organizations/${id}/retire`, b, { token });
    const cases: Array<[unknown, string[]]> = [
      [{}, ['effective_date', 'reason']],
      [{ effective_date: EFFECTIVE }, ['reason']],
      [{ ...body, effective_date: '2026-02-29' }, ['effective_date']],
      [{ ...body, effective_date: '2026-13-01' }, ['effective_date']],
      [{ ...body, effective_date: '2026/01/31' }, ['effective_date']],
      [{ ...body, effective_date: null }, ['effective_date']],
    ];
    for (const [b, fields] of cases) {
      const res = await post(w.acme.id, b);
      t.is(res.status, 422, JSON.stringify(b));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields, JSON.stringify(b));
    }
    t.is((await post(999999, body)).status, 404);
    t.is((await post('ACME', body)).status, 404);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] a failure on the second unit leaves the first unit and everything else as it was`, async (t) => {
    const { w, db, http, units } = await boot(t, dialect);
    const before = await stateOf(db);
    const drop = await failOn(db, dialect, 'organization_units', 'UPDATE', `NEW.id = ${units.mum.id}`);
    const res = await http.post(`/api/v1/organizations/${w.acme.id}/retire`, body, {
      token: w.actors.orgAdmin.token,
    });
    t.is(res.status, 500);
    t.deepEqual(await stateOf(db), before);
    await drop();
  });
}
