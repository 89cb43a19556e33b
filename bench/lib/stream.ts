// Large reads: a streamed HTTP response fetched by curl on the load core (time to first byte,
// total, bytes), the daemon's peak RSS during it, and the database client dumping the same SELECT.
import type { Knex } from 'knex';
import type { BenchDb } from './database.js';
import { nextMonth } from './dataset.js';
import { currentRss, LOAD_CORE, peakRss, resetPeakRss, runOk, SERVER_CORE } from './proc.js';
import type { RunningServer } from './server.js';

export interface Download {
  status: number;
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  /** The daemon's RSS before the request and its peak during it (KiB). */
  rssBeforeKb: number | null;
  peakRssKb: number | null;
  peakResetWorked: boolean;
}

export async function download(server: RunningServer, path: string, token: string): Promise<Download> {
  const rssBeforeKb = currentRss(server.pid);
  const peakResetWorked = resetPeakRss(server.pid);
  const out = await runOk(
    'curl',
    [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{time_starttransfer} %{time_total} %{size_download}',
      '-H',
      `Authorization: Bearer ${token}`,
      `${server.url}${path}`,
    ],
    { core: LOAD_CORE },
  );
  const [status, ttfb, total, bytes] = out.stdout.trim().split(' ').map(Number);
  return {
    status,
    ttfbMs: ttfb * 1000,
    totalMs: total * 1000,
    bytes,
    rssBeforeKb,
    peakRssKb: peakRss(server.pid),
    peakResetWorked,
  };
}

/** The SELECT the pull and the export read: the contract's record fields of one organization-month. */
export function monthSelect(db: Knex, orgId: number, month: string): string {
  return db('attendance as a')
    .join('employees as e', 'e.id', 'a.employee_id')
    .join('organizations as o', 'o.id', 'a.organization_id')
    .join('organization_units as u', 'u.id', 'a.organization_unit_id')
    .select(
      'a.id',
      'e.employee_id',
      'o.code as organization_code',
      'u.code as unit_code',
      'a.date',
      'a.status',
      'a.check_in',
      'a.check_out',
      'a.worked_minutes',
      'a.flags',
    )
    .where('a.organization_id', orgId)
    .where('a.date', '>=', `${month}-01`)
    .where('a.date', '<', `${nextMonth(month)}-01`)
    .orderBy([{ column: 'a.date' }, { column: 'a.id' }])
    .toString();
}

/**
 * The database's own client writing the rows to /dev/null, on the server core: `mysql -B`
 * (with --quick: row by row, unbuffered) or `sqlite3 -batch` (always row by row).
 */
export async function clientDump(bench: BenchDb, sql: string, opts: { quick: boolean }): Promise<number> {
  if (bench.mysql) {
    const m = bench.mysql;
    const args = ['-h', m.host, '-P', String(m.port), '-u', m.user, '-B', ...(opts.quick ? ['--quick'] : [])];
    if (m.password) args.push(`-p${m.password}`);
    args.push(m.database, '-e', sql);
    return (await runOk('mysql', args, { core: SERVER_CORE, discard: true })).ms;
  }
  const file = bench.config.database.client === 'sqlite' ? bench.config.database.filename : '';
  return (await runOk('sqlite3', ['-batch', '-readonly', file, sql], { core: SERVER_CORE, discard: true }))
    .ms;
}
