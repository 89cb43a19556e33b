// The lifecycle commands, run as cron or a script would (off a terminal): --yes required, --dry-run
// changes nothing, --actor decides scope and the audit actor, names resolve (E001, ACME/BLR, ACME),
// mistakes exit 2 naming the flag, the documented 500 exits 1. The CLI runs on the real clock, so
// the dates here are far in the future and nothing depends on today.
import test from 'ava';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { createDeployment } from '../../../src/workforce/deployments/operations/create-deployment.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';
import { retireOrganization } from '../../../src/workforce/organizations/operations/retire-organization.js';
import { retireUnit } from '../../../src/workforce/units/operations/retire-unit.js';
import { bootApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { addShift, auditEntries, buildWorld, createEmployee, employeeWithUser, stateOf } from './world.js';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const e1 = await employeeWithUser(app, w.acme.id, w.units.blr.id, { code: 'E001' });
  const e2 = await createEmployee(w.db, { organizationId: w.acme.id, unitId: w.units.blr.id, code: 'E002' });
  const shift = await addShift(w.db, e1.id, w.units.blr.id, '2099-02-01');
  const cli = (args: string[]) => runCli(args, { databaseUrl: app.testDb.database.url });
  return { app, w, db: w.db, e1, e2, shift, cli };
}

const offboardArgs = ['offboard', 'E001', '--last-day', '2099-01-31', '--reason', 'Resigned'];

