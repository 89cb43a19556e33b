// Device binding that an app cannot skip (issue 13, point 1): a fingerprint header is checked
// whatever the token kind, an employee's own punches need an approved device where the organization
// requires it (the default), hr and manager corrections are unaffected, and the setting is changed
// by import and by `wfctl org set`.
import test from 'ava';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS } from '../../helpers/db.js';
import {
  createDevice,
  createEmployee,
  createOrg,
  createUnit,
  createUser,
  snapshot,
  tokenFor,
} from '../../helpers/workforce.js';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { importRecords } from '../../../src/workforce/import/operations/import-records.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';

const TABLES = ['attendance', 'attendance_punches', 'organizations', 'audit_entries'];

async function world(app: TestApp, requireDeviceForPunches = true) {
  const { db } = app.services;
  const org = await createOrg(db, { code: 'ACME', requireDeviceForPunches });
  const unit = await createUnit(db, org.id);
  const asha = await createUser(db, { grants: [{ role: 'employee', organizationId: org.id }] });
  const ravi = await createUser(db, { grants: [{ role: 'employee', organizationId: org.id }] });
  const ashaEmp = await createEmployee(db, {
    organizationId: org.id,
    unitId: unit.id,
    userId: asha.id,
    code: 'E001',
  });
  const raviEmp = await createEmployee(db, {
    organizationId: org.id,
    unitId: unit.id,
    userId: ravi.id,
    code: 'E002',
  });
  await createDevice(db, ashaEmp.id, 'fp-asha');
  await createDevice(db, ashaEmp.id, 'fp-asha-pending', 'pending');
  await createDevice(db, raviEmp.id, 'fp-ravi');
  const hr = await createUser(db, { grants: [{ role: 'hr', organizationId: org.id }] });
  const manager = await createUser(db, { grants: [{ role: 'org_admin', organizationId: org.id }] });
  return {
    org,
    asha: await tokenFor(app.services, asha.id),
    ashaMobile: await tokenFor(app.services, asha.id, { clientKind: 'mobile', fingerprint: 'fp-asha' }),
    hr: await tokenFor(app.services, hr.id),
    manager: await tokenFor(app.services, manager.id),
  };
}

const punch = (app: TestApp, token: string, body: Record<string, unknown>, fingerprint?: string) =>
  app.workforce.post('/api/v1/attendance/punches', body, {
    token,
    headers: fingerprint === undefined ? {} : { 'X-Device-Fingerprint': fingerprint },
  });

for (const dialect of DIALECTS) {
  test(`[${dialect}] a web token that sends X-Device-Fingerprint is checked like a mobile one: 423 unless approved`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const w = await world(app, false);
    const me = (fp: string) =>
      app.workforce.get('/api/v1/me', { token: w.asha, headers: { 'X-Device-Fingerprint': fp } });
    t.is((await me('fp-asha')).status, 200);
    for (const fp of ['fp-asha-pending', 'fp-ravi', 'fp-nobody', '']) {
      const res = await me(fp);
      t.is(res.status, 423, fp);
      t.is(res.body.code, 'DEVICE_NOT_APPROVED');
    }
    // Even where punches need no device, a punch that names an unapproved device is refused.
    const before = await snapshot(app.services.db, TABLES);
    const res = await punch(app, w.asha, { kind: 'check_in', at: '2026-01-12T09:00:00Z' }, 'fp-ravi');
    t.is(res.status, 423);
    t.deepEqual(await snapshot(app.services.db, TABLES), before);
  });

  test(`[${dialect}] own punches need an approved device where the organization requires it; corrections do not`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await world(app, true);
    const before = await snapshot(db, TABLES);
    const bare = await punch(app, w.asha, { kind: 'check_in', at: '2026-01-12T09:00:00Z' });
    t.is(bare.status, 423);
    t.is(bare.body.code, 'DEVICE_REQUIRED');
    t.deepEqual(await snapshot(db, TABLES), before);

    const web = await punch(app, w.asha, { kind: 'check_in', at: '2026-01-12T09:00:00Z' }, 'fp-asha');
    t.is(web.status, 201, web.text);
    const mobile = await punch(
      app,
      w.ashaMobile,
      { kind: 'check_out', at: '2026-01-12T17:00:00Z' },
      'fp-asha',
    );
    t.is(mobile.status, 201, mobile.text);
    for (const token of [w.hr, w.manager]) {
      const correction = await punch(app, token, {
        kind: 'check_in',
        at: token === w.hr ? '2026-01-13T09:00:00Z' : '2026-01-14T09:00:00Z',
        employee_id: 'E002',
      });
      t.is(correction.status, 201, correction.text);
      t.is(correction.body.punch.source, 'correction');
    }
  });

  test(`[${dialect}] require_device_for_punches: on by default on import, set by import and by wfctl org set`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const actor = await systemActor(db);
    await runOperation(importRecords, workforceContext(app.services, actor), {
      document: {
        organizations: [
          { code: 'NEW', name: 'New' },
          { code: 'LAX', name: 'Lax', require_device_for_punches: false },
        ],
      },
    });
    const setting = async (code: string) =>
      Boolean(Number((await db('organizations').where({ code }).first()).require_device_for_punches));
    t.true(await setting('NEW'));
    t.false(await setting('LAX'));
    await runOperation(importRecords, workforceContext(app.services, actor), {
      document: { organizations: [{ code: 'LAX', name: 'Lax', require_device_for_punches: true }] },
    });
    t.true(await setting('LAX'), 'an explicit value is applied to an existing organization');

    const cli = (args: string[]) => runCli(args, { databaseUrl: app.testDb.database.url });
    const off = await cli(['org', 'set', 'NEW', '--require-device-for-punches=false', '--json']);
    t.is(off.code, 0, off.stderr);
    t.like(off.json(), { changed: true, organization: { code: 'NEW', require_device_for_punches: false } });
    t.false(await setting('NEW'));
    const audit = await db('audit_entries').where({ event: 'organization.settings_changed' });
    t.is(audit.length, 1);

    const before = await snapshot(db, ['organizations', 'audit_entries']);
    const bad = await cli(['org', 'set', 'NEW', '--require-device-for-punches=maybe']);
    t.is(bad.code, 2);
    t.regex(bad.stderr, /--require-device-for-punches/);
    const unknown = await cli(['org', 'set', 'NOPE', '--require-device-for-punches=true']);
    t.is(unknown.code, 2);
    t.deepEqual(await snapshot(db, ['organizations', 'audit_entries']), before);
  });
}
