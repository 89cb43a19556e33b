// `wfctl serve` as an operator or an orchestrator runs it (issue 23), in a child process: a start
// that fails exits 1 with one sentence and no stack trace (a taken port, an unreachable database);
// SIGTERM drains and exits 0; a second signal during a long drain exits at once. Every wait is for
// a condition (a line on stderr, an exit); a drain that did not end at once would outlast the test.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { COMMAND, ROOT, spawnCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { RawConnection } from '../helpers/raw-http.js';
import { until } from '../scheduler/fakes.js';

const listening = async (): Promise<Server> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const freePort = async (): Promise<number> => {
  const server = await listening();
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
};
const quiet = { SCHEDULER_ENABLED: 'false', WORKER_ENABLED: 'false' };

test('serve with the clinic port taken exits 1 naming the port and its variable (the workforce listener does not stay up)', async (t) => {
  const blocker = await listening();
  t.teardown(() => blocker.close());
  const port = portOf(blocker);
  const r = await spawnCli(['serve'], {
    env: { ...quiet, WORKFORCE_PORT: '0', CLINIC_PORT: String(port) },
    databaseUrl: `sqlite:/tmp/wfctl-clinic-port-test-${process.pid}.sqlite`,
  });
  t.is(r.code, 1);
  t.is(
    r.stderr.trim(),
    `wfctl: cannot listen on 127.0.0.1:${port} for the clinic contract: the port is already in use (set CLINIC_PORT)`,
  );
});

test('serve with an unreachable database exits 1 naming host and port, not the password', async (t) => {
  const port = await freePort();
  const r = await spawnCli(['serve'], {
    env: { ...quiet, WORKFORCE_PORT: '0', CLINIC_PORT: '0' },
    databaseUrl: `mysql://root:s3cret@127.0.0.1:${port}/wfctl`,
  });
  t.is(r.code, 1);
  t.regex(
    r.stderr,
    new RegExp(
      `^wfctl: cannot reach the database at 127\\.0\\.0\\.1:${port}: .*DATABASE_URL=mysql://root@127\\.0\\.0\\.1:${port}/wfctl`,
    ),
  );
  t.notRegex(r.stderr, /s3cret|\n\s+at |unexpected error/);
});

interface Serving {
  stderr: () => string;
  signal(name: NodeJS.Signals): void;
  /** The exit code, or the signal that ended the process (so a failure says which). */
  exit: Promise<number | NodeJS.Signals | null>;
}

async function serve(env: Record<string, string>): Promise<Serving> {
  const child = spawn(process.execPath, [...COMMAND, 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TZ: process.env.TZ ?? '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exit = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  await until(() => /press Ctrl-C to stop/.test(stderr) || child.exitCode !== null, 60_000);
  return { stderr: () => stderr, signal: (name) => child.kill(name), exit };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] SIGTERM drains and exits 0`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const port = await freePort();
    const daemon = await serve({
      ...quiet,
      DATABASE_URL: testDb.database.url,
      WORKFORCE_PORT: String(port),
      CLINIC_PORT: '0',
    });
    t.is((await fetch(`http://127.0.0.1:${port}/ready`)).status, 200);
    daemon.signal('SIGTERM');
    t.is(await daemon.exit, 0);
    t.regex(daemon.stderr(), /SIGTERM: draining[\s\S]*wfctl: stopped/);
  });

  test(`[${dialect}] a second signal during a long drain exits at once`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const port = await freePort();
    const daemon = await serve({
      ...quiet,
      DATABASE_URL: testDb.database.url,
      WORKFORCE_PORT: String(port),
      CLINIC_PORT: '0',
      SHUTDOWN_GRACE_SECONDS: '600',
    });
    // A request in flight that never ends: the server's 100 Continue says it has the request.
    const stuck = new RawConnection(port);
    t.teardown(() => stuck.socket.destroy());
    stuck.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    t.is((await stuck.response()).status, 100);
    daemon.signal('SIGTERM');
    await until(() => /draining/.test(daemon.stderr()));
    daemon.signal('SIGINT');
    t.is(await daemon.exit, 130);
  });
}

test('the old SHUTDOWN_TIMEOUT_MS still sets the grace, with a one-line deprecation warning', async (t) => {
  const port = await freePort();
  const daemon = await serve({
    ...quiet,
    DATABASE_URL: `sqlite:/tmp/wfctl-deprecated-${process.pid}.sqlite`,
    WORKFORCE_PORT: String(port),
    CLINIC_PORT: '0',
    SHUTDOWN_TIMEOUT_MS: '2500',
  });
  t.regex(
    daemon.stderr(),
    /wfctl: SHUTDOWN_TIMEOUT_MS is deprecated: set SHUTDOWN_GRACE_SECONDS=3 instead\.\n/,
  );
  daemon.signal('SIGTERM');
  t.is(await daemon.exit, 0);
  t.regex(daemon.stderr(), /draining \(up to 2\.5 s/);
});
