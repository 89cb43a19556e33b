// bench/generate: a synthetic organization set of any size, loaded through the real import path
// (`wfctl import FILE.json`, the same operation HTTP-less operators run), reproducible from a seed.
//
//   npx tsx bench/generate.ts [--db mysql|sqlite] [--employees 10000] [--seed 42] [--month 2026-10]
//
// Two documents: the structure (organizations, units, users, leave types, employees, shifts, leaves)
// and the month of attendance on its own, whose import is what the `import` case measures.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseBenchArgs, type BenchOptions } from './lib/args.js';
import { benchEnv, resetBenchDb, type BenchDb } from './lib/database.js';
import { buildDataset, type Dataset } from './lib/dataset.js';
import { WFCTL_ENTRY, workDir } from './lib/paths.js';
import { runOk, SERVER_CORE, type Finished } from './lib/proc.js';

export interface Generated {
  dataset: Dataset;
  dir: string;
  structureFile: string;
  attendanceFile: string;
  structureImport: Finished;
  attendanceImport: Finished;
  /** What `wfctl import --json` printed for the structure: natural key → id. */
  ids: Record<string, Record<string, number>>;
}

export const OFFBOARD_CANDIDATES = 10;

export function writeDocuments(opts: Pick<BenchOptions, 'employees' | 'seed' | 'month'>) {
  const dataset = buildDataset({ ...opts, offboardCandidates: OFFBOARD_CANDIDATES });
  const dir = workDir(`data-${opts.employees}-${opts.seed}-${opts.month}`);
  const structureFile = `${dir}/structure.json`;
  const attendanceFile = `${dir}/attendance.json`;
  writeFileSync(structureFile, JSON.stringify(dataset.structure));
  writeFileSync(attendanceFile, JSON.stringify(dataset.attendance));
  return { dataset, dir, structureFile, attendanceFile };
}

/** `wfctl import FILE --json` in its own process on the server core; exit 0 or an error with its stderr. */
export function importDocument(bench: BenchDb, file: string, profileDir?: string): Promise<Finished> {
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return runOk(process.execPath, [...profiling, '--import', 'tsx', WFCTL_ENTRY, 'import', file, '--json'], {
    core: SERVER_CORE,
    env: benchEnv(bench.url, { LOG_LEVEL: 'warn' }),
  });
}

export async function generate(
  bench: BenchDb,
  opts: Pick<BenchOptions, 'employees' | 'seed' | 'month'>,
  log: (line: string) => void = () => {},
  /** Runs between the two imports (the import case measures its baseline on the empty table there). */
  beforeAttendance?: (dataset: Dataset, dir: string) => Promise<void>,
  /** Profile the attendance import (node --cpu-prof) into this directory. */
  profileDir?: string,
): Promise<Generated> {
  const docs = writeDocuments(opts);
  log(`generated ${JSON.stringify(docs.dataset.counts)} in ${docs.dir}`);
  const structureImport = await importDocument(bench, docs.structureFile);
  log(`imported the structure in ${(structureImport.ms / 1000).toFixed(1)} s`);
  if (beforeAttendance) await beforeAttendance(docs.dataset, docs.dir);
  const attendanceImport = await importDocument(bench, docs.attendanceFile, profileDir);
  log(
    `imported ${docs.dataset.counts.attendance} attendance rows in ${(attendanceImport.ms / 1000).toFixed(1)} s`,
  );
  if (bench.dialect === 'mysql') {
    // InnoDB recomputes index statistics in the background after a bulk load; until it has, the
    // optimizer believes attendance is empty and picks a filesort plan. The cases measure the
    // steady state, so the statistics are brought up to date now (docs/benchmarks.md: "Statistics").
    await bench.services.db.raw('ANALYZE TABLE attendance, employees, shift_assignments, leave_requests');
  }
  return {
    ...docs,
    structureImport,
    attendanceImport,
    ids: JSON.parse(structureImport.stdout),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const opts = parseBenchArgs(process.argv.slice(2));
  for (const dialect of opts.dialects) {
    const bench = await resetBenchDb(dialect, opts.mysqlServer);
    try {
      await generate(bench, opts, (line) => process.stderr.write(`[${dialect}] ${line}\n`));
    } finally {
      await bench.close();
    }
  }
}
