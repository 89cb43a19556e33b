// The import's attendance rows through the engine's bulk loader (src/db/bulk-load.ts): on MySQL one
// LOAD DATA LOCAL INFILE streamed from memory storing exactly what the batched inserts store; every
// case it cannot store exactly (a stored key, a warning, a server refusing LOCAL INFILE) undone and
// handed to the batched writes; all or nothing throughout. SQLite keeps the batched inserts.
import test from 'ava';
import knexFactory, { type Knex } from 'knex';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { runOperation } from '../../../src/core/operation.js';
import { bulkLoad, tsvField, type BulkValue } from '../../../src/db/bulk-load.js';
import { toDbTime } from '../../../src/db/time.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { importRecords } from '../../../src/workforce/import/operations/import-records.js';
import { loadActor } from '../../../src/workforce/identity/actor.js';
import { failOn, stateOf } from './world.js';

const DAYS = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'];

/** Three employees, five days each: check-ins, missing check-outs, NULLs, flags, zero minutes. */
function document() {
  const employees = ['B001', 'B002', 'B003'].map((code, i) => ({
    employee_id: code,
    organization: 'BULK',
    unit: i === 2 ? 'U2' : 'U1',
    name: `Employee ${code}`,
    starts_on: '2025-01-01',
  }));
  const attendance = employees.flatMap((e, i) =>
    DAYS.map((date, d) => {
      if ((i + d) % 4 === 3) return { employee_id: e.employee_id, date, status: 'absent' };
      if ((i + d) % 4 === 2)
        return { employee_id: e.employee_id, date, status: 'present', check_in: '04:01:00Z', flags: [] };
      return {
        employee_id: e.employee_id,
        date,
        status: d === 4 ? 'half_day' : 'present',
        check_in: '03:35:00Z',
        check_out: d === 4 ? '07:35:00Z' : '12:40:00Z',
        worked_minutes: d === 4 ? 240 : 545,
        flags: d === 0 ? ['LATE_CHECK_IN', 'EARLY_CHECK_OUT'] : ['LATE_CHECK_IN'],
      };
    }),
  );
  return {
    organizations: [{ code: 'BULK', name: 'Bulk Ltd', timezone: 'Asia/Kolkata' }],
    units: [
      { organization: 'BULK', code: 'U1', name: 'Unit one' },
      { organization: 'BULK', code: 'U2', name: 'Unit two' },
    ],
    employees,
    attendance,
  };
}

/** The statements a database ran, in order (knex's query event sees the transaction's too). */
function statements(db: Knex): string[] {
  const seen: string[] = [];
  db.on('query', (q: { sql: string }) => seen.push(q.sql));
  return seen;
}
const isLoadData = (sql: string) => /^LOAD DATA LOCAL INFILE/i.test(sql);
const isAttendanceInsert = (sql: string) => /^insert into [`"]attendance[`"]/i.test(sql);

/**
 * The same MySQL database through connections that do not offer LOCAL INFILE: the server refuses
 * the statement exactly as it does with local_infile off (a global switch a test must not flip).
 */
function refusingLocalInfile(db: Knex): Knex {
  const config = (db as any).client.config;
  return knexFactory({ ...config, connection: { ...config.connection, flags: ['-LOCAL_FILES'] } });
}

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  return app;
}

async function importInto(app: TestApp, doc: unknown, db: Knex = app.services.db) {
  return runOperation(
    importRecords,
    workforceContext({ ...app.services, db }, await loadActor(app.services.db)),
    { document: doc },
  );
}

async function attendanceRows(db: Knex) {
  return db('attendance').orderBy('id').select();
}

const PROBE = 'bulk_load_probe';
async function probeTable(db: Knex) {
  await db.schema.createTable(PROBE, (t) => {
    t.integer('id').primary();
    t.text('body').nullable();
    t.integer('n').nullable();
    t.string('code', 4).nullable();
  });
}
const upsertProbe = (trx: Knex, rows: BulkValue[][]) => () =>
  trx(PROBE)
    .insert(rows.map(([id, body, n, code]) => ({ id, body, n, code })))
    .onConflict('id')
    .merge()
    .then(() => undefined);