for (const dialect of DIALECTS) {
  test(`[${dialect}] wfctl offboard: --yes required off a terminal, --dry-run changes nothing, then it runs`, async (t) => {
    const { w, db, e1, shift, cli } = await boot(t, dialect);
    const before = await stateOf(db);
    const refused = await cli(offboardArgs);
    t.is(refused.code, 2);
    t.regex(refused.stderr, /--yes/);
    const dry = await cli([...offboardArgs, '--dry-run', '--json']);
    t.is(dry.code, 0, dry.stderr);
    t.like(dry.json(), { dry_run: true, shifts_cancelled: [shift], employee: { employee_id: 'E001' } });
    t.deepEqual(await stateOf(db), before);

    const done = await cli([...offboardArgs, '--yes', '--json', '--actor', w.actors.hr.email]);
    t.is(done.code, 0, done.stderr);
    t.like(done.json(), { dry_run: false, shifts_cancelled: [shift], user_deactivated: e1.userId });
    const row = await db('employees').where({ id: e1.id }).first();
    t.is(Number(row.is_active), 0);
    t.is(row.last_working_day, '2099-01-31');
    t.is((await db('shift_assignments').where({ id: shift }).first()).state, 'cancelled');
    const [audit] = await auditEntries(db, 'employee.offboarded');
    t.is(audit.actor_user_id, w.actors.hr.id);

    const again = await cli([...offboardArgs, '--yes', '--json']);
    t.is(again.code, 2);
    t.is(again.json().code, 'ALREADY_OFFBOARDED');
  });

  test(`[${dialect}] wfctl offboard mistakes exit 2 naming what was wrong, and change nothing`, async (t) => {
    const { w, db, cli } = await boot(t, dialect);
    const before = await stateOf(db);
    const badDate = await cli(['offboard', 'E001', '--last-day', '2099-02-30', '--reason', 'x', '--yes']);
    t.is(badDate.code, 2);
    t.regex(badDate.stderr, /--last-day/);
    const noReason = await cli(['offboard', 'E001', '--last-day', '2099-01-31', '--yes']);
    t.is(noReason.code, 2);
    t.regex(noReason.stderr, /--reason/);
    const unknown = await cli(['offboard', 'E999', '--last-day', '2099-01-31', '--reason', 'x', '--yes']);
    t.is(unknown.code, 2);
    t.regex(unknown.stderr, /EMPLOYEE: no employee E999\./);
    const outOfScope = await cli([...offboardArgs, '--yes', '--actor', w.actors.otherAdmin.email]);
    t.is(outOfScope.code, 2);
    t.regex(outOfScope.stderr, /not found/);
    const noSuchActor = await cli([...offboardArgs, '--yes', '--actor', 'nobody@example.test']);
    t.is(noSuchActor.code, 2);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] wfctl unit retire with --transfer, the last-unit 500, and wfctl org retire`, async (t) => {
    const { w, db, e1, e2, cli } = await boot(t, dialect);
    const retire = await cli([
      'unit',
      'retire',
      'ACME/BLR',
      '--effective-date',
      '2099-01-31',
      '--reason',
      'Closed',
      '--transfer',
      'E001=ACME/MUM',
      '--yes',
      '--json',
    ]);
    t.is(retire.code, 0, retire.stderr);
    const result = retire.json();
    t.like(result.unit, { code: 'BLR', status: 'retired' });
    t.like(result.deployments_transferred[0], { employee_id: e1.id, target_unit_id: w.units.mum.id });
    t.is(result.deployments_ended.length, 1);
    const e2Deployment = await db('employee_deployments').where({ employee_id: e2.id }).first();
    t.is(e2Deployment.ends_on, '2099-01-31');

    const badTransfer = await cli([
      'unit',
      'retire',
      'ACME/MUM',
      '--effective-date',
      '2099-01-31',
      '--reason',
      'x',
      '--transfer',
      'E001',
      '--yes',
    ]);
    t.is(badTransfer.code, 2);
    t.regex(badTransfer.stderr, /--transfer/);

    const last = await cli([
      'unit',
      'retire',
      'ACME/MUM',
      '--effective-date',
      '2099-01-31',
      '--reason',
      'x',
      '--yes',
    ]);
    t.is(last.code, 2, "a rule refused it (the contract's 500): nothing changed, exit 2 as for any refusal");
    t.regex(last.stderr, /last active unit/);
    t.is((await db('organization_units').where({ id: w.units.mum.id }).first()).status, 'active');

    const org = await cli([
      'org',
      'retire',
      'ACME',
      '--effective-date',
      '2099-01-31',
      '--reason',
      'x',
      '--yes',
      '--json',
    ]);
    t.is(org.code, 0, org.stderr);
    t.like(org.json(), { changed: true, organization: { code: 'ACME', status: 'retired' } });
    t.deepEqual(
      org.json().units.map((u: any) => u.unit.code),
      ['MUM'],
    );
    const again = await cli([
      'org',
      'retire',
      String(w.acme.id),
      '--effective-date',
      '2099-01-31',
      '--reason',
      'x',
      '--yes',
      '--json',
    ]);
    t.is(again.code, 0);
    t.false(again.json().changed);
  });

  test(`[${dialect}] wfctl deployment create demotes the primary; deployment close --force deletes`, async (t) => {
    const { w, db, e2, cli } = await boot(t, dialect);
    const original = await db('employee_deployments').where({ employee_id: e2.id }).first();
    const badDate = await cli([
      'deployment',
      'create',
      'E002',
      '--unit',
      'ACME/MUM',
      '--from',
      '2099-02-30',
      '--yes',
    ]);
    t.is(badDate.code, 2);
    t.regex(badDate.stderr, /--from/);
    const created = await cli([
      'deployment',
      'create',
      'E002',
      '--unit',
      'ACME/MUM',
      '--from',
      '2099-01-01',
      '--primary',
      '--yes',
      '--json',
    ]);
    t.is(created.code, 0, created.stderr);
    t.like(created.json(), {
      deployment: { organization_unit_id: w.units.mum.id, starts_on: '2099-01-01', is_primary: true },
    });
    t.like(created.json().primary_changes[0], { deployment_id: original.id, action: 'split' });
    t.is(
      (await db('employee_deployments').where({ id: original.id }).first()).ends_on,
      '2098-12-31',
      'the earlier primary ends the day before',
    );
    const id = created.json().deployment.id;
    const closed = await cli(['deployment', 'close', String(id), '--force', '--yes', '--json']);
    t.is(closed.code, 0, closed.stderr);
    t.true(closed.json().deleted);
    t.is(await db('employee_deployments').where({ id }).first(), undefined);
  });

  test(`[${dialect}] retire and deployment operations take names and resolve them themselves; HTTP passes ids only`, async (t) => {
    const { app, w, db, e1, e2 } = await boot(t, dialect);
    const ctx = workforceContext(app.services, await systemActor(db));
    const run = (op: any, input: unknown): Promise<any> => runOperation(op, ctx, input, { dryRun: true });
    const day = { effective_date: '2099-01-31', reason: 'x' };
    const before = await stateOf(db);

    // The refs' one error for an unknown name: a 404 naming the input field, with the nearest name.
    t.like(await t.throwsAsync(run(retireOrganization, { ...day, organization: 'ACMF' })), {
      status: 404,
      errors: { organization: ['organization: no organization ACMF. Did you mean ACME?'] },
    });
    const noUnit = await t.throwsAsync<any>(run(retireUnit, { ...day, unit: 'ACME/BRL' }));
    t.is(noUnit.status, 404);
    t.regex(noUnit.errors.unit[0], /^unit: no unit ACME\/BRL .*Did you mean ACME\/BLR\?$/);
    const moves = (employee: string, unit: string) => ({
      ...day,
      unit: 'ACME/BLR',
      transfer: [{ employee, unit }],
    });
    t.like(await t.throwsAsync(run(retireUnit, moves('E0011', 'ACME/MUM'))), {
      status: 404,
      errors: { transfer: ['transfer: no employee E0011. Did you mean E001?'] },
    });
    // A name that resolves to a unit of another organization is refused as an id is, on its own field.
    t.like(await t.throwsAsync(run(retireUnit, moves('E001', 'GLOBEX/NYC'))), {
      status: 422,
      errors: { 'transfer[0].unit': ['Unit GLOBEX/NYC is not a unit of this organization.'] },
    });
    const retired = await run(retireUnit, moves('E001', 'ACME/MUM'));
    t.like(retired.deployments_transferred[0], { employee_id: e1.id, target_unit_id: w.units.mum.id });
    const org = await run(retireOrganization, { ...day, organization: 'GLOBEX' });
    t.like(org.organization, { code: 'GLOBEX' });
    const deployed = await run(createDeployment, {
      employee: 'E002',
      unit: 'ACME/MUM',
      starts_on: '2099-01-01',
      is_primary: false,
    });
    t.like(deployed.deployment, { employee_id: e2.id, organization_unit_id: w.units.mum.id });
    t.like(
      await t.throwsAsync(
        run(createDeployment, { employee: 'E002', starts_on: '2099-01-01', is_primary: false }),
      ),
      {
        status: 422,
        errors: { organization_unit_id: ['The organization_unit_id field is required.'] },
      },
    );
    t.deepEqual(await stateOf(db), before, 'dry runs change nothing');

    // Over HTTP the names are not the routes' fields: a body's are dropped, the path's id rules.
    const token = { token: w.actors.systemAdmin.token };
    const http = await app.workforce.post(
      `/api/v1/units/${w.units.mum.id}/retire?dry_run=true`,
      { ...day, unit: 'ACME/BLR', transfer: [{ employee: 'E001', unit: 'ACME/BLR' }] },
      token,
    );
    t.is(http.status, 200, http.text);
    t.like(http.body, { unit: { code: 'MUM' }, deployments_transferred: [] });
    const orgHttp = await app.workforce.post(
      `/api/v1/organizations/${w.acme.id}/retire?dry_run=true`,
      { ...day, organization: 'GLOBEX' },
      token,
    );
    t.is(orgHttp.status, 200, orgHttp.text);
    t.like(orgHttp.body, { organization: { code: 'ACME' } });
    const named = await app.workforce.post(
      '/api/v1/deployments?dry_run=true',
      { employee: 'E002', unit: 'ACME/MUM', starts_on: '2099-01-01', is_primary: false },
      token,
    );
    t.is(named.status, 422, 'the body names them by id');
  });
}
