// `wfctl import` of the month of attendance (310,000 rows at full size) against the database's own
// bulk loader filling the same empty table with the same rows: `LOAD DATA LOCAL INFILE` on MySQL,
// one prepared INSERT in one transaction (better-sqlite3) on SQLite. The baseline runs first, on
// the empty table, and is then emptied again, so both load into exactly the same state.
// The start-up of the CLI itself (`wfctl --version`: every module loaded, no database) is measured
// beside it, from source through tsx as the case runs it and from dist/ as bin/wfctl runs it,
// since at a few ten thousand rows the process start is a large part of the import's wall time.
import { existsSync, writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { toDbTime } from '../../src/db/time.js';
import type { Generated } from '../generate.js';
import { benchEnv, type BenchDb } from '../lib/database.js';
import type { AttendanceItem, Dataset } from '../lib/dataset.js';
import { ROOT, WFCTL_ENTRY } from '../lib/paths.js';
import { runOk, SERVER_CORE } from '../lib/proc.js';
import { ratio, round, type CaseOutput } from '../lib/results.js';

const COLUMNS = [
  'employee_id',
  'organization_id',
  'organization_unit_id',
  'date',
  'status',
  'check_in',
  'check_out',
  'worked_minutes',
  'flags',
  'created_at',
  'updated_at',
] as const;

export interface ImportBaseline {
  rows: number;
  ms: number;
  how: string;
  startup: Startup;
}

/** Wall time of `wfctl --version` (best of 3): from source through tsx, and from dist/ when built. */
export interface Startup {
  tsxMs: number;
  distMs: number | null;
}

async function measureStartup(bench: BenchDb): Promise<Startup> {
  const best = async (args: string[]) => {
    let ms = Infinity;
    for (let i = 0; i < 3; i++) {
      const done = await runOk(process.execPath, [...args, '--version'], {
        core: SERVER_CORE,
        env: benchEnv(bench.url, { LOG_LEVEL: 'warn' }),
      });
      ms = Math.min(ms, done.ms);
    }
    return ms;
  };
  const dist = `${ROOT}/dist/src/cli/main.js`;
  return {
    tsxMs: await best(['--import', 'tsx', WFCTL_ENTRY]),
    distMs: existsSync(dist) ? await best([`${ROOT}/bin/wfctl`]) : null,
  };
}

/** Loads the same rows with the database's bulk loader, times it, and empties the table again. */
export async function importBaseline(bench: BenchDb, dataset: Dataset, dir: string): Promise<ImportBaseline> {
  const { db } = bench.services;
  const rows = await resolvedRows(db, dataset.attendance.attendance);
  const [{ n }] = await db('attendance').count({ n: '*' });
  if (Number(n) !== 0) throw new Error('the attendance table must be empty before the import baseline');
  let ms: number;
  let how: string;
  if (bench.mysql) {
    const file = `${dir}/attendance.tsv`;
    writeFileSync(
      file,
      rows.map((r) => r.map((v) => (v === null ? '\\N' : String(v))).join('\t')).join('\n') + '\n',
    );
    const m = bench.mysql;
    const sql = `LOAD DATA LOCAL INFILE '${file}' INTO TABLE attendance FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n' (${COLUMNS.join(', ')})`;
    const args = ['--local-infile=1', '-h', m.host, '-P', String(m.port), '-u', m.user];
    if (m.password) args.push(`-p${m.password}`);
    await ensureLocalInfile(db);
    ms = (await runOk('mysql', [...args, m.database, '-e', sql], { core: SERVER_CORE })).ms;
    how = 'mysql --local-infile=1 -e "LOAD DATA LOCAL INFILE …" (TSV with resolved ids)';
    await db.raw('TRUNCATE TABLE attendance');
  } else {
    // knex's one better-sqlite3 connection (foreign keys on, WAL), used directly.
    const client = (db as any).client;
    const conn = await client.acquireConnection();
    try {
      const insert = conn.prepare(
        `INSERT INTO attendance (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
      );
      const began = performance.now();
      conn.transaction(() => {
        for (const r of rows) insert.run(...r);
      })();
      ms = performance.now() - began;
      conn.exec("DELETE FROM attendance; DELETE FROM sqlite_sequence WHERE name = 'attendance';");
    } finally {
      await client.releaseConnection(conn);
    }
    how = 'better-sqlite3: one prepared INSERT per row in one transaction (rows already resolved)';
  }
  return { rows: rows.length, ms, how, startup: await measureStartup(bench) };
}

/** local_infile is a server switch; the benchmark turns it on for the local server when it is off. */
async function ensureLocalInfile(db: Knex): Promise<void> {
  const [rows] = await db.raw("SHOW GLOBAL VARIABLES LIKE 'local_infile'");
  if (String(rows[0]?.Value).toUpperCase() !== 'ON') await db.raw('SET GLOBAL local_infile = 1');
}

/** The import's rows with natural keys resolved to ids, as the bulk loader needs them. */
async function resolvedRows(
  db: Knex,
  items: AttendanceItem[],
): Promise<Array<Array<string | number | null>>> {
  const employees = new Map<string, { id: number; org: number; unit: number }>();
  const placed = await db('employees as e')
    .join('employee_deployments as d', 'd.employee_id', 'e.id')
    .where('d.is_primary', true)
    .select('e.employee_id as code', 'e.id', 'e.organization_id', 'd.organization_unit_id');
  for (const p of placed)
    employees.set(p.code, {
      id: Number(p.id),
      org: Number(p.organization_id),
      unit: Number(p.organization_unit_id),
    });
  const now = toDbTime(new Date());
  return items.map((a) => {
    const e = employees.get(a.employee_id);
    if (!e) throw new Error(`employee ${a.employee_id} has no primary deployment`);
    return [
      e.id,
      e.org,
      e.unit,
      a.date,
      a.status,
      a.check_in ?? null,
      a.check_out ?? null,
      a.worked_minutes ?? 0,
      JSON.stringify(a.flags ?? []),
      now,
      now,
    ];
  });
}

export function importCase(gen: Generated, baseline: ImportBaseline | null): CaseOutput {
  const rows = gen.dataset.counts.attendance;
  const oursRate = (rows / gen.attendanceImport.ms) * 1000;
  const baseRate = baseline ? (baseline.rows / baseline.ms) * 1000 : null;
  const r = ratio(oursRate, baseRate);
  const startup = baseline?.startup ?? null;
  // The import's own work: the whole process less the start-up of the same entry point.
  const workMs = startup ? gen.attendanceImport.ms - startup.tsxMs : null;
  const workRate = workMs !== null && workMs > 0 ? (rows / workMs) * 1000 : null;
  const w = ratio(workRate, baseRate);
  return {
    case: 'import',
    title: `wfctl import of ${rows.toLocaleString('en')} attendance rows`,
    baselineName: baseline?.how ?? '—',
    rows: [
      {
        case: 'import',
        measure: 'rows/s (whole `wfctl import` process: start, JSON parse, validation, writes)',
        figure: round(oursRate, 0),
        baseline: baseRate === null ? null : round(baseRate, 0),
        unit: 'rows/s',
        ratio: r,
        goal: '≥ 0.6×',
        met: r === null ? null : r >= 0.6,
      },
      {
        case: 'import',
        measure: `rows/s without the CLI's start-up (the process less \`wfctl --version\` from source, ${startup ? round(startup.tsxMs, 0) : '—'} ms; from dist/ ${startup?.distMs != null ? `${round(startup.distMs, 0)} ms` : 'not built'})`,
        figure: workRate === null ? null : round(workRate, 0),
        baseline: baseRate === null ? null : round(baseRate, 0),
        unit: 'rows/s',
        ratio: w,
        goal: '—',
        met: null,
      },
    ],
    notes: [],
    details: {
      importMs: round(gen.attendanceImport.ms, 0),
      importPeakRssMiB: round(gen.attendanceImport.peakRssKb / 1024, 1),
      structureImportMs: round(gen.structureImport.ms, 0),
      startupTsxMs: startup ? round(startup.tsxMs, 0) : null,
      startupDistMs: startup?.distMs != null ? round(startup.distMs, 0) : null,
      baseline,
    },
  };
}
