// GET /attendances keyset pages at page 1, 1,000 and the last page of the large organization,
// against the same SQL run directly through knex; and, for contrast, the same SELECT paged with
// OFFSET (what keyset pagination avoids).
import type { Knex } from 'knex';
import { encodeCursor } from '../../src/core/cursor.js';
import { selectAttendance } from '../../src/workforce/attendance/serialize.js';
import { captureStatements, startMinimalServer, type Statement } from '../baselines/capture.js';
import { sequentialLatency, type LatencyReport } from '../lib/load.js';
import { median, percentile, ratio, round, type CaseOutput, type Row } from '../lib/results.js';
import type { Session } from '../lib/session.js';

const LIMIT = 50;
const SQL_RUNS = 200;
const HTTP_RUNS = 300;

interface Position {
  label: string;
  page: number;
  /** The (date, id) of the row before the page; null on page 1. */
  after: [string, number] | null;
}

export async function attendancesCase(s: Session): Promise<CaseOutput> {
  const { db } = s.bench.services;
  const org = s.orgs[0];
  const userId = await tokenUser(db, s.tokens.admin[org.code]);
  const pages = Math.ceil(org.rows / LIMIT);
  const deep = Math.min(1000, Math.max(2, Math.floor(pages / 2)));
  const positions: Position[] = [
    { label: 'page 1', page: 1, after: null },
    { label: `page ${deep.toLocaleString('en')}`, page: deep, after: await keyBefore(db, org.id, deep) },
    {
      label: `last page (${pages.toLocaleString('en')})`,
      page: pages,
      after: await keyBefore(db, org.id, pages),
    },
  ];

  const http: Record<string, LatencyReport> = {};
  const minimal: Record<string, LatencyReport> = {};
  const statements: Record<string, Statement[]> = {};
  const urls: Record<string, string> = {};
  const direct: Record<string, { p50: number; p99: number }> = {};
  const offset: Record<string, { p50: number; p99: number }> = {};
  for (const p of positions) {
    const query = new URLSearchParams({ organization_id: String(org.id), limit: String(LIMIT) });
    if (p.after) query.set('cursor', encodeCursor(p.after));
    urls[p.label] = `/api/v1/attendances?${query}`;
    statements[p.label] = await captureStatements(s.bench, urls[p.label], s.tokens.admin[org.code]);
    http[p.label] = await sequentialLatency(`${s.server.url}${urls[p.label]}`, HTTP_RUNS, {
      authorization: `Bearer ${s.tokens.admin[org.code]}`,
    });
    if (http[p.label].non2xx) throw new Error(`GET /attendances ${p.label}: non-2xx answers`);
    direct[p.label] = await timeQuery(() => keysetQuery(db, org.id, userId, p.after));
    // A deep OFFSET page costs a scan of every row before it: fewer runs keep the case short.
    offset[p.label] = await timeQuery(() => offsetQuery(db, org.id, userId, (p.page - 1) * LIMIT), 15);
  }

  // The same work without the framework: the captured statements of each page, replayed over HTTP
  // by the minimal program and timed by the same client.
  const server = await startMinimalServer(
    s.bench,
    Object.fromEntries(
      positions.map((p) => [urls[p.label], { mode: 'json' as const, queries: statements[p.label] }]),
    ),
  );
  try {
    for (const p of positions)
      minimal[p.label] = await sequentialLatency(`${server.url}${urls[p.label]}`, HTTP_RUNS);
  } finally {
    await server.close();
  }

  const first = positions[0].label;
  const rows: Row[] = [];
  for (const p of positions) {
    const speed = ratio(minimal[p.label].p50, http[p.label].p50);
    rows.push({
      case: 'attendances',
      measure: `HTTP ${p.label}, p50 (p99 ${round(http[p.label].p99, 1)} ms; minimal p99 ${round(minimal[p.label].p99, 1)} ms)`,
      figure: round(http[p.label].p50, 2),
      baseline: round(minimal[p.label].p50, 2),
      unit: 'ms',
      ratio: speed,
      ratioNote: 'speed: minimal ÷ ours',
      goal: '≥ 0.85×',
      met: speed === null ? null : speed >= 0.85,
    });
  }
  for (const p of positions) {
    const fig = http[p.label].p50;
    rows.push({
      case: 'attendances',
      measure: `keyset ${p.label}, p50 against the direct SQL (knex, in process)`,
      figure: round(fig, 2),
      baseline: round(direct[p.label].p50, 2),
      unit: 'ms',
      ratio: ratio(fig, direct[p.label].p50),
      goal: p.page === 1 ? '—' : 'deep ÷ first ≤ 1.2',
      met: null,
    });
  }
  for (const p of positions.slice(1)) {
    const r = ratio(http[p.label].p50, http[first].p50);
    rows.push({
      case: 'attendances',
      measure: `keyset ${p.label} ÷ page 1 (HTTP p50)`,
      figure: r,
      baseline: ratio(direct[p.label].p50, direct[first].p50),
      unit: '×',
      ratio: r,
      ratioNote: 'deep ÷ first (baseline column: the same ratio for the direct SQL)',
      goal: '≤ 1.2',
      met: r === null ? null : r <= 1.2,
    });
  }
  for (const p of positions) {
    rows.push({
      case: 'attendances',
      measure: `OFFSET ${p.label}, p50 (direct SQL, for contrast)`,
      figure: round(offset[p.label].p50, 2),
      baseline: round(direct[p.label].p50, 2),
      unit: 'ms',
      ratio: ratio(offset[p.label].p50, direct[p.label].p50),
      ratioNote: 'OFFSET ÷ keyset at the same page',
      goal: '—',
      met: null,
    });
  }
  return {
    case: 'attendances',
    title: `GET /attendances keyset page (${org.code}, ${org.rows.toLocaleString('en')} rows, limit ${LIMIT})`,
    baselineName:
      'the minimal program (node:http + the driver) replaying the statements the daemon ran for each page, timed by the same client (300 sequential requests on one keep-alive connection from the load core); the same SQL run directly through knex (median of 200)',
    rows,
    notes: [],
    details: { positions, http, minimal, direct, offset, statements },
  };
}

