// Authenticated GET /me against two baselines measured in the same run: the minimal program running
// the very statements the daemon runs for it (node:http + mysql2 prepared statements, or
// better-sqlite3), and a raw node:http server answering the same bytes without a database (the
// ceiling of the HTTP stack). The same for the paths without database work, GET /api/v1/ping and a
// 401 without a token, and for a 401 of an unknown token (one token lookup).
import { captureStatements, startMinimalServer } from '../baselines/capture.js';
import { autocannon, type LoadReport } from '../lib/load.js';
import { ratio, round, type CaseOutput, type Row } from '../lib/results.js';
import { startRawServer, type RunningServer } from '../lib/server.js';
import type { Session } from '../lib/session.js';

const CONNECTIONS = 10;
const ROUNDS = 2;
// Headers that node:http writes itself; everything else the daemon sends, the raw server sends too.
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** A well-formed token whose row does not exist: the lookup runs and finds nothing. */
const UNKNOWN_TOKEN = '999999999|nosuchsecretnosuchsecretnosuchsecret';

interface Sample {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function sample(url: string, headers: Record<string, string>): Promise<Sample> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!OWN_HEADERS.has(k)) out[k] = v;
  });
  return { status: res.status, headers: out, body };
}

export async function meCase(s: Session): Promise<CaseOutput> {
  const token = s.tokens.hr.ACME;
  const auth = { authorization: `Bearer ${token}` };
  const unknown = { authorization: `Bearer ${UNKNOWN_TOKEN}` };
  const base = s.server.url;
  const me = await sample(`${base}/api/v1/me`, auth);
  if (me.status !== 200) throw new Error(`GET /me answered ${me.status}: ${me.body}`);
  const ping = await sample(`${base}/api/v1/ping`, {});
  const noToken = await sample(`${base}/api/v1/me`, {});
  const unknownToken = await sample(`${base}/api/v1/me`, unknown);
  if (unknownToken.status !== 401) throw new Error(`unknown token answered ${unknownToken.status}`);

  const meSql = await captureStatements(s.bench, '/api/v1/me', token);
  const unknownSql = await captureStatements(s.bench, '/api/v1/me', UNKNOWN_TOKEN, 401);
  const servers: RunningServer[] = [];
  const figures: Record<string, LoadReport> = {};
  try {
    const minimal = await startMinimalServer(s.bench, {
      '/api/v1/me': { mode: 'json', queries: meSql },
      '/unknown': { mode: 'json', queries: unknownSql },
    });
    servers.push(minimal);
    const raw = async (answer: Sample) => {
      const srv = await startRawServer(answer);
      servers.push(srv);
      return srv.url;
    };
    const [meRaw, unknownRaw, pingRaw, noTokenRaw] = [
      await raw(me),
      await raw(unknownToken),
      await raw(ping),
      await raw(noToken),
    ];
    const plan: Array<[string, string, Record<string, string>]> = [
      ['me', `${base}/api/v1/me`, auth],
      ['meMinimal', `${minimal.url}/api/v1/me`, {}],
      ['meRaw', `${meRaw}/api/v1/me`, auth],
      ['unknown', `${base}/api/v1/me`, unknown],
      ['unknownMinimal', `${minimal.url}/unknown`, {}],
      ['unknownRaw', `${unknownRaw}/api/v1/me`, unknown],
      ['ping', `${base}/api/v1/ping`, {}],
      ['pingRaw', `${pingRaw}/api/v1/ping`, {}],
      ['noToken', `${base}/api/v1/me`, {}],
      ['noTokenRaw', `${noTokenRaw}/api/v1/me`, {}],
    ];
    // The machine is shared: each figure and its baselines are measured in alternation, in rounds,
    // so a burst of someone else's work falls on both sides rather than on one.
    const seconds = Math.max(1, Math.round(s.opts.duration / ROUNDS));
    const runs: Record<string, LoadReport[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url, headers] of plan) {
        const r = await autocannon(url, { connections: CONNECTIONS, seconds, warmupSeconds: 1, headers });
        (runs[name] ??= []).push(r);
      }
    }
    for (const [name, rs] of Object.entries(runs)) figures[name] = combine(rs, seconds);
  } finally {
    for (const srv of servers) await srv.close();
  }

  const rps = (r: LoadReport) => round(r.requestsPerSecond, 0);
  const row = (
    measure: string,
    ours: LoadReport,
    same: LoadReport | null,
    raw: LoadReport,
    goal: string,
    met: (sameRatio: number | null, rawRatio: number | null) => boolean | null,
  ): Row => {
    const r = same ? ratio(ours.requestsPerSecond, same.requestsPerSecond) : null;
    const c = ratio(ours.requestsPerSecond, raw.requestsPerSecond);
    return {
      case: 'me',
      measure,
      figure: rps(ours),
      baseline: same ? rps(same) : null,
      unit: 'req/s',
      ratio: r,
      ceiling: rps(raw),
      ceilingRatio: c,
      goal,
      met: met(r, c),
    };
  };
  const rows: Row[] = [
    row(
      `GET /me, req/s (${CONNECTIONS} connections; ${meSql.length} statements)`,
      figures.me,
      figures.meMinimal,
      figures.meRaw,
      '≥ 0.85× the minimal program',
      (r) => (r === null ? null : r >= 0.85),
    ),
    row(
      'GET /api/v1/ping, req/s (no database)',
      figures.ping,
      null,
      figures.pingRaw,
      '≥ 0.8× raw node:http',
      (_r, c) => (c === null ? null : c >= 0.8),
    ),
    row(
      `401 for an unknown token, req/s (${unknownSql.length} statement)`,
      figures.unknown,
      figures.unknownMinimal,
      figures.unknownRaw,
      '≥ 0.8× raw node:http',
      (_r, c) => (c === null ? null : c >= 0.8),
    ),
    row(
      '401 without a token, req/s (no database)',
      figures.noToken,
      null,
      figures.noTokenRaw,
      '≥ 0.8× raw node:http',
      (_r, c) => (c === null ? null : c >= 0.8),
    ),
    {
      case: 'me',
      measure: 'GET /me p99 latency',
      figure: figures.me.latencyP99Ms,
      baseline: figures.meMinimal.latencyP99Ms,
      unit: 'ms',
      ratio: ratio(figures.me.latencyP99Ms, figures.meMinimal.latencyP99Ms),
      ceiling: figures.meRaw.latencyP99Ms,
      ceilingRatio: ratio(figures.me.latencyP99Ms, figures.meRaw.latencyP99Ms),
      goal: '—',
      met: null,
    },
  ];
  const notes: string[] = [];
  for (const [name, r] of Object.entries(figures))
    if (r.errors || (r.non2xx && !/unknown|noToken/.test(name)))
      notes.push(`${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors under load`);
  return {
    case: 'me',
    title: 'GET /me, /ping and 401s',
    baselineName:
      'same work: `bench/baselines/minimal-server.mjs` (node:http + the driver) running the statements the daemon ran for the request, captured with knex’s query event; ceiling: `bench/lib/raw-server.mjs`, node:http answering the same status, headers and bytes',
    rows,
    notes,
    details: {
      figures,
      statements: { me: meSql, unknown: unknownSql },
      responseBytes: Buffer.byteLength(me.body),
    },
  };
}

/** Several rounds of one measurement as one: requests over the whole time, the worst p99. */
function combine(rs: LoadReport[], seconds: number): LoadReport {
  const requests = rs.reduce((t, r) => t + r.requests, 0);
  return {
    requestsPerSecond: requests / (seconds * rs.length),
    latencyP50Ms: Math.max(...rs.map((r) => r.latencyP50Ms)),
    latencyP99Ms: Math.max(...rs.map((r) => r.latencyP99Ms)),
    latencyAvgMs: rs.reduce((t, r) => t + r.latencyAvgMs * r.requests, 0) / Math.max(1, requests),
    requests,
    non2xx: rs.reduce((t, r) => t + r.non2xx, 0),
    errors: rs.reduce((t, r) => t + r.errors, 0),
  };
}
