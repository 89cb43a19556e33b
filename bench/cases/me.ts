// Authenticated GET /me against a raw node:http server answering the same bytes: the cost of the
// whole pipeline (token lookup, grants, user, serialisation, logging) over the bare HTTP stack.
import { autocannon } from '../lib/load.js';
import { ratio, round, type CaseOutput } from '../lib/results.js';
import { startRawServer } from '../lib/server.js';
import type { Session } from '../lib/session.js';

const CONNECTIONS = 10;
// Headers that node:http writes itself; everything else the daemon sends, the raw server sends too.
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export async function meCase(s: Session): Promise<CaseOutput> {
  const token = s.tokens.hr.ACME;
  const url = `${s.server.url}/api/v1/me`;
  const sample = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await sample.text();
  if (sample.status !== 200) throw new Error(`GET /me answered ${sample.status}: ${body}`);
  const headers: Record<string, string> = {};
  sample.headers.forEach((v, k) => {
    if (!OWN_HEADERS.has(k)) headers[k] = v;
  });

  const warmup = Math.min(3, s.opts.duration);
  const ours = await autocannon(url, {
    connections: CONNECTIONS,
    seconds: s.opts.duration,
    warmupSeconds: warmup,
    headers: { authorization: `Bearer ${token}` },
  });
  // The ceiling of any token cache: the same pipeline answering 401 before any database work.
  const ceiling = await autocannon(url, {
    connections: CONNECTIONS,
    seconds: s.opts.duration,
    warmupSeconds: warmup,
  });
  const raw = await startRawServer({ status: 200, headers, body });
  let limit;
  try {
    limit = await autocannon(`${raw.url}/api/v1/me`, {
      connections: CONNECTIONS,
      seconds: s.opts.duration,
      warmupSeconds: warmup,
      headers: { authorization: `Bearer ${token}` },
    });
  } finally {
    await raw.close();
  }
  const notes: string[] = [];
  if (ours.non2xx || ours.errors)
    notes.push(`${ours.non2xx} non-2xx answers and ${ours.errors} errors under load`);
  const r = ratio(ours.requestsPerSecond, limit.requestsPerSecond);
  return {
    case: 'me',
    title: 'authenticated GET /me',
    baselineName: 'raw node:http server returning the same bytes',
    rows: [
      {
        case: 'me',
        measure: `req/s (${CONNECTIONS} connections)`,
        figure: round(ours.requestsPerSecond, 0),
        baseline: round(limit.requestsPerSecond, 0),
        unit: 'req/s',
        ratio: r,
        goal: '≥ 0.5× (≥ 0.85× with a token cache)',
        met: r === null ? null : r >= 0.5,
      },
      {
        case: 'me',
        measure: 'req/s of the pipeline alone: GET /me without a token (401, no database work)',
        figure: round(ceiling.requestsPerSecond, 0),
        baseline: round(limit.requestsPerSecond, 0),
        unit: 'req/s',
        ratio: ratio(ceiling.requestsPerSecond, limit.requestsPerSecond),
        goal: '— (the ceiling of any token cache)',
        met: null,
      },
      {
        case: 'me',
        measure: 'p99 latency',
        figure: ours.latencyP99Ms,
        baseline: limit.latencyP99Ms,
        unit: 'ms',
        ratio: ratio(ours.latencyP99Ms, limit.latencyP99Ms),
        goal: '—',
        met: null,
      },
    ],
    notes,
    details: { ours, limit, ceiling, responseBytes: Buffer.byteLength(body) },
  };
}
