// The daemon under test (`wfctl serve --only workforce`, or `--only clinic`) and the raw node:http baseline, each in its
// own process on the server core, reachable on a free local port.
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { benchEnv } from './database.js';
import { ROOT, WFCTL_ENTRY, workDir } from './paths.js';
import { SERVER_CORE, start, stop, type Started } from './proc.js';

export interface RunningServer extends Started {
  url: string;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, started: Started, what: string): Promise<void> {
  const deadline = Date.now() + 180_000; // a loaded machine starts tsx slowly
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`${what} exited with ${started.child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what} did not start at ${url}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** `wfctl serve` as an operator runs it, logs (one JSON line per request) going to /dev/null. */
export async function startDaemon(
  databaseUrl: string,
  opts: { profileDir?: string; env?: Record<string, string>; listener?: 'workforce' | 'clinic' } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const listener = opts.listener ?? 'workforce';
  const profiling = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [];
  const args = [...profiling, '--import', 'tsx', WFCTL_ENTRY, 'serve', '--only', listener];
  const portVar = listener === 'clinic' ? 'CLINIC_PORT' : 'WORKFORCE_PORT';
  const started = start(process.execPath, args, {
    core: SERVER_CORE,
    cwd: ROOT,
    // Request logs (stdout) are written and discarded, as to a log shipper; stderr is kept.
    stdio: ['ignore', 'ignore', openSync(`${workDir()}/daemon.log`, 'a')],
    env: benchEnv(databaseUrl, { [portVar]: String(port), HOST: '127.0.0.1', ...opts.env }),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(
    `${url}/api/v1/${listener === 'clinic' ? 'system/health' : 'me'}`,
    started,
    `wfctl serve --only ${listener}`,
  );
  // The profile of a long run is written at exit, which takes a while on a busy machine.
  return { ...started, url, close: () => stop(started, 'SIGTERM', opts.profileDir ? 120_000 : 10_000) };
}

/** A node:http server answering every request with the given status, headers and body. */
export async function startRawServer(response: {
  status: number;
  headers: Record<string, string>;
  body: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const started = start(process.execPath, [`${ROOT}/bench/lib/raw-server.mjs`, String(port)], {
    core: SERVER_CORE,
    env: { RAW_RESPONSE: JSON.stringify(response) },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, started, 'raw node:http server');
  return { ...started, url, close: () => stop(started) };
}
