// Command-line options of `npm run bench` and `tsx bench/generate.ts`.
import { parseArgs } from 'node:util';
import type { Dialect } from '../../src/db/knex.js';

export const CASES = [
  'me',
  'attendances',
  'lock',
  'pull',
  'export',
  'import',
  'push',
  'offboard',
  'punch',
  'rush',
  'rush-real',
  'lock-today',
  'clinic',
  'cluster',
] as const;
export type CaseName = (typeof CASES)[number];
/**
 * Run when --cases is not given: every case but the Galera cluster's (it kills cluster nodes) and the
 * rush at the real rate (a quarter of an hour at most sped up a few times), so only on request.
 */
export const DEFAULT_CASES = CASES.filter((c) => c !== 'cluster' && c !== 'rush-real');

export interface BenchOptions {
  dialects: Dialect[];
  employees: number;
  seed: number;
  month: string;
  cases: CaseName[];
  /** Seconds of load per HTTP throughput measurement. */
  duration: number;
  mysqlServer: string;
  /** Write the results without touching docs/benchmarks.md (quick runs). */
  noDoc: boolean;
  /** Run the attendance import and the daemon under `node --cpu-prof` (profiles in var/bench/profiles/). */
  profile: boolean;
  /** The clinic case's data set as a share of full scale (200 tenants, 200,000 pets, 1,000,000 appointments and invoices). */
  clinicScale: number;
  /** The cluster case's cluster: scripts/cluster/cluster.sh's WFCTL_CLUSTER_OFFSET. */
  clusterOffset: number;
  /** Writer-node failovers the cluster case measures. */
  failovers: number;
}

const USAGE = `usage: npm run bench -- [--db sqlite|mysql|both] [--employees N] [--cases ${CASES.join(',')}]
                       [--seed N] [--month YYYY-MM] [--duration SECONDS] [--mysql-server URL] [--no-doc] [--profile]
                       [--clinic-scale F] [--cluster-offset N] [--failovers N]`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'both' },
      employees: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '42' },
      month: { type: 'string', default: '2026-10' },
      cases: { type: 'string', default: DEFAULT_CASES.join(',') },
      duration: { type: 'string', default: '10' },
      'mysql-server': { type: 'string', default: 'mysql://root@127.0.0.1:3306' },
      'no-doc': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'clinic-scale': { type: 'string', default: '1' },
      'cluster-offset': { type: 'string', default: process.env.WFCTL_CLUSTER_OFFSET || '0' },
      failovers: { type: 'string', default: '3' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const fail = (message: string): never => {
    process.stderr.write(`bench: ${message}\n${USAGE}\n`);
    process.exit(2);
  };
  const dialects: Dialect[] =
    values.db === 'both'
      ? ['mysql', 'sqlite']
      : values.db === 'mysql' || values.db === 'sqlite'
        ? [values.db]
        : fail('--db must be sqlite, mysql or both');
  const int = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= min ? n : fail(`--${name} must be a whole number ≥ ${min}`);
  };
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) fail('--month must be YYYY-MM');
  const cases = values.cases
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  for (const c of cases) if (!(CASES as readonly string[]).includes(c)) fail(`unknown case ${c}`);
  const clinicScale = Number(values['clinic-scale']);
  if (!(clinicScale > 0 && clinicScale <= 1)) fail('--clinic-scale must be a number above 0, at most 1');
  return {
    dialects,
    employees: int('employees', values.employees, 20),
    seed: int('seed', values.seed, 0),
    month: values.month,
    cases: cases as CaseName[],
    duration: int('duration', values.duration, 1),
    mysqlServer: values['mysql-server'],
    noDoc: values['no-doc'],
    profile: values.profile,
    clinicScale,
    clusterOffset: int('cluster-offset', values['cluster-offset'], 0),
    failovers: int('failovers', values.failovers, 0),
  };
}
