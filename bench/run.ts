// `npm run bench -- [--db sqlite|mysql|both] [--employees N] [--cases me,lock,…]`: generates the
// synthetic organization set through `wfctl import`, starts `wfctl serve` on one core, and runs each
// case against its baseline measured in the same run (the clinic case loads its own data set and
// serves the clinic listener, after the workforce cases; alone, it skips the workforce set); writes bench/results.json and the table in
// docs/benchmarks.md. A benchmark measures and reports: nothing here fails on a missed goal.
import { closeCapture } from './baselines/capture.js';
import { generate } from './generate.js';
import { CASES, parseBenchArgs, type CaseName } from './lib/args.js';
import { databaseVersion, resetBenchDb, type BenchDb } from './lib/database.js';
import { loadAverage } from './lib/proc.js';
import { loadResults, storeCase, writeDoc } from './lib/report.js';
import type { CaseOutput } from './lib/results.js';
import { workDir } from './lib/paths.js';
import { freePort, startDaemon } from './lib/server.js';
import { createPartner, loadOrgs, loginAll, type Session } from './lib/session.js';
import { attendancesCase } from './cases/attendances.js';
import { exportCase } from './cases/export.js';
import { importBaseline, importCase, type ImportBaseline } from './cases/import.js';
import { lockCase, lockMonthOnce } from './cases/lock.js';
import { meCase } from './cases/me.js';
import { offboardCase } from './cases/offboard.js';
import { pullCase } from './cases/pull.js';
import { pushCase } from './cases/push.js';
import { punchCase } from './cases/punch.js';
import { rushCase } from './cases/rush.js';
import { rushRealCase } from './cases/rush-real.js';
import { lockTodayCase } from './cases/lock-today.js';
import { clinicCase } from './cases/clinic.js';
import { clusterCase } from './cases/cluster.js';

const opts = parseBenchArgs(process.argv.slice(2));
const results = loadResults();
const today = new Date().toISOString().slice(0, 10);

// Cases that need the month locked run after the lock case (which leaves it locked).
const RUNNERS: Array<[CaseName, (s: Session) => Promise<CaseOutput>]> = [
  ['me', meCase],
  ['attendances', attendancesCase],
  ['offboard', offboardCase],
  ['punch', punchCase],
  // Before the lock case: the rush cases lock last month themselves while punching, then unlock it.
  ['rush', rushCase],
  ['rush-real', rushRealCase],
  ['lock-today', lockTodayCase],
  ['lock', lockCase],
  ['pull', pullCase],
  ['export', exportCase],
  ['push', pushCase],
];
const NEEDS_LOCK = new Set<CaseName>(['pull', 'export', 'push']);

// The cluster case runs on its own databases (a Galera cluster and --mysql-server), once, after the others.
const dialects = opts.cases.some((c) => c !== 'cluster') ? opts.dialects : [];
for (const dialect of dialects) {
  const log = (line: string) => process.stderr.write(`[bench ${dialect}] ${line}\n`);
  log(
    `load average ${loadAverage().join(' ')}; ${opts.employees} employees, seed ${opts.seed}, month ${opts.month}`,
  );
  const bench = await resetBenchDb(dialect, opts.mysqlServer);
  try {
    if (opts.cases.some((c) => c !== 'clinic' && c !== 'cluster')) await runDialect(bench, log);
    if (opts.cases.includes('clinic')) await runClinic(bench, log);
  } finally {
    // The in-process app the minimal baselines were captured from keeps a listener open.
    await closeCapture(bench);
    await bench.close();
  }
}
if (opts.cases.includes('cluster')) await runCluster();
const missing = opts.noDoc ? [] : await writeDoc(results, CASES);
if (missing.length)
  process.stderr.write(
    `[bench] wrote bench/results.json; docs/benchmarks.md left as it was: its tables show ${missing.join(', ')}, ` +
      "which this checkout's bench/results.json does not hold (run them too, or copy the figures by hand)\n",
  );
else
  process.stderr.write(
    '[bench] wrote bench/results.json' + (opts.noDoc ? '\n' : ' and docs/benchmarks.md\n'),
  );

