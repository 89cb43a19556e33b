// The crash harness: one long operation, run through the real CLI in a child process, is killed
// with SIGKILL at several moments; after each kill the database must be exactly as before, hold no
// lock of the dead process, and (on SQLite) be intact; finally a re-run must complete.
//
// Moments are SQL statements, counted by test/helpers/crash-entry.mjs, never wall-clock delays: the
// child stops at the chosen statement (before sending it, while the server runs it, or after its
// answer) and prints a marker; only then is it killed. The first moment is "just before COMMIT",
// which also tells how many statements the operation sends; the seeded moments are drawn from that
// range, so the same seed list always kills at the same statements. A case adds its own named
// moments (the big UPDATE while the server is still running it, say).
//
// A case is one small test file (test/crash/*.test.ts, calling crashTests): how to build its data
// set, the command, the state that must be all-or-nothing (its fingerprint), the fingerprint once
// done, and the rows a fresh transaction must be able to lock at once.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test, { type ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { createDb } from '../../src/db/knex.js';
import { COMMAND, ROOT } from '../helpers/cli.js';
import { createTestDb, DIALECTS, type Dialect, type TestDb } from '../helpers/db.js';

const ENTRY = fileURLToPath(new URL('../helpers/crash-entry.mjs', import.meta.url));
/**
 * The compiled CLI when dist/ is fresh (as test/helpers/cli.ts decides), else the sources: the
 * transpiled ones beside this file in .test-build/, or the TypeScript under tsx.
 */
const MAIN = COMMAND[0].endsWith('bin/wfctl')
  ? join(ROOT, 'dist/src/cli/main.js')
  : import.meta.url.endsWith('.js')
    ? fileURLToPath(new URL('../../src/cli/main.js', import.meta.url))
    : join(ROOT, 'src/cli/main.ts');

/** The line test/helpers/crash-entry.mjs prints where it stops. */
const CRASH_MARKER = 'WFCTL-CRASH-POINT ';

const LOADER = MAIN.endsWith('.ts') ? ['--import', 'tsx'] : [];

export type Phase = 'before' | 'sent' | 'done';

export interface Moment {
  label: string;
  /** The nth statement of the process, or the nth whose SQL matches `match` (case-insensitive). */
  nth: number;
  match?: string;
  /** Count `match` only from the operation's first write on (not the CLI's migration check). */
  after?: 'operation';
  phase: Phase;
}

export interface Prepared {
  /** wfctl's arguments. */
  args: string[];
  /** The state the operation changes, as plain data: equal before and after a killed run. */
  fingerprint(db: Knex): Promise<unknown>;
  /** The fingerprint once the operation has completed, from the one before. */
  done(before: any): unknown;
  /** Rows the operation locks: a fresh transaction must lock them at once after a kill. */
  probes: Array<(db: Knex) => Knex.QueryBuilder>;
  /** Moments of this case on top of "before COMMIT" and the seeded ones. */
  moments?: Moment[];
  /**
   * False for work that is not one transaction (a push: batch after batch, each recorded on its
   * own): no "before COMMIT" or seeded moments, only the case's own, the last of which also precedes
   * the re-run; the fingerprint then holds the invariants that must survive any kill.
   */
  transactional?: boolean;
  /** Extra environment of every child (LEASE_SECONDS, WFCTL_TEST_CRASH_OPERATION). */
  env?: Record<string, string>;
  /**
   * Before each child: a case whose command claims work (a queued job) makes the dead child's claim
   * claimable again ('kill': as if its lease had lapsed) or waits until its short lease really has
   * ('rerun': the re-run completes once the lease lapses).
   */
  beforeRun?(db: Knex, kind: 'kill' | 'rerun'): Promise<void>;
  /** Removes what prepare() made outside the database (a document file). */
  cleanup?(): void;
}

export interface CrashCase {
  name: string;
  /** What must hold after every kill, for the test's title (default "all or nothing"). */
  rule?: string;
  prepare(t: TestDb): Promise<Prepared>;
}

/** The seeds of the drawn moments: change them and every run changes; keep them and runs repeat. */
export const SEEDS = [11, 29, 47];

export interface KillReport {
  moment: string;
  statement: number;
  sql: string;
  /** MySQL: the statement was still running on the server when the process died. */
  midStatement: boolean;
  /** From the start of the process until it was killed. */
  ms: number;
  /** MySQL: from the kill until the server had dropped the dead sessions (and rolled back). */
  releasedMs: number;
}

export interface CaseReport {
  case: string;
  dialect: Dialect;
  /** Statements of the operation's transaction, BEGIN to COMMIT. */
  statements: number;
  /** Building the data set. */
  prepareMs: number;
  kills: KillReport[];
  /** The re-run started at once after a kill before COMMIT: exit 0, complete. */
  rerunMs: number;
  totalMs: number;
}

const PHASES: Phase[] = ['before', 'sent', 'done'];
/** Longest a child may run (a busy shared machine included); the case fails after that. */
const CHILD_CAP_MS = 90_000;

