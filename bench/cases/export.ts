// CSV export of the locked month (both organizations) over HTTP, against the same SELECT through
// the database client (`mysql -B`, tab-separated text), and the daemon's peak RSS small → large.
import type { CaseOutput } from '../lib/results.js';
import type { Session } from '../lib/session.js';
import { measureStreams, streamRows, total } from './pull.js';

export async function exportCase(s: Session): Promise<CaseOutput> {
  // The export's permission is export.create (hr has it); each organization's hr exports its own.
  const measured: Awaited<ReturnType<typeof measureStreams>> = {};
  for (const org of [...s.orgs].sort((a, b) => a.rows - b.rows)) {
    const one = await measureStreams(
      { ...s, orgs: [org] },
      (orgId) => `/api/v1/exports/attendance.csv?org_id=${orgId}&month=${s.opts.month}`,
      s.tokens.hr[org.code],
      false,
      'csv',
    );
    Object.assign(measured, one);
  }
  const { rows, details } = streamRows('export', measured, s, { speedGoal: 1.5 });
  return {
    case: 'export',
    title: `CSV export of ${total(s)} records (GET /exports/attendance.csv)`,
    baselineName: `same work: the minimal program replaying the export's statements and writing CSV lines page by page, fetched by the same curl; ceiling: ${
      s.bench.mysql
        ? 'the same SELECT through `mysql -B` to /dev/null'
        : 'the same SELECT through `sqlite3 -batch`'
    }`,
    rows,
    notes: [],
    details,
  };
}
