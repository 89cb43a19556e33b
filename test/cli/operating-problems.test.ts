// Problems of the machine read as sentences, not crashes (issue 14): an unreachable or unknown
// database, a port already in use. Exit 1 (cron mails the operator), no stack trace, no password.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { runCli, spawnCli } from '../helpers/cli.js';

const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

test('an unreachable database is one sentence naming it, without the password', async (t) => {
  const port = await closedPort();
  const r = await runCli(['migrate', 'status'], {
    databaseUrl: `mysql://root:s3cret@127.0.0.1:${port}/wfctl`,
  });
  t.is(r.code, 1);
  t.regex(
    r.stderr,
    new RegExp(
      `cannot reach the database at 127\\.0\\.0\\.1:${port}: the connection was refused .*DATABASE_URL=mysql://root@127\\.0\\.0\\.1:${port}/wfctl`,
    ),
  );
  t.notRegex(r.stderr, /s3cret|\n\s+at |unexpected error|knex/);
});

test('an unknown MySQL database says so and what to do', async (t) => {
  const r = await runCli(['migrate', 'status'], {
    databaseUrl: 'mysql://root@127.0.0.1:3306/wfctl_no_such_db',
  });
  if (/ECONNREFUSED/.test(r.stderr)) return t.pass('no MySQL here'); // DIALECTS handles the CI rule
  t.is(r.code, 1);
  t.regex(r.stderr, /the database at 127\.0\.0\.1:3306 has no database wfctl_no_such_db: create it/);
  t.notRegex(r.stderr, /\n\s+at /);
});

test('wrong database credentials say so plainly (issue 25), not "unexpected error"', async (t) => {
  const r = await runCli(['org', 'list'], {
    databaseUrl: 'mysql://nobody:wr0ng@127.0.0.1:3306/wfctl',
  });
  if (/refused/.test(r.stderr) && !/nobody/.test(r.stderr)) return t.pass('no MySQL here');
  t.is(r.code, 1);
  t.regex(
    r.stderr,
    /the database at 127\.0\.0\.1:3306 refused user nobody: wrong user or password\. DATABASE_URL=mysql:\/\/nobody@127\.0\.0\.1:3306\/wfctl/,
  );
  t.notRegex(r.stderr, /wr0ng|unexpected error|\n\s+at /);
});

test('a database that never answers (a firewall) fails after DB_CONNECT_TIMEOUT_MS in one sentence', async (t) => {
  // Accepts the connection and says nothing, as a firewall that drops packets looks to the driver.
  const sockets: Array<import('node:net').Socket> = [];
  const silent = createServer((s) => sockets.push(s));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });
  const { port } = silent.address() as AddressInfo;
  const r = await runCli(['org', 'list'], {
    databaseUrl: `mysql://root@127.0.0.1:${port}/wfctl`,
    env: { DB_CONNECT_TIMEOUT_MS: '300' },
  });
  t.is(r.code, 1);
  t.regex(
    r.stderr,
    new RegExp(
      `cannot reach the database at 127\\.0\\.0\\.1:${port}: no answer within 0\\.3 s \\(DB_CONNECT_TIMEOUT_MS.*DATABASE_URL=mysql://root@127\\.0\\.0\\.1:${port}/wfctl`,
    ),
  );
  t.notRegex(r.stderr, /pool is probably full|transacting|unexpected error/);
});

test('serve on a port in use says the port is in use', async (t) => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const { port } = server.address() as AddressInfo;
  const r = await spawnCli(['serve'], {
    env: {
      WORKFORCE_PORT: String(port),
      CLINIC_PORT: '0',
      SCHEDULER_ENABLED: 'false',
      WORKER_ENABLED: 'false',
    },
    databaseUrl: `sqlite:/tmp/wfctl-port-test-${process.pid}.sqlite`,
  });
  t.is(r.code, 1);
  t.regex(
    r.stderr,
    new RegExp(
      `cannot listen on 127\\.0\\.0\\.1:${port} for the workforce contract: the port is already in use \\(set WORKFORCE_PORT\\)`,
    ),
  );
  t.notRegex(r.stderr, /unexpected error|\n\s+at /);
});
