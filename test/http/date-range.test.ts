// Issue 26, point 4: `POST /deployments` with `ends_on: "9999-12-31"` over an open primary was a
// 500 on MySQL (the piece after it would start in year 10000) and stored on SQLite. Every date field
// now takes 1900-01-01 … 2999-12-31 and answers 422 naming the field outside it, on both databases;
// a span ending on the last day leaves no piece after it.
import test from 'ava';
import { runOperation } from '../../src/core/operation.js';
import { workforceContext } from '../../src/workforce/context.js';
import { importRecords } from '../../src/workforce/import/operations/import-records.js';
import { loadActor } from '../../src/workforce/identity/actor.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { world as clinicWorld, createPet } from '../clinic/records/fixtures.js';
import { buildWorld, employeeWithUser, stateOf } from '../workforce/records/world.js';

const RANGE = /must be a date from 1900-01-01 to 2999-12-31/;

for (const dialect of DIALECTS) {
  test(`[${dialect}] POST /deployments outside the date range is a 422 naming the field; nothing changes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const w = await buildWorld(app);
    const e1 = await employeeWithUser(app, w.acme.id, w.units.blr.id, {
      code: 'E001',
      startsOn: '2025-01-01',
    });
    const post = (body: Record<string, unknown>) =>
      app.workforce.post(
        '/api/v1/deployments',
        { employee_id: e1.id, organization_unit_id: w.units.mum.id, is_primary: true, ...body },
        { token: w.actors.hr.token },
      );
    const before = await stateOf(w.db);
    for (const [body, field] of [
      [{ starts_on: '2026-12-01', ends_on: '9999-12-31' }, 'ends_on'],
      [{ starts_on: '2026-12-01', ends_on: '3000-01-01' }, 'ends_on'],
      [{ starts_on: '1899-12-31' }, 'starts_on'],
      [{ starts_on: '0999-12-31' }, 'starts_on'],
    ] as const) {
      const res = await post(body);
      t.is(res.status, 422, `${JSON.stringify(body)}: ${res.text}`);
      t.deepEqual(Object.keys(res.body.errors), [field]);
      t.regex(res.body.errors[field][0], RANGE);
    }
    t.deepEqual(await stateOf(w.db), before);

    // The last day of the range: the open primary's overlap is a secondary piece up to it, and no
    // piece starts after it.
    const last = await post({ starts_on: '2026-12-01', ends_on: '2999-12-31' });
    t.is(last.status, 201, last.text);
    t.deepEqual(
      last.body.primary_changes[0].pieces.map((p: any) => [p.starts_on, p.ends_on, p.is_primary]),
      [
        ['2025-01-01', '2026-11-30', true],
        ['2026-12-01', '2999-12-31', false],
      ],
    );
    const rows = await w.db('employee_deployments').where({ employee_id: e1.id });
    t.true(rows.every((r) => String(r.starts_on) <= '2999-12-31'));

    // A list filter is a date field too.
    const list = await app.workforce.get('/api/v1/attendances?from=3000-01-01', { token: w.actors.hr.token });
    t.is(list.status, 422, list.text);
    t.regex(list.body.errors.from[0], RANGE);
  });

  test(`[${dialect}] the import document: a date outside the range is a 422 naming the row; nothing is written`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const db = app.services.db;
    const ctx = workforceContext(app.services, await loadActor(db));
    const doc = {
      organizations: [{ code: 'ACME', name: 'Acme' }],
      units: [{ organization: 'ACME', code: 'BLR', name: 'Bengaluru' }],
      employees: [
        { employee_id: 'E001', organization: 'ACME', unit: 'BLR', name: 'K', starts_on: '2025-01-01' },
      ],
      deployments: [
        {
          employee_id: 'E001',
          unit: 'BLR',
          starts_on: '2026-01-01',
          ends_on: '9999-12-31',
          is_primary: false,
        },
      ],
      attendance: [{ employee_id: 'E001', date: '3000-01-01', status: 'present' }],
    };
    const err: any = await t.throwsAsync(() => runOperation(importRecords, ctx, { document: doc }));
    t.is(err.status, 422);
    t.regex(err.errors['deployments[0].ends_on'][0], RANGE);
    t.deepEqual(err.errors['attendance[0].date'], ['must be a date from 1900-01-01 to 2999-12-31']);
    t.is(await db('organizations').where({ code: 'ACME' }).first(), undefined);
  });

  test(`[${dialect}] clinic date and instant fields outside the range are 422s naming the field`, async (t) => {
    const w = await clinicWorld(dialect);
    t.teardown(w.app.close);
    const pet = await w.app.clinic.post(
      `${w.t}/pets`,
      { name: 'Old', species: 'tortoise', client_id: w.owner.clientId, date_of_birth: '1899-12-31' },
      { token: w.admin.token },
    );
    t.is(pet.status, 422, pet.text);
    t.regex(pet.body.errors.date_of_birth[0], RANGE);
    const bruno = await createPet(w);
    const visit = await w.app.clinic.post(
      `${w.t}/appointments`,
      { pet_id: bruno.id, scheduled_at: '3000-01-01T00:00:00Z' },
      { token: w.admin.token },
    );
    t.is(visit.status, 422, visit.text);
    t.regex(
      visit.body.errors.scheduled_at[0],
      /must be an instant from 1900-01-01T00:00:00Z to 2999-12-31T23:59:59Z/,
    );
  });
}
