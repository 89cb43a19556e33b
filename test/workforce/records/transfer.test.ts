// Transfer (no endpoint; `wfctl transfer`): the operation on the test clock, then the command as a
// script runs it.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import {
  transferEmployee,
  type TransferInput,
} from '../../../src/workforce/deployments/operations/transfer-employee.js';
import { loadActor } from '../../../src/workforce/identity/actor.js';
import {
  addShift,
  auditEntries,
  buildWorld,
  changed,
  createEmployee,
  diff,
  failOn,
  stateOf,
} from './world.js';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const db = w.db;
  const { blr, mum } = w.units;
  const e1 = await createEmployee(db, { organizationId: w.acme.id, unitId: blr.id, code: 'E001' });
  const e2 = await createEmployee(db, { organizationId: w.acme.id, unitId: blr.id, code: 'E002' });
  const primary = Number((await db('employee_deployments').where({ employee_id: e1.id }).first()).id);
  const s = {
    past: await addShift(db, e1.id, blr.id, '2026-01-10'),
    beforeTransfer: await addShift(db, e1.id, blr.id, '2026-01-20'),
    onTransfer: await addShift(db, e1.id, blr.id, '2026-02-01'),
    atNewUnit: await addShift(db, e1.id, mum.id, '2026-02-05'),
    colleague: await addShift(db, e2.id, blr.id, '2026-02-01'),
  };
  const as = async (email?: string) => workforceContext(app.services, await loadActor(db, email));
  const transfer = (ctx: Awaited<ReturnType<typeof as>>, input: TransferInput, opts = {}) =>
    runOperation(transferEmployee, ctx, input, opts);
  return { app, w, db, e1, e2, primary, s, as, transfer };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] transfer closes the primary, opens one at the new unit, cancels later shifts at the old one`, async (t) => {
    const { w, db, e1, primary, s, as, transfer } = await boot(t, dialect);
    const before = await stateOf(db);
    const input = { employee: String(e1.id), to: String(w.units.mum.id), on: '2026-02-01' };
    const preview = await transfer(await as(w.actors.hr.email), input, { dryRun: true });
    t.deepEqual(await stateOf(db), before);
    const result = await transfer(await as(w.actors.hr.email), input);
    t.like(result, {
      dry_run: false,
      employee: { id: e1.id, employee_id: 'E001' },
      closed_deployment: { id: primary, ends_on: '2026-01-31', is_primary: true },
      opened_deployment: {
        organization_unit_id: w.units.mum.id,
        starts_on: '2026-02-01',
        ends_on: null,
        is_primary: true,
      },
      demoted_primary_deployment_ids: [],
      shifts_cancelled: [s.onTransfer],
    });
    t.deepEqual(
      { ...preview, dry_run: false, opened_deployment: { ...preview.opened_deployment, id: 0 } },
      { ...result, opened_deployment: { ...result.opened_deployment, id: 0 } },
    );
    const audits = [
      ...(await auditEntries(db, 'employee_deployment.closed')),
      ...(await auditEntries(db, 'employee_deployment.created')),
    ];
    t.deepEqual(diff(before, await stateOf(db)), {
      employee_deployments: { changed: [primary], added: [result.opened_deployment.id!], removed: [] },
      shift_assignments: changed([s.onTransfer]),
      audit_entries: { changed: [], added: audits.map((a) => a.id).sort(), removed: [] },
    });
    t.like(audits[0], { subject_id: primary, actor_user_id: w.actors.hr.id });
    t.like(audits[0].context, { via: 'transfer', ends_on: '2026-01-31', shifts_cancelled: [s.onTransfer] });
    t.like(audits[1].context, { via: 'transfer', transferred_from_deployment_id: primary });
  });

  test(`[${dialect}] a transfer dated in the past leaves shifts before today alone`, async (t) => {
    const { w, e1, s, as, transfer } = await boot(t, dialect);
    const result = await transfer(await as(), {
      employee: String(e1.id),
      to: String(w.units.mum.id),
      on: '2026-01-08',
    });
    t.is(result.closed_deployment.ends_on, '2026-01-07');
    t.deepEqual(result.shifts_cancelled, [s.beforeTransfer, s.onTransfer]);
  });

  test(`[${dialect}] transfer refusals change nothing`, async (t) => {
    const { w, db, e1, e2, as, transfer } = await boot(t, dialect);
    const before = await stateOf(db);
    const run = async (email: string | undefined, input: Partial<TransferInput>) => {
      const full = { employee: String(e1.id), to: String(w.units.mum.id), on: '2026-02-01', ...input };
      const ctx = await as(email);
      return t.throwsAsync(() => transfer(ctx, full));
    };
    t.like(await run(w.actors.employee.email, {}), { status: 403 });
    t.like(await run(w.actors.otherAdmin.email, {}), { status: 404 });
    const fields = (err: any) => [err.status, Object.keys(err.errors)];
    t.deepEqual(fields(await run(undefined, { to: String(w.units.nyc.id) })), [422, ['to']]);
    t.deepEqual(fields(await run(undefined, { to: String(w.units.blr.id) })), [422, ['to']]);
    t.like(await run(undefined, { on: '2024-06-01' }), { status: 409, code: 'NO_PRIMARY_DEPLOYMENT' });
    t.like(await run(undefined, { on: '2024-06-01', employee: '999999' }), { status: 404 });
    await db('employee_deployments').where({ employee_id: e1.id }).update({ starts_on: '2026-02-01' });
    t.deepEqual(fields(await run(undefined, {})), [422, ['on']]);
    await db('employee_deployments').where({ employee_id: e1.id }).update({ starts_on: '2025-01-01' });
    await db('employees').where({ id: e2.id }).update({ is_active: false });
    t.like(await run(undefined, { employee: String(e2.id) }), { status: 409, code: 'EMPLOYEE_OFFBOARDED' });
    await db('employees').where({ id: e2.id }).update({ is_active: true });
    const drop = await failOn(db, dialect, 'shift_assignments', 'UPDATE');
    const ctx = await as();
    await t.throwsAsync(
      () => transfer(ctx, { employee: String(e1.id), to: String(w.units.mum.id), on: '2026-02-01' }),
      {
        any: true,
        message: /injected failure/,
      },
    );
    await drop();
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] wfctl transfer: --dry-run, --yes, names, and a bad date`, async (t) => {
    const { app, w, db, e1, primary } = await boot(t, dialect);
    const cli = (args: string[]) => runCli(args, { databaseUrl: app.testDb.database.url });
    const before = await stateOf(db);
    const args = ['transfer', 'E001', '--to', 'ACME/MUM', '--on', '2099-02-01'];
    const dry = await cli([...args, '--dry-run', '--json']);
    t.is(dry.code, 0, dry.stderr);
    t.like(dry.json(), {
      dry_run: true,
      opened_deployment: { id: null, organization_unit_id: w.units.mum.id },
    });
    t.deepEqual(await stateOf(db), before);
    const bad = await cli(['transfer', 'E001', '--to', 'ACME/MUM', '--on', '2099-13-01', '--yes']);
    t.is(bad.code, 2);
    t.regex(bad.stderr, /--on/);
    const unknownUnit = await cli(['transfer', 'E001', '--to', 'ACME/XYZ', '--on', '2099-02-01', '--yes']);
    t.is(unknownUnit.code, 2);
    t.regex(unknownUnit.stderr, /--to: no unit ACME\/XYZ/);
    const done = await cli([...args, '--yes', '--json']);
    t.is(done.code, 0, done.stderr);
    t.like(done.json(), { closed_deployment: { id: primary, ends_on: '2099-01-31' } });
    const opened = await db('employee_deployments')
      .where({ employee_id: e1.id, organization_unit_id: w.units.mum.id })
      .first();
    t.is(opened.starts_on, '2099-02-01');
  });
}