for (const dialect of DIALECTS) {
  test(`[${dialect}] the attendance rows are stored exactly as the batched inserts store them`, async (t) => {
    const app = await boot(t, dialect);
    const seen = statements(app.services.db);
    const result = await importInto(app, document());
    t.deepEqual(result.counts.attendance, { created: 15, existing: 0, updated: 0 });
    const rows = await attendanceRows(app.services.db);
    const at = toDbTime(app.clock.now());
    const b2 = await app.services.db('employees').where({ employee_id: 'B002' }).first();
    const u1 = await app.services.db('organization_units').where({ code: 'U1' }).first();
    t.like(
      rows.find((r) => r.employee_id === b2.id && r.date === '2026-01-05'),
      {
        organization_unit_id: u1.id,
        status: 'present',
        check_in: '03:35:00Z',
        check_out: '12:40:00Z',
        worked_minutes: 545,
        flags: '["LATE_CHECK_IN","EARLY_CHECK_OUT"]',
        locked_at: null,
        lock_id: null,
        created_at: at,
        updated_at: at,
      },
    );
    t.like(
      rows.find((r) => r.employee_id === b2.id && r.date === '2026-01-07'),
      {
        status: 'absent',
        check_in: null,
        check_out: null,
        worked_minutes: 0,
        flags: '[]',
      },
    );
    t.like(
      rows.find((r) => r.employee_id === b2.id && r.date === '2026-01-06'),
      {
        check_in: '04:01:00Z',
        check_out: null,
      },
    );
    if (dialect === 'sqlite') {
      t.false(seen.some(isLoadData), 'SQLite keeps its prepared multi-row inserts');
      t.true(seen.some(isAttendanceInsert));
      return;
    }
    t.is(seen.filter(isLoadData).length, 1);
    t.false(seen.some(isAttendanceInsert), 'no row went through the batched inserts');

    // The same document on a second database whose connections cannot use LOCAL INFILE: the
    // server refuses, the import takes the batched inserts, and stores byte for byte the same.
    const other = await boot(t, dialect);
    const refusing = refusingLocalInfile(other.services.db);
    t.teardown(() => refusing.destroy());
    const fallbackSeen = statements(refusing);
    t.deepEqual((await importInto(other, document(), refusing)).counts, result.counts);
    t.is(fallbackSeen.filter(isLoadData).length, 1, 'tried once');
    t.true(fallbackSeen.some((s) => /^ROLLBACK TO SAVEPOINT/i.test(s)));
    t.true(fallbackSeen.some(isAttendanceInsert));
    t.deepEqual(await attendanceRows(other.services.db), rows);
  });

  test(`[${dialect}] a second import changes nothing, and changed rows are updated beside new ones`, async (t) => {
    const app = await boot(t, dialect);
    const { db } = app.services;
    await importInto(app, document());
    const before = await stateOf(db);
    t.deepEqual((await importInto(app, document())).counts.attendance, {
      created: 0,
      existing: 15,
      updated: 0,
    });
    const after = await stateOf(db);
    const noAudit = (s: Record<string, unknown[]>) => ({ ...s, audit_entries: [] });
    t.deepEqual(noAudit(after), noAudit(before));

    const doc = document();
    doc.attendance[0] = { ...doc.attendance[0], status: 'half_day', worked_minutes: 200 } as any;
    doc.attendance.push({
      employee_id: 'B001',
      date: '2026-01-12',
      status: 'present',
      worked_minutes: 480,
    } as any);
    app.clock.set('2026-01-20T08:00:00.000Z');
    t.deepEqual((await importInto(app, doc)).counts.attendance, { created: 1, existing: 14, updated: 1 });
    const b1 = await db('employees').where({ employee_id: 'B001' }).first();
    const first = await db('attendance').where({ employee_id: b1.id, date: '2026-01-05' }).first();
    t.like(first, { status: 'half_day', worked_minutes: 200, updated_at: '2026-01-20 08:00:00.000' });
    t.not(first.created_at, first.updated_at);
    t.like(await db('attendance').where({ employee_id: b1.id, date: '2026-01-12' }).first(), {
      status: 'present',
      check_in: null,
      created_at: '2026-01-20 08:00:00.000',
    });
  });

  test(`[${dialect}] a failure during or after the attendance load leaves the database as it was`, async (t) => {
    const app = await boot(t, dialect);
    const { db } = app.services;
    const seen = statements(db);
    const before = await stateOf(db);
    const removeTrigger = await failOn(db, dialect, 'attendance', 'INSERT', "NEW.date = '2026-01-08'");
    await t.throwsAsync(() => importInto(app, document()), { any: true, message: /injected failure/ });
    await removeTrigger();
    t.deepEqual(await stateOf(db), before, 'a row failing in the middle of the load');

    const doc = {
      ...document(),
      financial_years: [{ organization: 'BULK', name: 'FY', starts_on: '2026-04-01', ends_on: '2027-03-31' }],
    };
    const removeLater = await failOn(db, dialect, 'financial_years', 'INSERT');
    seen.length = 0;
    await t.throwsAsync(() => importInto(app, doc), { any: true, message: /injected failure/ });
    await removeLater();
    t.true(
      seen.some(dialect === 'mysql' ? isLoadData : isAttendanceInsert),
      'the attendance had been written',
    );
    t.deepEqual(await stateOf(db), before, 'a section failing after the load');
    t.deepEqual((await importInto(app, doc)).counts.attendance, { created: 15, existing: 0, updated: 0 });
  });

  test(`[${dialect}] bulkLoad stores every character of text as sent, NULL apart from 'NULL' and ''`, async (t) => {
    const app = await boot(t, dialect);
    const { db } = app.services;
    await probeTable(db);
    const texts = [
      'tab\there',
      'line\nbreak and\r\nCRLF',
      'back\\slash \\N \\t \\\\',
      '\\N',
      'NULL',
      '',
      'ñandú 日本語 🎉 — “quotes” \'single\' "double"',
      'ends with backslash\\',
      dialect === 'mysql' ? 'nul\0inside' : 'no nul on SQLite text',
    ];
    const rows: BulkValue[][] = [
      ...texts.map((s, i) => [i + 1, s, i % 2 ? -i : null, null]),
      [99, null, 0, 'abcd'],
    ];
    const result = await db.transaction((trx) =>
      bulkLoad(trx, PROBE, ['id', 'body', 'n', 'code'], rows, upsertProbe(trx, rows)),
    );
    t.deepEqual(
      result,
      dialect === 'mysql' ? { path: 'load-data', reason: null } : { path: 'batches', reason: null },
    );
    const stored = await db(PROBE).orderBy('id').select();
    t.deepEqual(
      stored.map((r) => [r.id, r.body, r.n, r.code]),
      rows,
    );
  });

  test(`[${dialect}] rows colliding with stored keys are undone and handed to the caller's writes`, async (t) => {
    const app = await boot(t, dialect);
    const { db } = app.services;
    await probeTable(db);
    await db(PROBE).insert({ id: 2, body: 'stored', n: 1, code: null });
    const rows: BulkValue[][] = [
      [1, 'one', 1, null],
      [2, 'two', 2, null],
      [3, 'three', 3, null],
    ];
    const result = await db.transaction((trx) =>
      bulkLoad(trx, PROBE, ['id', 'body', 'n', 'code'], rows, upsertProbe(trx, rows)),
    );
    if (dialect === 'mysql') {
      t.is(result.path, 'batches');
      t.regex(result.reason ?? '', /collide with stored keys/);
    } else t.deepEqual(result, { path: 'batches', reason: null });
    t.deepEqual(
      (await db(PROBE).orderBy('id').select()).map((r) => [r.id, r.body, r.n, r.code]),
      rows,
      'exactly what the upsert gives, nothing left over from the undone load',
    );

    // A caller whose own writes refuse a stored key: the whole transaction fails, nothing stays.
    const more: BulkValue[][] = [
      [4, 'four', 4, null],
      [3, 'again', 3, null],
    ];
    const plainInsert = (trx: Knex) => async () => {
      await trx(PROBE).insert(more.map(([id, body, n, code]) => ({ id, body, n, code })));
    };
    await t.throwsAsync(
      () =>
        db.transaction((trx) => bulkLoad(trx, PROBE, ['id', 'body', 'n', 'code'], more, plainInsert(trx))),
      { any: true }, // better-sqlite3's error is not an Error instance in ava's eyes
    );
    t.is(Number((await db(PROBE).count({ n: '*' }))[0].n), 3);
  });

  test(`[${dialect}] any warning is a failure of the load: undone, and the caller's writes decide`, async (t) => {
    const app = await boot(t, dialect);
    const { db } = app.services;
    await probeTable(db);
    const rows: BulkValue[][] = [
      [1, 'fits', 1, 'abcd'],
      [2, 'too long for the column', 2, 'abcde'],
    ];
    let fellBack = 0;
    const insert = (trx: Knex) => async () => {
      fellBack += 1;
      await trx(PROBE).insert(rows.map(([id, body, n, code]) => ({ id, body, n, code })));
    };
    if (dialect === 'sqlite') {
      // SQLite has no loader and does not enforce the length: its batched inserts store it as sent.
      t.deepEqual(
        await db.transaction((trx) => bulkLoad(trx, PROBE, ['id', 'body', 'n', 'code'], rows, insert(trx))),
        {
          path: 'batches',
          reason: null,
        },
      );
      t.is(fellBack, 1);
      return;
    }
    // LOAD DATA LOCAL would truncate 'abcde' with a warning; strict mode makes the insert refuse it.
    await t.throwsAsync(
      () => db.transaction((trx) => bulkLoad(trx, PROBE, ['id', 'body', 'n', 'code'], rows, insert(trx))),
      {
        message: /Data too long/,
      },
    );
    t.is(fellBack, 1);
    t.deepEqual(await db(PROBE).select(), []);
  });
}

test('tsvField escapes what LOAD DATA would read as structure', (t) => {
  t.is(tsvField(null), '\\N');
  t.is(tsvField('\\N'), '\\\\N');
  t.is(tsvField('a\tb\nc\rd\\e\0f'), 'a\\tb\\nc\\rd\\\\e\\0f');
  t.is(tsvField(''), '');
  t.is(tsvField(-12.5), '-12.5');
  t.is(tsvField(true), '1');
  t.throws(() => tsvField(Number.NaN));
});
