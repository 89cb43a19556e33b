// Issue 26, points 1 and 2: data that stays true between imports and corrections.
// 1. A re-import does not overwrite a day hr corrected since its last import: the day is kept and
//    reported as a conflict (the operation's result, the CLI's JSON and stderr); with
//    overwrite_corrected (`--overwrite-corrected`) the document is written and the trail says so in
//    the importing user's name, and later corrections amend the document's day, not the old one.
// 2. A correction recomputes only what it changes: an imported LATE_CHECK_IN survives a check-out
//    correction, and a flag that no longer holds leaves with a trail entry saying so.
import test from 'ava';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { importRecords } from '../../../src/workforce/import/operations/import-records.js';
import { loadActor } from '../../../src/workforce/identity/actor.js';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { tokenFor } from '../../helpers/workforce.js';
import { repoFile } from '../../../scripts/repo-root.js';

const EXAMPLE = JSON.parse(readFileSync(repoFile('docs/workforce-import.example.json'), 'utf8'));
const example = () => structuredClone(EXAMPLE);

let files = 0;
function file(doc: unknown): string {
  const path = join(tmpdir(), `wfctl-reimport-${process.pid}-${++files}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

// E001's imported day: 03:35Z–12:40Z (09:05–18:10 IST), 545 minutes, LATE_CHECK_IN, no planned shift.
const DAY = '2026-01-05';

async function world(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  app.clock.set(new Date('2026-01-20T10:00:00Z'));
  const { db } = app.services;
  const importAs = async (
    doc: unknown,
    opts: { actor?: string; overwrite?: boolean; dryRun?: boolean } = {},
  ) =>
    runOperation(
      importRecords,
      workforceContext(app.services, await loadActor(db, opts.actor)),
      { document: doc, overwrite_corrected: opts.overwrite ?? false },
      { dryRun: opts.dryRun },
    );
  await importAs(example());
  const hr = await db('users').where({ email: 'hr@acme.test' }).first('id');
  const admin = await db('users').where({ email: 'admin@wfctl.test' }).first('id');
  const e1 = await db('employees').where({ employee_id: 'E001' }).first('id', 'user_id');
  const hrToken = await tokenFor(app.services, Number(hr.id));
  const correct = async (kind: string, at: string) => {
    const res = await app.workforce.post(
      '/api/v1/attendance/punches',
      { kind, at, employee_id: 'E001' },
      { token: hrToken },
    );
    t.is(res.status, 201, res.text);
    return res.body.attendance;
  };
  const day = async () => {
    const res = await app.workforce.get(`/api/v1/attendances?employee_id=E001&from=${DAY}&to=${DAY}`, {
      token: hrToken,
    });
    t.is(res.status, 200, res.text);
    return res.body.data[0];
  };
  const cli = (args: string[]) => runCli(args, { databaseUrl: app.testDb.database.url });
  return {
    app,
    db,
    importAs,
    correct,
    day,
    cli,
    hr: Number(hr.id),
    admin: Number(admin.id),
    e1: { id: Number(e1.id), userId: Number(e1.user_id) },
  };
}

async function ownPunch(app: TestApp, userId: number, kind: string, at: string) {
  const token = await tokenFor(app.services, userId, { clientKind: 'mobile', fingerprint: 'pixel-8-kiran' });
  const res = await app.workforce.post(
    '/api/v1/attendance/punches',
    { kind, at },
    { token, headers: { 'X-Device-Fingerprint': 'pixel-8-kiran' } },
  );
  return res;
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a re-import keeps a corrected day and reports it as a conflict (operation, dry run and CLI)`, async (t) => {
    const w = await world(t, dialect);
    const corrected = await w.correct('check_out', `${DAY}T12:00:00Z`);
    t.like(corrected, { check_in: '03:35:00Z', check_out: '12:00:00Z', worked_minutes: 505 });
    const before = await w.day();

    // The same document again: the corrected day is not put back to 12:40.
    for (const dryRun of [true, false]) {
      const result = await w.importAs(example(), { dryRun });
      t.deepEqual(result.conflicts, [
        { index: 0, employee_id: 'E001', date: DAY, fields: ['check_out', 'worked_minutes'] },
      ]);
      t.deepEqual(result.counts.attendance, { created: 0, existing: 1, updated: 0 });
    }
    t.deepEqual(await w.day(), before, 'the corrected day is as hr left it');
    t.deepEqual(before.flags, ['LATE_CHECK_IN', 'REGULARIZED']);

    // The CLI: the id map as before, plus the kept days; a line on stderr says how to overwrite.
    const res = await w.cli(['import', file(example()), '--json']);
    t.is(res.code, 0, res.stderr);
    const out = res.json();
    t.deepEqual(out.attendance_conflicts, [
      { index: 0, employee_id: 'E001', date: DAY, fields: ['check_out', 'worked_minutes'] },
    ]);
    t.truthy(out.employees.E001);
    t.regex(res.stderr, /1 attendance day corrected since its last import kept as corrected/);
    t.regex(res.stderr, /--overwrite-corrected/);
    t.deepEqual(await w.day(), before);

    // A document that agrees with the correction is no conflict.
    const agreeing = example();
    agreeing.attendance[0] = { ...agreeing.attendance[0], check_out: '12:00:00Z', worked_minutes: 505 };
    const fine = await w.importAs(agreeing);
    t.deepEqual(fine.conflicts, []);
    t.deepEqual(fine.counts.attendance, { created: 0, existing: 2, updated: 0 });
  });

  test(`[${dialect}] --overwrite-corrected writes the document with a trail entry in the importer's name; the next correction amends the document's day`, async (t) => {
    const w = await world(t, dialect);
    await w.correct('check_out', `${DAY}T12:00:00Z`);
    const corrections = (await w.day()).corrections;
    t.is(corrections.length, 2);

    w.app.clock.set(new Date('2026-01-21T08:00:00Z'));
    const res = await w.cli([
      'import',
      file(example()),
      '--overwrite-corrected',
      '--actor',
      'admin@wfctl.test',
      '--json',
    ]);
    t.is(res.code, 0, res.stderr);
    t.is(res.json().attendance_conflicts, undefined);
    const overwritten = await w.day();
    t.like(overwritten, {
      check_in: '03:35:00Z',
      check_out: '12:40:00Z',
      worked_minutes: 545,
      status: 'present',
    });
    t.deepEqual(overwritten.flags, ['LATE_CHECK_IN', 'REGULARIZED'], 'the day keeps its REGULARIZED');
    const byImport = overwritten.corrections.slice(corrections.length);
    t.deepEqual(
      byImport.map((c: any) => [c.by, c.field, c.from, c.to, c.via]),
      [
        [w.admin, 'check_out', '12:00:00Z', '12:40:00Z', 'import'],
        [w.admin, 'worked_minutes', 505, 545, 'import'],
      ],
    );
    t.deepEqual(overwritten.corrections.slice(0, corrections.length), corrections, 'hr’s entries stay');
    const audit = await w
      .db('audit_entries')
      .where({ event: 'records.imported' })
      .orderBy('id', 'desc')
      .first();
    t.deepEqual(JSON.parse(audit.context).corrected_days_overwritten, [{ employee_id: 'E001', date: DAY }]);

    // The same document once more changes nothing: the day is the document's, REGULARIZED kept.
    const same = await w.importAs(example());
    t.deepEqual(same.conflicts, []);
    t.deepEqual(same.counts.attendance, { created: 0, existing: 2, updated: 0 });
    t.deepEqual(await w.day(), overwritten);

    // The next correction (of the check-in) amends the document's day: 12:40 stays, and the trail
    // names only what hr changed now, in hr's name.
    w.app.clock.set(new Date('2026-01-21T09:00:00Z'));
    const next = await w.correct('check_in', `${DAY}T03:30:00Z`);
    t.like(next, { check_in: '03:30:00Z', check_out: '12:40:00Z', worked_minutes: 550 });
    const latest = next.corrections.slice(overwritten.corrections.length);
    t.deepEqual(
      latest.map((c: any) => [c.by, c.field, c.from, c.to]),
      [
        [w.hr, 'check_in', '03:35:00Z', '03:30:00Z'],
        [w.hr, 'worked_minutes', 545, 550],
        [w.hr, 'flags', ['LATE_CHECK_IN', 'REGULARIZED'], ['REGULARIZED']],
      ],
    );

    // Corrected again since the last import: the next plain re-import keeps it.
    const again = await w.importAs(example());
    t.deepEqual(
      again.conflicts.map((c) => c.fields),
      [['check_in', 'worked_minutes', 'flags']],
    );
  });

  test(`[${dialect}] a re-import over a day the employee punched: the document is the new baseline, earlier punches stop counting`, async (t) => {
    const w = await world(t, dialect);
    const late = await ownPunch(w.app, w.e1.userId, 'check_out', `${DAY}T13:00:00Z`);
    t.is(late.status, 201, late.text);
    t.like(late.body.attendance, { check_out: '13:00:00Z' });

    // Not a correction: the document is written (its check-out 12:30), no conflict, no trail.
    const doc = example();
    doc.attendance[0] = { ...doc.attendance[0], check_out: '12:30:00Z', worked_minutes: 535 };
    const result = await w.importAs(doc);
    t.deepEqual(result.conflicts, []);
    t.like(await w.day(), { check_out: '12:30:00Z', worked_minutes: 535, corrections: undefined });

    // The next own punch amends the document's day; the 13:00 punch from before the import is gone.
    const inn = await ownPunch(w.app, w.e1.userId, 'check_in', `${DAY}T03:40:00Z`);
    t.is(inn.status, 201, inn.text);
    t.like(inn.body.attendance, { check_in: '03:35:00Z', check_out: '12:30:00Z', worked_minutes: 535 });
  });

  test(`[${dialect}] a check-out correction keeps the imported LATE_CHECK_IN; a flag that no longer holds leaves with a trail entry`, async (t) => {
    const w = await world(t, dialect);
    t.deepEqual((await w.day()).flags, ['LATE_CHECK_IN']);

    const out = await w.correct('check_out', `${DAY}T12:00:00Z`);
    t.deepEqual(out.flags, ['LATE_CHECK_IN', 'REGULARIZED'], 'the check-in was not touched');
    t.deepEqual(
      out.corrections.map((c: any) => c.field),
      ['check_out', 'worked_minutes'],
    );

    // A later check-in is later still: still late, for certain.
    const later = await w.correct('check_in', `${DAY}T03:50:00Z`);
    t.deepEqual(later.flags, ['LATE_CHECK_IN', 'REGULARIZED']);

    // An earlier check-in without a planned shift: lateness can no longer be told, so it goes, and
    // the trail says so.
    const earlier = await w.correct('check_in', `${DAY}T03:00:00Z`);
    t.deepEqual(earlier.flags, ['REGULARIZED']);
    t.deepEqual(earlier.corrections.at(-1), {
      by: w.hr,
      at: '2026-01-20T10:00:00.000Z',
      field: 'flags',
      from: ['LATE_CHECK_IN', 'REGULARIZED'],
      to: ['REGULARIZED'],
    });

    // The pull, the push and the CSV read the same row.
    const row = await w.db('attendance').where({ employee_id: w.e1.id, date: DAY }).first('flags');
    t.deepEqual(JSON.parse(row.flags), ['REGULARIZED']);
  });

  test(`[${dialect}] with a planned shift a changed time is judged against the shift; an unchanged one keeps the import's answer`, async (t) => {
    const w = await world(t, dialect);
    const unit = await w.db('organization_units').where({ code: 'BLR' }).first('id');
    // 09:00–18:00 IST = 03:30Z–12:30Z; the import said LATE (03:35Z) and nothing about the check-out.
    await w.db('shift_assignments').insert({
      employee_id: w.e1.id,
      organization_unit_id: unit.id,
      assigned_for: DAY,
      starts_at: '09:00:00',
      ends_at: '18:00:00',
      state: 'planned',
      created_at: '2026-01-01 00:00:00.000',
      updated_at: '2026-01-01 00:00:00.000',
    });
    const out = await w.correct('check_out', `${DAY}T12:00:00Z`); // 17:30 IST: early
    t.deepEqual(out.flags, ['LATE_CHECK_IN', 'EARLY_CHECK_OUT', 'REGULARIZED']);
    const inn = await w.correct('check_in', `${DAY}T03:20:00Z`); // 08:50 IST: on time
    t.deepEqual(inn.flags, ['EARLY_CHECK_OUT', 'REGULARIZED']);
  });
}