async function tokenUser(db: Knex, token: string): Promise<number> {
  const row = await db('personal_access_tokens')
    .where({ id: Number(token.split('|')[0]) })
    .first('user_id');
  return Number(row.user_id);
}

/** The sort key of the last row before `page`, read with OFFSET once (only to build the cursor). */
async function keyBefore(db: Knex, orgId: number, page: number): Promise<[string, number] | null> {
  if (page <= 1) return null;
  const row = await db('attendance')
    .where('organization_id', orgId)
    .orderBy([{ column: 'date' }, { column: 'id' }])
    .offset((page - 1) * LIMIT - 1)
    .first('date', 'id');
  return [String(row.date), Number(row.id)];
}

/** The query listAttendances runs for an org_admin of the organization, filtered to it. */
function baseQuery(db: Knex, orgId: number, userId: number): Knex.QueryBuilder {
  return selectAttendance(db('attendance as a'))
    .where((w) => {
      w.whereIn('a.organization_id', [orgId]);
      w.orWhereIn('a.employee_id', db('employees').where('user_id', userId).select('id'));
    })
    .where('a.organization_id', orgId)
    .orderBy([
      { column: 'a.date', order: 'asc' },
      { column: 'a.id', order: 'asc' },
    ]);
}

function keysetQuery(db: Knex, orgId: number, userId: number, after: [string, number] | null) {
  const q = baseQuery(db, orgId, userId);
  if (after) {
    const [date, id] = after;
    q.where('a.date', '>=', date);
    q.where((w) =>
      w.where('a.date', '>', date).orWhere((x) => x.where('a.date', date).where('a.id', '>', id)),
    );
  }
  return q.limit(LIMIT + 1);
}

function offsetQuery(db: Knex, orgId: number, userId: number, skip: number) {
  return baseQuery(db, orgId, userId).limit(LIMIT).offset(skip);
}

async function timeQuery(
  make: () => Knex.QueryBuilder,
  runs = SQL_RUNS,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 3; i++) await make();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    await make();
    times.push(performance.now() - began);
  }
  return { p50: median(times), p99: percentile(times, 99) };
}
