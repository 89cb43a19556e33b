// The statements a request really runs: the workforce HTTP app is built in this process on the
// benchmark's database, the request is sent to it once to warm up and once more with knex's query
// event listening, and every statement (SQL and bindings, in order) is recorded. The minimal
// program (minimal-server.mjs) replays exactly these, so its figure is the limit of the same work.
import { writeFileSync } from 'node:fs';
import { createHttpApp } from '../../src/http/app.js';
import { listen, type Listener } from '../../src/http/server.js';
import { workforceApiInfo, workforceRoutes } from '../../src/workforce/routes.js';
import type { BenchDb } from '../lib/database.js';
import { workDir } from '../lib/paths.js';
import { SERVER_CORE, start, stop } from '../lib/proc.js';
import { freePort, type RunningServer } from '../lib/server.js';
import { ROOT } from '../lib/paths.js';

export interface Statement {
  sql: string;
  bindings: unknown[];
}

export type MinimalMode = 'json' | 'json-stream' | 'csv';

const listeners = new WeakMap<BenchDb, Promise<Listener>>();

function inProcessApp(bench: BenchDb): Promise<Listener> {
  let l = listeners.get(bench);
  if (!l) {
    const { handler } = createHttpApp({
      name: 'workforce',
      routes: workforceRoutes,
      services: bench.services,
      openapi: workforceApiInfo,
    });
    l = listen(handler, 0, '127.0.0.1');
    listeners.set(bench, l);
  }
  return l;
}

export async function closeCapture(bench: BenchDb): Promise<void> {
  const l = listeners.get(bench);
  listeners.delete(bench);
  if (l) await (await l).close(1000);
}

/** The statements of one GET of `path` with the token, in order (after one warm-up request). */
export async function captureStatements(
  bench: BenchDb,
  path: string,
  token: string,
  expectStatus = 200,
  warmUp = true,
): Promise<Statement[]> {
  const app = await inProcessApp(bench);
  const get = async () => {
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== expectStatus) throw new Error(`capture: GET ${path} answered ${res.status}`);
  };
  if (warmUp) await get();
  const seen: Statement[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) =>
    seen.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] });
  const { db } = bench.services;
  db.on('query', onQuery);
  try {
    await get();
  } finally {
    db.off('query', onQuery);
  }
  return seen;
}

/** The minimal program on the server core, answering `routes` (full URL or path) by replaying their statements. */
export async function startMinimalServer(
  bench: BenchDb,
  routes: Record<string, { mode: MinimalMode; queries: Statement[] }>,
): Promise<RunningServer> {
  const port = await freePort();
  const specFile = `${workDir()}/minimal-${bench.dialect}-${port}.json`;
  const connection =
    bench.config.database.client === 'sqlite'
      ? { filename: bench.config.database.filename }
      : {
          host: bench.mysql!.host,
          port: bench.mysql!.port,
          user: bench.mysql!.user,
          password: bench.mysql!.password,
          database: bench.mysql!.database,
        };
  writeFileSync(
    specFile,
    JSON.stringify({ dialect: bench.dialect, connection, poolMax: bench.config.dbPoolMax, routes }),
  );
  const started = start(
    process.execPath,
    [`${ROOT}/bench/baselines/minimal-server.mjs`, String(port), specFile],
    {
      core: SERVER_CORE,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (started.child.exitCode !== null)
      throw new Error(`the minimal server exited with ${started.child.exitCode}`);
    try {
      await fetch(`${url}/__up`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the minimal server did not start at ${url}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { ...started, url, close: () => stop(started) };
}