/** The operation's own COMMIT, not sent: everything done, nothing committed. */
const FINAL: Moment = {
  label: 'before COMMIT',
  nth: 1,
  match: '^commit',
  after: 'operation',
  phase: 'before',
};

/** mulberry32: a tiny seeded generator, so a seed always draws the same moment. */
function draw(seed: number): number {
  let a = seed >>> 0;
  a = (a + 0x6d2b79f5) >>> 0;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Moments drawn from the operation's transaction: its BEGIN up to its COMMIT (not sent). */
export function seededMoments(begin: number, commit: number, seeds = SEEDS): Moment[] {
  return seeds.map((seed) => {
    const nth = begin + Math.floor(draw(seed) * (commit - begin + 1));
    const phase = PHASES[Math.floor(draw(seed * 7919) * PHASES.length)];
    return { label: `seed ${seed}: statement ${nth} ${phase}`, nth, phase };
  });
}

interface Stopped {
  index: number;
  /** The statement that opened the operation's transaction (0 before its first write). */
  begin: number;
  sql: string;
  thread: number | null;
  threads: number[];
}

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  stopped: Stopped | null;
  midStatement: boolean;
  ms: number;
}

function env(t: TestDb, extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    TZ: process.env.TZ ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_URL: t.config.database.client === 'sqlite' ? `sqlite:${t.config.database.filename}` : urlOf(t),
    WFCTL_TEST_CLI_MAIN: MAIN,
    ...extra,
  };
}

function urlOf(t: TestDb): string {
  const d = t.config.database as {
    host: string;
    port: number;
    user: string;
    password: string;
    database: string;
  };
  const u = new URL('mysql://x');
  u.hostname = d.host;
  u.port = String(d.port);
  u.username = encodeURIComponent(d.user);
  u.password = encodeURIComponent(d.password ?? '');
  u.pathname = `/${d.database}`;
  return u.toString();
}

/**
 * Runs wfctl; with a moment, waits for its marker and kills the process with SIGKILL (on MySQL,
 * for a statement sent but not answered, once the server shows it running, if it still is).
 */
async function runChild(t: TestDb, prepared: Prepared, moment: Moment | null): Promise<ChildRun> {
  await prepared.beforeRun?.(t.db, moment ? 'kill' : 'rerun');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...LOADER, ENTRY, ...prepared.args], {
      cwd: ROOT,
      env: env(
        t,
        moment
          ? {
              ...prepared.env,
              WFCTL_TEST_CRASH_AT: JSON.stringify({
                nth: moment.nth,
                match: moment.match,
                after: moment.after,
                phase: moment.phase,
              }),
            }
          : { ...prepared.env },
      ),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let stopped: Stopped | null = null;
    let midStatement = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stopped || !moment) return;
      const line = stderr.split('\n').find((l) => l.startsWith(CRASH_MARKER));
      if (!line) return;
      stopped = JSON.parse(line.slice(CRASH_MARKER.length)) as Stopped;
      const waitForServer =
        t.dialect === 'mysql' && moment.phase === 'sent' && stopped.thread !== null
          ? running(t.db, stopped.thread)
          : Promise.resolve(false);
      waitForServer.then(
        (mid) => {
          midStatement = mid;
          child.kill('SIGKILL');
        },
        () => child.kill('SIGKILL'),
      );
    });
    // A child that neither reaches its moment nor ends is a failure, not a hung suite.
    const cap = setTimeout(() => {
      stderr += `\n(the test killed this process after ${CHILD_CAP_MS / 1000} s)`;
      child.kill('SIGKILL');
    }, CHILD_CAP_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(cap);
      resolve({ code, signal, stdout, stderr, stopped, midStatement, ms: Date.now() - started });
    });
    child.stdin.end('');
  });
}

/** Polls until the server shows the thread running a statement (true) or idle (false, it finished). */
async function running(db: Knex, thread: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const [rows] = await db.raw(
      'SELECT COMMAND AS command, INFO AS info FROM information_schema.PROCESSLIST WHERE ID = ?',
      [thread],
    );
    const row = rows[0];
    if (row?.command === 'Query' && row.info) return true;
    if (row?.command === 'Sleep' && i > 0) return false;
    await pause(10);
  }
  return false;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** MySQL: polls until the server has dropped the dead process's sessions (their rollback done). */
async function released(db: Knex, threads: number[]): Promise<number> {
  const started = Date.now();
  if (threads.length === 0) return 0;
  for (;;) {
    const [rows] = await db.raw(
      `SELECT ID FROM information_schema.PROCESSLIST WHERE ID IN (${threads.map(() => '?').join(',')})`,
      threads,
    );
    if (rows.length === 0) return Date.now() - started;
    if (Date.now() - started > 60_000) throw new Error(`sessions ${threads.join(',')} still open after 60 s`);
    await pause(20);
  }
}

