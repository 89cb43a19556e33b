// Load from autocannon in a second process, pinned to the load core; its --json report is parsed.
import { ROOT } from './paths.js';
import { LOAD_CORE, runOk } from './proc.js';

export interface LoadReport {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const AUTOCANNON = `${ROOT}/node_modules/autocannon/autocannon.js`;

export async function autocannon(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string>; warmupSeconds?: number },
): Promise<LoadReport> {
  const args = [
    AUTOCANNON,
    '--json',
    '--no-progress',
    '-c',
    String(opts.connections),
    '-d',
    String(opts.seconds),
  ];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (opts.warmupSeconds)
    args.push('--warmup', '[', '-c', String(opts.connections), '-d', String(opts.warmupSeconds), ']');
  args.push(url);
  const out = await runOk(process.execPath, args, { core: LOAD_CORE });
  // With --warmup autocannon prints the warm-up's report first; the measured one is the last line.
  const lines = out.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'));
  const r = JSON.parse(lines[lines.length - 1]);
  return {
    requestsPerSecond: r.requests.average,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    latencyAvgMs: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export interface LatencyReport {
  p50: number;
  p99: number;
  avg: number;
  count: number;
  non2xx: number;
}

/** COUNT sequential requests from the load core, timed to the microsecond. */
export async function sequentialLatency(
  url: string,
  count: number,
  headers: Record<string, string> = {},
): Promise<LatencyReport> {
  const args = [`${ROOT}/bench/lib/latency.mjs`, url, String(count)];
  for (const [k, v] of Object.entries(headers)) args.push(`${k}=${v}`);
  const out = await runOk(process.execPath, args, { core: LOAD_CORE });
  return JSON.parse(out.stdout) as LatencyReport;
}
