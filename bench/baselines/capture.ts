// The statements a request really runs: the workforce or the clinic HTTP app is built in this
// process on the benchmark's database, the request is sent to it once to warm up and once more with knex's query
// event listening, and every statement (SQL and bindings, in order) is recorded. The minimal
// program (minimal-server.mjs) replays exactly these, so its figure is the limit of the same work.
import { writeFileSync } from 'node:fs';
import { createHttpApp } from '../../src/http/app.js';
import { listen, type Listener } from '../../src/http/server.js';
import { workforceApiInfo, workforceRoutes } from '../../src/workforce/routes.js';
import { clinicApiInfo, clinicRoutes } from '../../src/clinic/routes.js';
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

export type AppName = 'workforce' | 'clinic';

const APPS = {
  workforce: { routes: workforceRoutes, openapi: workforceApiInfo },
  clinic: { routes: clinicRoutes, openapi: clinicApiInfo },
};

const listeners = new WeakMap<BenchDb, Map<AppName, Promise<Listener>>>();

function inProcessApp(bench: BenchDb, name: AppName): Promise<Listener> {
  let apps = listeners.get(bench);
  if (!apps) listeners.set(bench, (apps = new Map()));
  let l = apps.get(name);
  if (!l) {
    const { handler } = createHttpApp({ name, ...APPS[name], services: bench.services });
    l = listen(handler, 0, '127.0.0.1');
    apps.set(name, l);
  }
  return l;
}

export async function closeCapture(bench: BenchDb): Promise<void> {
  const apps = listeners.get(bench);
  listeners.delete(bench);
  for (const l of apps?.values() ?? []) await (await l).close(1000);
}

/**
 * The statements of one GET of `path` with the token (none for a public route: null), in order
 * (after one warm-up request), from the workforce app unless `app` says clinic.
 */
export async function captureStatements(
  bench: BenchDb,
  path: string,
  token: string | null,
  expectStatus = 200,
  warmUp = true,
  app: AppName = 'workforce',
): Promise<Statement[]> {
  const listener = await inProcessApp(bench, app);
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const get = async () => {
    const res = await fetch(`${listener.url}${path}`, { headers });
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
