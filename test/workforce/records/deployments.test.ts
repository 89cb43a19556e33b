// POST /deployments (demoting an overlapping primary, also under concurrent requests), GET and
// DELETE /deployments/{id} (today in the organization's timezone, force deletes): rows changed and
// untouched, audit entries, permissions, bad inputs, and a failure after the demotion.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import {
  addDeployment,
  auditEntries,
  buildWorld,
  changed,
  createEmployee,
  diff,
  employeeWithUser,
  failOn,
  stateOf,
} from './world.js';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const db = w.db;
  const { blr, mum, nyc } = w.units;
  const e1 = await employeeWithUser(app, w.acme.id, blr.id, { code: 'E001', startsOn: '2025-01-01' });
  const e2 = await employeeWithUser(app, w.acme.id, blr.id, { code: 'E002' });
  const g1 = await createEmployee(db, { organizationId: w.globex.id, unitId: nyc.id, code: 'G001' });
  const dep = async (employeeId: number) =>
    Number((await db('employee_deployments').where({ employee_id: employeeId }).first()).id);
  const d = {
    e1Primary: await dep(e1.id),
    e1PastPrimary: await addDeployment(db, e1.id, mum.id, '2024-01-01', '2024-12-31', true),
    e1Secondary: await addDeployment(db, e1.id, mum.id, '2025-06-01', null, false),
    e2Primary: await dep(e2.id),
    g1Primary: await dep(g1.id),
  };
  return { app, w, db, http: app.workforce, e1, e2, g1, d };
}

