// Slow clients are cut by the configured timeouts while others are served (issue 16). The
// tricklers never finish their headers, so they are cut whatever the machine's speed: the test
// waits for that, it does not time it.
import { connect, type Socket } from 'node:net';
import test from 'ava';
import { loadConfig } from '../../src/config.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

function trickle(port: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  socket.write('GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  // One more byte now and then, never the end of the headers.
  const timer = setInterval(() => socket.writable && socket.write('a'), 50);
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(received);
    }),
  );
  return { socket, closed };
}

test('the timeouts are configuration, validated, and the request timeout is never below the headers one', (t) => {
  const c = loadConfig({
    HEADERS_TIMEOUT_MS: '2000',
    REQUEST_TIMEOUT_MS: '1000',
    KEEP_ALIVE_TIMEOUT_MS: '70000',
  });
  t.deepEqual(c.httpTimeouts, { headersMs: 2000, requestMs: 2000, keepAliveMs: 70000 });
  t.deepEqual(loadConfig({}).httpTimeouts, { headersMs: 10000, requestMs: 60000, keepAliveMs: 65000 });
  t.throws(() => loadConfig({ HEADERS_TIMEOUT_MS: 'soon' }), { message: /HEADERS_TIMEOUT_MS/ });
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] clients trickling their headers are cut with a 408 while others are served`, async (t) => {
    const app = await bootApp(dialect, { env: { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '300' } });
    t.teardown(app.close);
    const port = app.daemon.listeners.workforce!.port;
    const slow = Array.from({ length: 20 }, () => trickle(port));
    for (let i = 0; i < 5; i++) t.is((await app.workforce.get('/api/v1/ping')).status, 200);
    const answers = await Promise.all(slow.map((s) => s.closed));
    for (const answer of answers) t.regex(answer, /^HTTP\/1\.1 408/);
    t.is((await app.workforce.get('/api/v1/ping')).status, 200);
  });
}
