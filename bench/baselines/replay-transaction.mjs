// The "same work, minimal program" baseline of a write operation: the statements the operation ran
// (captured from a dry run with knex's query event), replayed through the driver alone in one
// transaction on one connection, committed. It prints the time from BEGIN to the COMMIT's answer.
// usage: node replay-transaction.mjs SPEC.json → prints {ms, statements}
//   SPEC: {dialect, connection, statements: [{sql, bindings}]}
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { MYSQL_OPTIONS } from './driver-options.mjs';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));

let ms;
if (spec.dialect === 'mysql') {
  const mysql = require('mysql2/promise');
  const conn = await mysql.createConnection({
    ...spec.connection,
    ...MYSQL_OPTIONS,
  });
  // Prepared once outside the clock, as a long-running program would have them.
  const prepared = [];
  for (const q of spec.statements) prepared.push([await conn.prepare(q.sql), q.bindings]);
  const t0 = performance.now();
  await conn.query('BEGIN');
  for (const [statement, bindings] of prepared) await statement.execute(bindings);
  await conn.query('COMMIT');
  ms = performance.now() - t0;
  await conn.end();
} else {
  const Database = require('better-sqlite3');
  const db = new Database(spec.connection.filename);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // better-sqlite3 binds no booleans; knex turns them into 1/0 on the way in, so does this.
  const bind = (bindings) => bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b));
  const prepared = spec.statements.map((q) => [db.prepare(q.sql), bind(q.bindings)]);
  const t0 = performance.now();
  db.exec('BEGIN IMMEDIATE');
  for (const [statement, bindings] of prepared) {
    if (statement.reader) statement.all(...bindings);
    else statement.run(...bindings);
  }
  db.exec('COMMIT');
  ms = performance.now() - t0;
  db.close();
}
process.stdout.write(`${JSON.stringify({ ms, statements: spec.statements.length })}\n`);