const primaryAt = (employee_id: number, organization_unit_id: number, starts_on = '2026-02-01') => ({
  employee_id,
  organization_unit_id,
  starts_on,
  is_primary: true,
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] a new primary deployment demotes the overlapping primary and nothing else`, async (t) => {
    const { w, db, http, e1, d } = await boot(t, dialect);
    const before = await stateOf(db);
    const res = await http.post('/api/v1/deployments', primaryAt(e1.id, w.units.mum.id), {
      token: w.actors.hr.token,
    });
    t.is(res.status, 201, res.text);
    t.like(res.body, {
      dry_run: false,
      deployment: {
        employee_id: e1.id,
        organization_unit_id: w.units.mum.id,
        starts_on: '2026-02-01',
        ends_on: null,
        is_primary: true,
      },
    });
    // The old primary (since 2025) keeps its past: primary until the day before, the overlap split off
    // as a secondary piece at the same unit.
    const remainder = res.body.demoted_primary_deployment_ids[0];
    t.like(res.body.primary_changes[0], { deployment_id: d.e1Primary, action: 'split' });
    const [audit] = await auditEntries(db, 'employee_deployment.created');
    t.deepEqual(diff(before, await stateOf(db)), {
      employee_deployments: {
        changed: [d.e1Primary],
        added: [remainder, res.body.deployment.id],
        removed: [],
      },
      audit_entries: { changed: [], added: [audit.id], removed: [] },
    });
    const kept = await db('employee_deployments').where({ id: d.e1Primary }).first();
    t.is(Number(kept.is_primary), 1);
    t.is(kept.ends_on, '2026-01-31', 'primary until the day before');
    const demoted = await db('employee_deployments').where({ id: remainder }).first();
    t.like(demoted, { starts_on: '2026-02-01', ends_on: null, organization_unit_id: w.units.blr.id });
    t.is(Number(demoted.is_primary), 0);
    t.like(audit, {
      actor_user_id: w.actors.hr.id,
      subject_type: 'employee_deployment',
      subject_id: res.body.deployment.id,
      organization_id: w.acme.id,
    });
    t.deepEqual(audit.context.demoted_primary_deployment_ids, [remainder]);

    // A secondary demotes nothing; a primary that does not overlap demotes nothing.
    const secondary = await http.post(
      '/api/v1/deployments',
      { ...primaryAt(e1.id, w.units.blr.id), is_primary: false },
      { token: w.actors.hr.token },
    );
    t.deepEqual(secondary.body.demoted_primary_deployment_ids, []);
    const past = await http.post(
      '/api/v1/deployments',
      { ...primaryAt(e1.id, w.units.blr.id, '2023-01-01'), ends_on: '2023-12-31' },
      { token: w.actors.hr.token },
    );
    t.is(past.status, 201);
    t.deepEqual(past.body.demoted_primary_deployment_ids, []);
  });

  test(`[${dialect}] concurrent primary creations for one employee never leave two overlapping primaries`, async (t) => {
    const { w, db, http, e1 } = await boot(t, dialect);
    const units = [w.units.blr.id, w.units.mum.id];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        http.post(
          '/api/v1/deployments',
          primaryAt(e1.id, units[i % 2], `2026-02-${String(1 + i).padStart(2, '0')}`),
          {
            token: w.actors.orgAdmin.token,
          },
        ),
      ),
    );
    t.deepEqual(
      results.map((r) => r.status),
      results.map(() => 201),
    );
    const primaries = await db('employee_deployments')
      .where({ employee_id: e1.id, is_primary: true })
      .select();
    const overlaps = (a: any, b: any) =>
      (a.ends_on === null || a.ends_on >= b.starts_on) && (b.ends_on === null || b.ends_on >= a.starts_on);
    for (const a of primaries)
      for (const b of primaries) if (a.id !== b.id) t.false(overlaps(a, b), `${a.id} overlaps ${b.id}`);
    // Open-ended primaries all overlap each other, so exactly one is left: the last one created.
    t.is(primaries.filter((p: any) => p.ends_on === null).length, 1);
    const demoted = results.flatMap((r) => r.body.demoted_primary_deployment_ids);
    t.is(new Set(demoted).size, demoted.length, 'each primary was demoted once');
    t.true(
      results.every((r) => r.body.primary_changes.length >= 1),
      'each creation made an earlier primary give way',
    );
  });

  test(`[${dialect}] POST /deployments permissions and bad inputs, nothing changed`, async (t) => {
    const { w, db, http, e1, e2, g1 } = await boot(t, dialect);
    const before = await stateOf(db);
    const post = (body: unknown, token: string) => http.post('/api/v1/deployments', body, { token });
    const body = primaryAt(e1.id, w.units.mum.id);
    t.is((await post(body, w.actors.shiftManager.token)).status, 403);
    t.is((await post(body, w.actors.employee.token)).status, 403);
    t.is((await post(body, e1.token)).status, 403, 'the employee themself');
    t.is((await post(body, w.actors.otherAdmin.token)).status, 404);
    for (const ok of [w.actors.hr, w.actors.orgAdmin, w.actors.systemAdmin]) {
      const dry = await http.post('/api/v1/deployments?dry_run=true', body, { token: ok.token });
      t.is(dry.status, 201);
      t.like(dry.body, { dry_run: true, deployment: { id: null } });
    }
    const token = w.actors.orgAdmin.token;
    const cases: Array<[unknown, string[]]> = [
      [{}, ['employee_id', 'is_primary', 'organization_unit_id', 'starts_on']],
      [{ ...body, starts_on: '2026-02-30' }, ['starts_on']],
      [{ ...body, starts_on: '01-02-2026' }, ['starts_on']],
      [{ ...body, ends_on: '2026-01-31' }, ['ends_on']],
      [{ ...body, is_primary: 'yes' }, ['is_primary']],
      [{ ...body, employee_id: 'E001' }, ['employee_id']],
      [{ ...body, organization_unit_id: w.units.nyc.id }, ['organization_unit_id']],
      [{ ...body, organization_unit_id: 999999 }, ['organization_unit_id']],
    ];
    for (const [b, fields] of cases) {
      const res = await post(b, token);
      t.is(res.status, 422, JSON.stringify(b));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields, JSON.stringify(b));
    }
    t.is((await post({ ...body, employee_id: 999999 }, token)).status, 404);
    t.is((await post({ ...body, employee_id: g1.id }, token)).status, 404);
    await db('organization_units').where({ id: w.units.mum.id }).update({ status: 'retired' });
    t.deepEqual(Object.keys((await post(body, token)).body.errors), ['organization_unit_id']);
    await db('organization_units').where({ id: w.units.mum.id }).update({ status: 'active' });
    await db('employees').where({ id: e2.id }).update({ is_active: false });
    const offboarded = await post({ ...body, employee_id: e2.id }, token);
    t.is(offboarded.status, 409);
    t.is(offboarded.body.code, 'EMPLOYEE_OFFBOARDED');
    await db('employees').where({ id: e2.id }).update({ is_active: true });
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] a failure after the demotion leaves the database as it was`, async (t) => {
    const { w, db, http, e1 } = await boot(t, dialect);
    const before = await stateOf(db);
    const drop = await failOn(db, dialect, 'audit_entries', 'INSERT');
    const res = await http.post('/api/v1/deployments', primaryAt(e1.id, w.units.mum.id), {
      token: w.actors.hr.token,
    });
    t.is(res.status, 500);
    t.deepEqual(await stateOf(db), before);
    await drop();
  });

  test(`[${dialect}] DELETE /deployments/{id} stamps today in the organization's timezone; force deletes`, async (t) => {
    const { app, w, db, http, e1, d } = await boot(t, dialect);
    // 20:00 UTC is already the 16th in Asia/Kolkata, where ACME is.
    app.clock.set('2026-01-15T20:00:00Z');
    const token = w.actors.hr.token;
    const before = await stateOf(db);
    const closed = await http.delete(`/api/v1/deployments/${d.e1Secondary}`, { token });
    t.is(closed.status, 200, closed.text);
    t.like(closed.body, { deleted: false, deployment: { id: d.e1Secondary, ends_on: '2026-01-16' } });
    const [audit] = await auditEntries(db, 'employee_deployment.closed');
    t.deepEqual(diff(before, await stateOf(db)), {
      employee_deployments: changed([d.e1Secondary]),
      audit_entries: { changed: [], added: [audit.id], removed: [] },
    });
    t.like(audit, {
      subject_type: 'employee_deployment',
      subject_id: d.e1Secondary,
      actor_user_id: w.actors.hr.id,
    });
    t.like(audit.context, { force: false, ends_on_before: null, ends_on: '2026-01-16' });

    const again = await http.delete(`/api/v1/deployments/${d.e1Secondary}`, { token });
    t.is(again.status, 409);
    t.is(again.body.code, 'DEPLOYMENT_ALREADY_CLOSED');
    const future = await addDeployment(db, e1.id, w.units.mum.id, '2026-03-01', null, false);
    const notStarted = await http.delete(`/api/v1/deployments/${future}`, { token });
    t.is(notStarted.status, 409);
    t.is(notStarted.body.code, 'DEPLOYMENT_NOT_STARTED');

    const forced = await http.delete(`/api/v1/deployments/${future}?force=true`, { token });
    t.is(forced.status, 200);
    t.like(forced.body, { deleted: true, deployment: { id: future, starts_on: '2026-03-01' } });
    t.is(await db('employee_deployments').where({ id: future }).first(), undefined);
    const audits = await auditEntries(db, 'employee_deployment.closed');
    t.like(audits[1].context, { force: true, deleted: true });
    t.is((await http.get(`/api/v1/deployments/${future}`, { token })).status, 404);
  });

  test(`[${dialect}] DELETE and GET /deployments/{id}: permissions, bad ids, nothing changed`, async (t) => {
    const { w, db, http, e1, e2, d } = await boot(t, dialect);
    const before = await stateOf(db);
    const del = (id: number | string, token: string, q = '') =>
      http.delete(`/api/v1/deployments/${id}${q}`, { token });
    t.is((await del(d.e1Primary, w.actors.employee.token)).status, 403);
    t.is((await del(d.e1Primary, w.actors.shiftManager.token)).status, 403);
    t.is((await del(d.e1Primary, e1.token)).status, 403);
    t.is((await del(d.e1Primary, w.actors.otherAdmin.token)).status, 404);
    t.is((await del(d.g1Primary, w.actors.orgAdmin.token)).status, 404);
    t.is((await del(999999, w.actors.orgAdmin.token)).status, 404);
    t.is((await del('x', w.actors.orgAdmin.token)).status, 404);
    t.is((await del(d.e1Primary, w.actors.orgAdmin.token, '?force=maybe')).status, 422);
    for (const a of [w.actors.hr, w.actors.orgAdmin, w.actors.systemAdmin]) {
      const dry = await del(d.e1Primary, a.token, '?dry_run=true');
      t.is(dry.status, 200);
      t.like(dry.body, { dry_run: true, deployment: { ends_on: '2026-01-15' } });
    }
    t.deepEqual(await stateOf(db), before);

    const get = (id: number, token: string) => http.get(`/api/v1/deployments/${id}`, { token });
    t.is((await get(d.e1Primary, w.actors.shiftManager.token)).status, 200);
    t.is((await get(d.e1Primary, e1.token)).status, 200, 'an employee reads their own');
    t.is((await get(d.e1Primary, e2.token)).status, 403, 'but not a colleague’s');
    t.is((await get(d.e1Primary, w.actors.otherAdmin.token)).status, 404);
    t.like((await get(d.e1Primary, w.actors.hr.token)).body, { id: d.e1Primary, is_primary: true });
  });
}
