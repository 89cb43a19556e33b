// Payroll pull of the locked month (both organizations: 310,000 records at full size) against the
// database client dumping the same rows to /dev/null; time to first byte; and the daemon's peak
// RSS for the small organization (31k rows) and the large one (279k), which should be the same.
import { ratio, round, type CaseOutput, type Row } from '../lib/results.js';
import { captureStatements, startMinimalServer, type MinimalMode } from '../baselines/capture.js';
import type { Session } from '../lib/session.js';
import { clientDump, download, monthSelect, type Download } from '../lib/stream.js';

const ROUNDS = 2;

export async function pullCase(s: Session): Promise<CaseOutput> {
  const token = s.tokens.partner;
  if (!token) throw new Error('no partner token');
  const measured = await measureStreams(
    s,
    (orgId) => `/api/v1/integrations/payroll/pull?month=${s.opts.month}&org_id=${orgId}`,
    token,
    true,
    'json-stream',
  );
  const { rows, details } = streamRows('pull', measured, s, {
    speedGoal: 1.3,
    extra: (d) => {
      const ttfb = Math.max(...Object.values(d).map((x) => x.ours.ttfbMs));
      return [
        {
          case: 'pull',
          measure: 'time to first byte (worst organization)',
          figure: round(ttfb, 1),
          baseline: null,
          unit: 'ms',
          ratio: null,
          goal: '< 100 ms',
          met: ttfb < 100,
        },
      ];
    },
  });
  return {
    case: 'pull',
    title: `payroll pull of ${total(s)} records`,
    baselineName: `same work: the minimal program replaying the pull's statements and writing each page as JSON, fetched by the same curl; ceiling: ${
      s.bench.mysql
        ? '`mysql --quick -B` of the same rows to /dev/null'
        : '`sqlite3 -batch` of the same rows to /dev/null'
    }`,
    rows,
    notes: [],
    details,
  };
}

export const total = (s: Session) => s.orgs.reduce((t, o) => t + o.rows, 0).toLocaleString('en');

export interface Measured {
  [org: string]: {
    records: number;
    ours: Download;
    oursRuns: Download[];
    /** The database's own client (the ceiling column). */
    baselineMs: number;
    baselineRuns: number[];
    /** The minimal program (the same-work column). */
    minimal: Download;
    minimalRuns: Download[];
    statements: number;
  };
}

/** Small organization first, so the peak RSS of the large one comes after it, in the same daemon. */
export async function measureStreams(
  s: Session,
  path: (orgId: number) => string,
  token: string,
  quick: boolean,
  mode: MinimalMode,
): Promise<Measured> {
  const out: Measured = {};
  const orgs = [...s.orgs].sort((a, b) => a.rows - b.rows);
  for (const org of orgs) {
    const sql = monthSelect(s.bench.services.db, org.id, s.opts.month);
    const statements = await captureStatements(s.bench, path(org.id), token, 200, false);
    const minimalServer = await startMinimalServer(s.bench, {
      [path(org.id)]: { mode, queries: statements },
    });
    const baselineRuns: number[] = [];
    const oursRuns: Download[] = [];
    const minimalRuns: Download[] = [];
    try {
      for (let i = 0; i < ROUNDS; i++) {
        baselineRuns.push(await clientDump(s.bench, sql, { quick }));
        const m = await download(minimalServer, path(org.id), token);
        if (m.status !== 200) throw new Error(`the minimal program answered ${m.status} for ${path(org.id)}`);
        minimalRuns.push(m);
        const d = await download(s.server, path(org.id), token);
        if (d.status !== 200) throw new Error(`${path(org.id)} answered ${d.status}`);
        oursRuns.push(d);
      }
    } finally {
      await minimalServer.close();
    }
    // The fastest round of each: the one least disturbed by whatever else the machine was doing.
    const ours = oursRuns.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
    out[org.code] = {
      records: org.rows,
      ours,
      oursRuns,
      baselineMs: Math.min(...baselineRuns),
      baselineRuns,
      minimal: minimalRuns.reduce((a, b) => (b.totalMs < a.totalMs ? b : a)),
      minimalRuns,
      statements: statements.length,
    };
  }
  return out;
}

/** records/s over both organizations, and the peak RSS of the small against the large one. */
export function streamRows(
  name: string,
  m: Measured,
  s: Session,
  opts: { speedGoal: number; extra?: (m: Measured) => Row[] },
): { rows: Row[]; details: Measured } {
  const records = Object.values(m).reduce((t, x) => t + x.records, 0);
  const oursMs = Object.values(m).reduce((t, x) => t + x.ours.totalMs, 0);
  const clientMs = Object.values(m).reduce((t, x) => t + x.baselineMs, 0);
  const minimalMs = Object.values(m).reduce((t, x) => t + x.minimal.totalMs, 0);
  const oursRate = (records / oursMs) * 1000;
  const slower = ratio(oursMs, minimalMs);
  const [small, large] = [...s.orgs].sort((a, b) => a.rows - b.rows);
  const peakSmall = m[small.code].ours.peakRssKb;
  const peakLarge = m[large.code].ours.peakRssKb;
  const flat = peakSmall !== null && peakLarge !== null ? peakLarge <= peakSmall * 1.1 + 8 * 1024 : null;
  const rows: Row[] = [
    {
      case: name,
      measure: 'records/s (time ratio: ours ÷ baseline)',
      figure: round(oursRate, 0),
      baseline: round((records / minimalMs) * 1000, 0),
      unit: 'rec/s',
      ratio: slower,
      ratioNote: 'wall time ÷ baseline wall time',
      ceiling: round((records / clientMs) * 1000, 0),
      ceilingRatio: ratio(oursMs, clientMs),
      goal: `≤ ${opts.speedGoal}× the time`,
      met: slower === null ? null : slower <= opts.speedGoal,
    },
    ...(opts.extra ? opts.extra(m) : []),
    {
      case: name,
      measure: `daemon peak RSS, ${small.rows.toLocaleString('en')} → ${large.rows.toLocaleString('en')} rows`,
      figure: peakLarge === null ? null : round(peakLarge / 1024, 1),
      baseline: peakSmall === null ? null : round(peakSmall / 1024, 1),
      unit: 'MiB',
      ratio: ratio(peakLarge, peakSmall),
      ratioNote: 'large ÷ small (baseline column: the small organization)',
      goal: 'flat (≤ 1.1× + 8 MiB)',
      met: flat,
    },
  ];
  return { rows, details: m };
}