function storeFor(bench: BenchDb, database: string, log: (line: string) => void) {
  return (output: CaseOutput, loadBefore: number[], seconds: number) => {
    storeCase(results, bench.dialect, database, {
      ...output,
      loadBefore,
      loadAfter: loadAverage(),
      seconds: Math.round(seconds),
      date: today,
      employees: opts.employees,
      seed: opts.seed,
      database,
    });
    for (const row of output.rows) {
      log(
        `${output.case}: ${row.measure}: ${row.figure} ${row.unit} vs ${row.baseline} → ${row.ratio ?? '—'}; ceiling ${row.ceiling ?? '—'} → ${row.ceilingRatio ?? '—'} (goal ${row.goal}: ${row.met ?? '—'})`,
      );
    }
  };
}

async function runCluster(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[bench galera] ${line}\n`);
  const loadBefore = loadAverage();
  log(`load average ${loadBefore.join(' ')}; ${opts.employees} employees, seed ${opts.seed}`);
  const began = performance.now();
  try {
    const output = await clusterCase(opts, log);
    if (!output) return; // skipped, and said why
    const database = `MariaDB Galera ${(output.details.versions as { cluster: string }).cluster}`;
    storeCase(results, 'galera', `${database}, 3 nodes behind HAProxy`, {
      ...output,
      loadBefore,
      loadAfter: loadAverage(),
      seconds: Math.round((performance.now() - began) / 1000),
      date: today,
      employees: opts.employees,
      seed: opts.seed,
      database,
    });
    for (const row of output.rows)
      log(
        `cluster: ${row.measure}: ${row.figure} ${row.unit} vs ${row.baseline ?? '—'} → ${row.ratio ?? '—'}`,
      );
  } catch (err) {
    log(`cluster FAILED: ${String((err as Error).stack ?? err).slice(0, 2000)}`);
  }
}

async function runClinic(bench: BenchDb, log: (line: string) => void): Promise<void> {
  const store = storeFor(bench, await databaseVersion(bench), log);
  const loadBefore = loadAverage();
  const began = performance.now();
  log(`clinic (scale ${opts.clinicScale})…`);
  try {
    store(await clinicCase(bench, opts, log), loadBefore, (performance.now() - began) / 1000);
  } catch (err) {
    // A failed bulk insert's message holds the whole statement: its start is enough.
    log(`clinic FAILED: ${String((err as Error).stack ?? err).slice(0, 2000)}`);
  }
}

async function runDialect(bench: BenchDb, log: (line: string) => void): Promise<void> {
  const database = await databaseVersion(bench);
  const importLoad = loadAverage();
  const importStart = performance.now();
  let baseline: ImportBaseline | null = null;
  const profileDir = opts.profile ? workDir('profiles', `${bench.dialect}-${Date.now()}`) : undefined;
  const gen = await generate(
    bench,
    opts,
    log,
    async (dataset, dir) => {
      if (!opts.cases.includes('import')) return;
      baseline = await importBaseline(bench, dataset, dir);
      log(`import baseline: ${baseline.rows} rows in ${(baseline.ms / 1000).toFixed(1)} s (${baseline.how})`);
    },
    profileDir,
  );
  const store = storeFor(bench, database, log);
  if (opts.cases.includes('import'))
    store(importCase(gen, baseline), importLoad, (performance.now() - importStart) / 1000);

  const receiverPort = await freePort();
  const partnerToken = await createPartner(bench, receiverPort);
  const server = await startDaemon(bench.url, { profileDir });
  if (profileDir)
    log(`profiles of the import and the daemon in ${profileDir} (npx tsx bench/profile.ts FILE)`);
  try {
    const session: Session = {
      bench,
      opts,
      gen,
      server,
      orgs: await loadOrgs(bench, opts.month),
      tokens: { ...(await loginAll(server)), partner: partnerToken },
      log,
      receiverPort,
    };
    let locked = false;
    for (const [name, runner] of RUNNERS) {
      if (!opts.cases.includes(name)) continue;
      if ((name === 'punch' || name === 'rush-real' || name === 'lock-today') && bench.dialect !== 'mysql') {
        log(`${name}: skipped on SQLite (its minimal program is mysql2)`);
        continue;
      }
      if (NEEDS_LOCK.has(name) && !locked) {
        await lockMonthOnce(session);
        locked = true;
      }
      const loadBefore = loadAverage();
      const began = performance.now();
      log(`${name}…`);
      try {
        store(await runner(session), loadBefore, (performance.now() - began) / 1000);
      } catch (err) {
        log(`${name} FAILED: ${(err as Error).stack ?? err}`);
      }
      if (name === 'lock') locked = true;
    }
  } finally {
    await server.close();
  }
}