/** A fresh connection locks the rows at once (NOWAIT), and on SQLite takes the write lock at once. */
async function assertNoStrayLocks(t: ExecutionContext, tdb: TestDb, prepared: Prepared, label: string) {
  if (tdb.dialect === 'sqlite') {
    // A new connection to the file (SQLite replays the WAL's committed frames and ignores the dead
    // writer's), which must find it intact and take the write lock without waiting.
    const fresh = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: (tdb.config.database as { filename: string }).filename },
      useNullAsDefault: true,
      pool: { min: 1, max: 1 },
    });
    try {
      const [check] = await fresh.raw('PRAGMA integrity_check');
      t.is(check.integrity_check, 'ok', `${label}: integrity_check`);
      await fresh.raw('PRAGMA busy_timeout = 0');
      await fresh.raw('BEGIN IMMEDIATE');
      await fresh.raw('ROLLBACK');
    } catch (err) {
      t.fail(`${label}: a fresh connection could not take the write lock at once: ${(err as Error).message}`);
    } finally {
      await fresh.destroy();
    }
    return;
  }
  const fresh = createDb(tdb.database, { poolMax: 1 });
  try {
    await fresh.transaction(async (trx) => {
      await trx.raw('SET SESSION innodb_lock_wait_timeout = 1');
      for (const probe of prepared.probes) await probe(trx).forUpdate().noWait();
    });
  } catch (err) {
    t.fail(`${label}: a fresh transaction could not lock the rows at once: ${(err as Error).message}`);
  } finally {
    await fresh.destroy();
  }
}

/** The whole drill for one case on one dialect: every moment, its checks, then the re-run. */
export async function crashDrill(
  t: ExecutionContext,
  dialect: Dialect,
  crashCase: CrashCase,
  log: (report: CaseReport) => void = () => {},
): Promise<void> {
  const started = Date.now();
  const tdb = await createTestDb(dialect);
  let cleanup: (() => void) | undefined;
  try {
    const prepared = await crashCase.prepare(tdb);
    cleanup = prepared.cleanup;
    const prepareMs = Date.now() - started;
    const before = await prepared.fingerprint(tdb.db);
    // Else "nothing half-done" could not tell a killed run from a finished one.
    t.notDeepEqual(prepared.done(before), before, 'the operation changes the fingerprint');
    const kills: KillReport[] = [];

    const killAt = async (moment: Moment): Promise<Stopped> => {
      const run = await runChild(tdb, prepared, moment);
      if (!run.stopped) {
        t.fail(
          `${moment.label}: never reached (exit ${run.code}): ${run.stderr.slice(-500)} ${run.stdout.slice(-500)}`,
        );
        throw new Error('moment not reached');
      }
      t.is(run.signal, 'SIGKILL', `${moment.label}: killed`);
      const releasedMs = dialect === 'mysql' ? await released(tdb.db, run.stopped.threads) : 0;
      t.deepEqual(await prepared.fingerprint(tdb.db), before, `${moment.label}: nothing half-done`);
      await assertNoStrayLocks(t, tdb, prepared, moment.label);
      kills.push({
        moment: moment.label,
        statement: run.stopped.index,
        sql: run.stopped.sql.slice(0, 60),
        midStatement: run.midStatement,
        ms: run.ms,
        releasedMs,
      });
      return run.stopped;
    };

    const transactional = prepared.transactional !== false;
    let statements = 0;
    if (transactional) {
      const commit = await killAt(FINAL);
      statements = commit.index - commit.begin;
      const seeded = seededMoments(commit.begin, commit.index);
      for (const moment of [...(prepared.moments ?? []), ...seeded]) await killAt(moment);
    } else {
      for (const moment of prepared.moments ?? []) await killAt(moment);
    }

    // As an operator would: killed once more with the whole transaction done but not committed,
    // then re-run at once, while the server may still be rolling the dead session back (the re-run
    // waits for those row locks, then completes).
    const lastMoment = transactional ? FINAL : prepared.moments!.at(-1)!;
    const last = await runChild(tdb, prepared, {
      ...lastMoment,
      label: `${lastMoment.label}, then a re-run`,
    });
    t.is(last.signal, 'SIGKILL', 'killed before the re-run');
    const rerun = await runChild(tdb, prepared, null);
    t.is(rerun.code, 0, `re-run: ${rerun.stderr.slice(-500)}`);
    t.deepEqual(await prepared.fingerprint(tdb.db), prepared.done(before), 're-run: complete');
    log({
      case: crashCase.name,
      dialect,
      statements,
      prepareMs,
      kills,
      rerunMs: rerun.ms,
      totalMs: Date.now() - started,
    });
  } finally {
    cleanup?.();
    await tdb.destroy();
  }
}

/** The case's tests, one per dialect, one after the other (each runs a child process at a time). */
export function crashTests(crashCase: CrashCase): void {
  for (const dialect of DIALECTS) {
    test.serial(
      `${dialect}: ${crashCase.name}: killed at any moment, ${crashCase.rule ?? 'all or nothing'}; a re-run completes`,
      async (t) => {
        // Six or seven child processes, each bounded (CHILD_CAP_MS): more than ava's 120 s between
        // results on a busy machine, never unbounded.
        t.timeout(300_000);
        await crashDrill(t, dialect, crashCase, (report) => t.log(JSON.stringify(report)));
      },
    );
  }
}
