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

  const load = (url: string, headers: Record<string, string> = {}) =>
    autocannon(url, {
      connections: CONNECTIONS,
      seconds: s.opts.duration,
      warmupSeconds: Math.min(3, s.opts.duration),
      headers,
    });
  const onRaw = async (answer: Sample, url: string, headers: Record<string, string> = {}) =>
    withServer(await startRawServer(answer), (srv) => load(`${srv.url}${url}`, headers));

  const meSql = await captureStatements(s.bench, '/api/v1/me', token);
  const unknownSql = await captureStatements(s.bench, '/api/v1/me', UNKNOWN_TOKEN, 401);
  const minimal = await startMinimalServer(s.bench, {
    '/api/v1/me': { mode: 'json', queries: meSql },
    '/unknown': { mode: 'json', queries: unknownSql },
  });
  const figures: Record<string, LoadReport> = {};
  figures.me = await load(`${base}/api/v1/me`, auth);
  try {
    figures.meMinimal = await load(`${minimal.url}/api/v1/me`);
    figures.unknownMinimal = await load(`${minimal.url}/unknown`);
  } finally {
    await minimal.close();
  }
  figures.meRaw = await onRaw(me, '/api/v1/me', auth);
  figures.unknown = await load(`${base}/api/v1/me`, unknown);
  figures.unknownRaw = await onRaw(unknownToken, '/api/v1/me', unknown);
  figures.ping = await load(`${base}/api/v1/ping`);
  figures.pingRaw = await onRaw(ping, '/api/v1/ping');
  figures.noToken = await load(`${base}/api/v1/me`);
  figures.noTokenRaw = await onRaw(noToken, '/api/v1/me');

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
    details: { figures, statements: { me: meSql, unknown: unknownSql }, responseBytes: Buffer.byteLength(me.body) },
  };
}

async function withServer<T>(srv: RunningServer, work: (srv: RunningServer) => Promise<T>): Promise<T> {
  try {
    return await work(srv);
  } finally {
    await srv.close();
  }
}

