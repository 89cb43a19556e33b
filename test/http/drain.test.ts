// Graceful shutdown of the listeners (issue 23): once stop begins, new connections are refused, a
// request in flight still completes, and a kept-alive connection's next request is answered (/up:
// 503 "draining") with `Connection: close`, so a proxy moves on without seeing a reset. The test
// waits on conditions (the listener's in-flight count), never on a duration.
import test from 'ava';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { RawConnection } from '../helpers/raw-http.js';
import { until } from '../scheduler/fakes.js';
import { createUser, TEST_PASSWORD } from '../helpers/workforce.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] a drain finishes the request in flight, refuses new connections and closes kept-alive ones after their next answer`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const listener = app.daemon.listeners.workforce!;
    const user = await createUser(app.testDb.db);

    // A kept-alive connection, idle when the drain begins.
    const keptAlive = new RawConnection(listener.port);
    keptAlive.write('GET /up HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const before = await keptAlive.response();
    t.is(before.status, 200);
    t.is(before.headers.connection, 'keep-alive');

    // A login in flight: its headers are in, half its body is not.
    const body = JSON.stringify({ email: user.email, password: TEST_PASSWORD, device_name: 'test' });
    const slow = new RawConnection(listener.port);
    slow.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await until(() => listener.inFlight === 1);

    const stopped = app.daemon.stop();
    await t.throwsAsync(fetch(`${listener.url}/up`), undefined, 'a new connection is refused');

    keptAlive.write('GET /up HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const during = await keptAlive.response();
    t.is(during.status, 503);
    t.is(during.body, 'draining');
    t.is(during.headers.connection, 'close');
    await keptAlive.closed;

    slow.write(body.slice(10));
    const login = await slow.response();
    t.is(login.status, 200, 'the request in flight when the drain began completes');
    t.truthy(JSON.parse(login.body).token);
    t.is(login.headers.connection, 'close');
    await slow.closed;
    await stopped;
    t.is(listener.inFlight, 0);
  });
}
