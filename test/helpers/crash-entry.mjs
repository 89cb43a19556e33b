// The CLI for the crash tests (test/crash): the same run() as bin/wfctl, with every SQL statement
// knex sends counted, so a test can stop the process at a chosen one. Only this entry reads
// WFCTL_TEST_CRASH_AT; the program itself carries no test hook.
//
// WFCTL_TEST_CRASH_AT is JSON: { "nth": 12 } (the 12th statement of the process) or
// { "match": "^commit", "nth": 1 } (the first statement whose SQL matches, case-insensitive; with
// "after": "operation", the first once the operation has written), and
// "phase": "before" (not sent), "sent" (handed to the driver, its answer never awaited) or "done"
// (answered). At that statement one marker line goes to stderr, then the statement's promise never
// settles: the process sits there, transaction open, until the test kills it with SIGKILL.
// WFCTL_TEST_CLI_MAIN names the compiled main.js (or the TypeScript source, run under --import tsx).
// Plain JavaScript, so that against dist/ no loader adds its start-up time to every child.
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import knex from 'knex';

// test/crash/harness.ts looks for this prefix.
const CRASH_MARKER = 'WFCTL-CRASH-POINT ';

const spec = process.env.WFCTL_TEST_CRASH_AT ? JSON.parse(process.env.WFCTL_TEST_CRASH_AT) : null;
const pattern = spec?.match ? new RegExp(spec.match, 'i') : null;
let statements = 0;
let matching = 0;
// The operation's transaction: the BEGIN before its first write (a write outside knex's own
// migration tables; on SQLite the CLI checks migrations in a transaction of its own first). With
// "after": "operation", `match` counts only from that first write on.
// A case whose command writes before its operation (a job claim, say) names the operation's first
// write itself in WFCTL_TEST_CRASH_OPERATION (a regular expression).
const FIRST_WRITE = process.env.WFCTL_TEST_CRASH_OPERATION
  ? new RegExp(process.env.WFCTL_TEST_CRASH_OPERATION, 'i')
  : /^(insert\s+into|update|delete\s+from)\s+(?![`"]knex_)/i;
let lastBegin = 0;
let operationBegin = 0;
// MySQL connection ids the process used: the test waits until the server has dropped them.
const threads = new Set();

const client = knex.Client.prototype;
const query = client.query;
client.query = function (connection, q) {
  statements += 1;
  if (typeof connection?.threadId === 'number') threads.add(connection.threadId);
  const sql = String(typeof q === 'string' ? q : q?.sql);
  if (/^begin\b/i.test(sql)) lastBegin = statements;
  if (!operationBegin && FIRST_WRITE.test(sql)) operationBegin = lastBegin;
  if (spec) {
    const counting = spec.after !== 'operation' || operationBegin > 0;
    if (counting && pattern && pattern.test(sql)) matching += 1;
    const hit = pattern ? counting && pattern.test(sql) && matching === spec.nth : statements === spec.nth;
    if (hit) return stopAt(this, connection, q, sql);
  }
  return query.call(this, connection, q);
};

function mark(sql, connection) {
  const thread = typeof connection?.threadId === 'number' ? connection.threadId : null;
  const line = {
    index: statements,
    begin: operationBegin,
    sql: sql.slice(0, 200),
    thread,
    threads: [...threads],
  };
  writeSync(2, `\n${CRASH_MARKER}${JSON.stringify(line)}\n`);
}

function stopAt(self, connection, q, sql) {
  // Nothing else may keep the process alive (better-sqlite3 holds no handle): it waits to be killed,
  // and dies by itself if the test that should kill it has gone (orphaned: re-parented).
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
  }, 500);
  const phase = spec?.phase ?? 'before';
  if (phase === 'before') {
    mark(sql, connection);
  } else if (phase === 'sent') {
    query.call(self, connection, q).catch(() => {});
    mark(sql, connection);
  } else {
    query.call(self, connection, q).then(
      () => mark(sql, connection),
      () => mark(sql, connection),
    );
  }
  return new Promise(() => {});
}

const main = process.env.WFCTL_TEST_CLI_MAIN;
if (!main) throw new Error('WFCTL_TEST_CLI_MAIN is not set');
const { run } = await import(pathToFileURL(main).href);
await run(process.argv);
