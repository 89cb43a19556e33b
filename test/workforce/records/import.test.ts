// `wfctl import`: all or nothing, idempotent on natural keys, errors naming section[index].field,
// --dry-run writes nothing, the --json id map, and locked attendance refused.
import test from 'ava';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { createUser } from '../../helpers/workforce.js';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { importRecords } from '../../../src/workforce/import/operations/import-records.js';
import { loadActor } from '../../../src/workforce/identity/actor.js';
import { stateOf } from './world.js';
import { repoFile } from '../../../scripts/repo-root.js';

const EXAMPLE = JSON.parse(readFileSync(repoFile('docs/workforce-import.example.json'), 'utf8'));
const example = () => structuredClone(EXAMPLE);

let files = 0;
function file(doc: unknown): string {
  const path = join(tmpdir(), `wfctl-import-${process.pid}-${++files}.json`);
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return path;
}

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const db = app.services.db;
  const cli = (args: string[]) => runCli(args, { databaseUrl: app.testDb.database.url });
  const run = async (doc: unknown, opts: { dryRun?: boolean; actor?: string } = {}) =>
    runOperation(
      importRecords,
      workforceContext(app.services, await loadActor(db, opts.actor)),
      { document: doc },
      { dryRun: opts.dryRun },
    );
  const refused = async (doc: unknown, opts: { dryRun?: boolean; actor?: string } = {}) =>
    (await t.throwsAsync(() => run(doc, opts))) as any;
  return { app, db, cli, run, refused };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] wfctl import loads the document, prints the id map, and a second run changes nothing`, async (t) => {
    const { db, cli } = await boot(t, dialect);
    const path = file(example());
    const first = await cli(['import', path, '--json']);
    t.is(first.code, 0, first.stderr);
    const ids = first.json();
    t.deepEqual(Object.keys(ids), ['organizations', 'units', 'users', 'employees', 'financial_years']);
    t.deepEqual(Object.keys(ids.organizations), ['ACME', 'GLOBEX']);
    t.deepEqual(Object.keys(ids.units), ['ACME/BLR', 'ACME/MUM', 'GLOBEX/NYC']);
    t.deepEqual(Object.keys(ids.users), ['admin@wfctl.test', 'hr@acme.test', 'owner@acme.test']);
    t.deepEqual(Object.keys(ids.employees), ['E001', 'E002', 'G001']);
    t.deepEqual(Object.keys(ids.financial_years), ['ACME/FY2026']);
    const acme = await db('organizations').where({ code: 'ACME' }).first();
    t.is(ids.organizations.ACME, acme.id);
    t.is(acme.timezone, 'Asia/Kolkata');
    const e1 = await db('employees').where({ employee_id: 'E001' }).first();
    t.is(ids.employees.E001, e1.id);
    const login = await db('users').where({ email: 'kiran@acme.test' }).first();
    t.is(e1.user_id, login.id);
    t.deepEqual(await db('user_roles').where({ user_id: login.id }).select('role', 'organization_id'), [
      { role: 'employee', organization_id: acme.id },
    ]);
    const hr = await db('user_roles').where({ user_id: ids.users['hr@acme.test'] }).first();
    t.like(hr, { role: 'hr', organization_id: acme.id, scope_key: `org:${acme.id}` });
    const admin = await db('user_roles').where({ user_id: ids.users['admin@wfctl.test'] }).first();
    t.like(admin, { role: 'system_admin', organization_id: null, scope_key: 'global' });
    const deployments = await db('employee_deployments').where({ employee_id: e1.id }).orderBy('id');
    t.like(deployments[0], {
      organization_unit_id: ids.units['ACME/BLR'],
      starts_on: '2025-04-01',
      ends_on: null,
    });
    t.is(Number(deployments[1].is_primary), 0);
    const e2 = await db('employees').where({ employee_id: 'E002' }).first();
    t.is(e2.user_id, null, 'no password, no login');
    const row = await db('attendance').where({ employee_id: e1.id }).first();
    t.like(row, {
      organization_id: acme.id,
      organization_unit_id: ids.units['ACME/BLR'],
      date: '2026-01-05',
      status: 'present',
      check_in: '03:35:00Z',
      worked_minutes: 545,
      locked_at: null,
    });
    t.deepEqual(JSON.parse(row.flags), ['LATE_CHECK_IN']);
    t.like(await db('shift_assignments').first(), {
      starts_at: '09:00:00',
      ends_at: '18:00:00',
      state: 'planned',
    });
    const leave = await db('leave_requests').first();
    t.is(JSON.parse(leave.decision_trail)[0].origin, 'system');
    t.like(await db('devices').first(), { fingerprint: 'pixel-8-kiran', status: 'approved' });

    const before = await stateOf(db);
    const second = await cli(['import', path, '--json']);
    t.is(second.code, 0, second.stderr);
    t.deepEqual(second.json(), ids);
    const after = await stateOf(db);
    const audits = (rows: any[]) => rows.filter((r) => r.event !== 'records.imported');
    t.deepEqual(
      { ...after, audit_entries: audits(after.audit_entries) },
      { ...before, audit_entries: audits(before.audit_entries) },
    );
  });

  test(`[${dialect}] an error names section[index].field, exits 2, and nothing is written`, async (t) => {
    const { db, cli } = await boot(t, dialect);
    const doc = example();
    doc.employees.push({
      employee_id: 'E003',
      organization: 'ACME',
      unit: 'XYZ',
      name: 'X',
      starts_on: '2025-01-01',
    });
    const before = await stateOf(db);
    const res = await cli(['import', file(doc), '--json']);
    t.is(res.code, 2);
    t.regex(res.stderr, /employees\[3\]\.unit: unknown unit ACME\/XYZ/);
    t.deepEqual(res.json().errors, { 'employees[3].unit': ['unknown unit ACME/XYZ'] });
    t.deepEqual(await stateOf(db), before, 'the organizations and units before it are not written either');

    const malformed = await cli(['import', file('{"organizations": [')]);
    t.is(malformed.code, 2);
    t.regex(malformed.stderr, /not valid JSON/);
    const missing = await cli(['import', '/nonexistent/file.json']);
    t.is(missing.code, 2);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] --dry-run writes nothing and maps new records to null`, async (t) => {
    const { db, cli, run } = await boot(t, dialect);
    await run({ organizations: [EXAMPLE.organizations[0]] });
    const before = await stateOf(db);
    const res = await cli(['import', file(example()), '--dry-run', '--json']);
    t.is(res.code, 0, res.stderr);
    const ids = res.json();
    t.is(ids.organizations.ACME, (await db('organizations').where({ code: 'ACME' }).first()).id);
    t.is(ids.organizations.GLOBEX, null);
    t.is(ids.employees.E001, null);
    t.regex(res.stderr, /dry run, nothing written/);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] shape and reference errors name the section, index and field`, async (t) => {
    const { db, refused } = await boot(t, dialect);
    const before = await stateOf(db);
    const fields = async (doc: unknown) => Object.keys((await refused(doc)).errors);
    t.deepEqual(await fields([]), ['document']);
    t.deepEqual(await fields({ employes: [] }), ['employes']);
    t.deepEqual(await fields({ organizations: [{ code: 'A/B', name: 'x' }] }), ['organizations[0].code']);
    t.deepEqual(await fields({ organizations: [{ code: 'A', name: 'x', timezone: 'Mars/Base' }] }), [
      'organizations[0].timezone',
    ]);
    const doc = example();
    doc.employees[1].starts_on = '2026-02-30';
    doc.leaves[0].to = '2026-02-01';
    doc.attendance[1].status = 'partying';
    doc.attendance[0].check_in = '9:00';
    const err = await refused(doc);
    t.deepEqual(Object.keys(err.errors).sort(), [
      'attendance[0].check_in',
      'attendance[1].status',
      'employees[1].starts_on',
      'leaves[0].to',
    ]);
    t.regex(err.message, /\(and 3 more errors\)/);
    t.is(err.status, 422);

    const dup = example();
    dup.organizations.push({ code: 'ACME', name: 'again' });
    t.deepEqual(await fields(dup), ['organizations[2].code']);
    const noOrgs = example();
    noOrgs.users[1].organizations = [];
    t.deepEqual(await fields(noOrgs), ['users[1].organizations']);
    const unknownOrg = example();
    unknownOrg.users[2].organizations = ['NOPE'];
    t.deepEqual(await fields(unknownOrg), ['users[2].organizations[0]']);
    const weak = example();
    weak.users[0].password = 'short';
    t.deepEqual(await fields(weak), ['users[0].password']);
    const leaveType = example();
    leaveType.leaves[0].leave_type = 'SICK';
    t.regex((await refused(leaveType)).message, /^leaves\[0\]\.leave_type: unknown leave type SICK in ACME/);
    const overlap = example();
    overlap.deployments[0].is_primary = true;
    t.regex(
      (await refused(overlap)).message,
      /^deployments\[0\]\.is_primary: overlaps the primary deployment of E001/,
    );
    const noDeployment = example();
    noDeployment.attendance[0].date = '2025-01-05';
    t.regex(
      (await refused(noDeployment)).message,
      /^attendance\[0\]\.date: E001 has no primary deployment on 2025-01-05/,
    );
    const twice = example();
    twice.attendance.push({ ...twice.attendance[0] });
    t.deepEqual(await fields(twice), ['attendance[2].date']);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] a later document refers by code to what an earlier one loaded (leaves to existing leave types)`, async (t) => {
    const { db, run } = await boot(t, dialect);
    const doc = example();
    const leaves = doc.leaves;
    delete doc.leaves;
    await run(doc);
    const result = await run({ leaves: [...leaves, { ...leaves[0], from: '2026-03-02', to: '2026-03-03' }] });
    t.like(result.counts.leaves, { created: 2, existing: 0 });
    const e1 = await db('employees').where({ employee_id: 'E001' }).first();
    t.is((await db('leave_requests').where({ employee_id: e1.id })).length, 2);
    t.like((await run({ leaves })).counts.leaves, { created: 0, existing: 1 }, 'and idempotent');
  });

  test(`[${dialect}] only a system_admin imports`, async (t) => {
    const { db, run, refused } = await boot(t, dialect);
    await run({ organizations: EXAMPLE.organizations });
    const hr = await createUser(db, { grants: [{ role: 'org_admin', organizationId: 1 }] });
    const before = await stateOf(db);
    t.is((await refused(example(), { actor: hr.email })).status, 403);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] attendance: changed rows are updated, locked ones refuse the whole import`, async (t) => {
    const { db, run, refused } = await boot(t, dialect);
    await run(example());
    const e1 = await db('employees').where({ employee_id: 'E001' }).first();
    const changed = example();
    changed.attendance[0].status = 'half_day';
    changed.attendance[0].worked_minutes = 240;
    const result = await run(changed);
    t.deepEqual(result.counts.attendance, { created: 0, existing: 1, updated: 1 });
    t.like(await db('attendance').where({ employee_id: e1.id }).first(), {
      status: 'half_day',
      worked_minutes: 240,
    });

    // Lock January for ACME the way the lock operation does: a lock record and stamped rows.
    const acme = await db('organizations').where({ code: 'ACME' }).first();
    const [lockId] = await db('attendance_locks').insert({
      organization_id: acme.id,
      organization_unit_id: null,
      month: '2026-01',
      scope_key: 'org',
      locked_by: 1,
      created_at: '2026-02-01 00:00:00.000',
    });
    await db('attendance')
      .where({ organization_id: acme.id })
      .update({ locked_at: '2026-02-01 00:00:00.000', lock_id: lockId });
    t.deepEqual(
      (await run(changed)).counts.attendance,
      { created: 0, existing: 2, updated: 0 },
      'identical: fine',
    );
    const before = await stateOf(db);

    const edit = example();
    edit.organizations.push({ code: 'NEWCO', name: 'New' });
    const err = await refused(edit);
    t.is(err.status, 409);
    t.is(err.code, 'ATTENDANCE_LOCKED');
    t.deepEqual(Object.keys(err.errors), ['attendance[0]']);
    t.regex(err.message, /^attendance\[0\]: E001 2026-01-05 is locked/);
    const added = example();
    added.attendance.push({ employee_id: 'E002', date: '2026-01-06', status: 'present' });
    added.attendance[0] = changed.attendance[0];
    const err2 = await refused(added);
    t.is(err2.code, 'ATTENDANCE_LOCKED');
    t.deepEqual(Object.keys(err2.errors), ['attendance[2]'], 'a new row inside a locked month');
    t.deepEqual(await stateOf(db), before);
    t.is(await db('organizations').where({ code: 'NEWCO' }).first(), undefined);
  });
}
