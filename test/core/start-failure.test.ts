// A daemon that cannot start is never half up (issue 23): whatever it opened before the failure (a
// listener, a background task, the pool) is closed before startDaemon throws, and the error is one
// sentence naming the cause. The CLI's side (exit code, the sentence on stderr) is in
// test/cli/serve-lifecycle.test.ts.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { loadConfig } from '../../src/config.js';
import type { BackgroundTask } from '../../src/core/background-task.js';
import { silentLogger } from '../../src/core/logger.js';
import { startDaemon } from '../../src/daemon.js';
import { StartFailed } from '../../src/start-failure.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

const taken = async (): Promise<Server> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};
const portOf = (server: Server) => (server.address() as AddressInfo).port;
/** The port is free again: we can bind it ourselves. */
const free = async (port: number): Promise<boolean> => {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) await new Promise((resolve) => server.close(resolve));
  return ok;
};
/** A free port for the first listener, known in advance so the test can check it is released. */
const freePort = async (): Promise<number> => {
  const server = await taken();
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
};

for (const dialect of DIALECTS) {
  test(`[${dialect}] the clinic port taken: the workforce listener already opened is closed again`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const blocker = await taken();
    t.teardown(() => blocker.close());
    const workforcePort = await freePort();
    const config = { ...testDb.config, workforcePort, clinicPort: portOf(blocker), host: '127.0.0.1' };
    const err = await t.throwsAsync(
      startDaemon({ config, db: testDb.db, logger: silentLogger, background: false }),
      {
        instanceOf: StartFailed,
      },
    );
    t.is(
      err!.message,
      `cannot listen on 127.0.0.1:${portOf(blocker)} for the clinic contract: the port is already in use (set CLINIC_PORT)`,
    );
    t.true(await free(workforcePort), 'the workforce port is free again');
  });

  test(`[${dialect}] a background task that throws at start stops the daemon: tasks started before it are stopped, both ports freed`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const [workforcePort, clinicPort] = [await freePort(), await freePort()];
    const config = { ...testDb.config, workforcePort, clinicPort, host: '127.0.0.1' };
    const stopped: string[] = [];
    const tasks: BackgroundTask[] = [
      { name: 'scheduler', start: () => async () => void stopped.push('scheduler') },
      {
        name: 'job worker',
        start: () => {
          throw new Error('no handlers registered');
        },
      },
    ];
    const err = await t.throwsAsync(startDaemon({ config, db: testDb.db, logger: silentLogger, tasks }), {
      instanceOf: StartFailed,
    });
    t.is(err!.message, 'the job worker could not start: no handlers registered');
    t.deepEqual(stopped, ['scheduler']);
    t.true(await free(workforcePort));
    t.true(await free(clinicPort));
  });
}

test('an unreachable database at start is the driver error the CLI words (no listener was opened)', async (t) => {
  const port = await freePort();
  const workforcePort = await freePort();
  const config = loadConfig({
    DATABASE_URL: `mysql://root:s3cret@127.0.0.1:${port}/wfctl`,
    WORKFORCE_PORT: String(workforcePort),
    CLINIC_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const err = await t.throwsAsync(
    startDaemon({ config, logger: silentLogger, migrate: true, background: false }),
  );
  t.is((err as { code?: string }).code, 'ECONNREFUSED');
  t.true(await free(workforcePort));
});
