// Logs: JSON lines for collectors, one short human line on a terminal (LOG_FORMAT, issue 14).
import { Writable } from 'node:stream';
import test from 'ava';
import { loadConfig } from '../../src/config.js';
import { createLogger, prettyLine } from '../../src/core/logger.js';

function sink(isTTY: boolean) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream, lines };
}

test('auto is JSON off a terminal and one human line on one; secrets stay masked in both', (t) => {
  const off = sink(false);
  createLogger('info', off.stream, { listener: 'workforce' }, 'auto').info('request', {
    token: 'abc',
    status: 200,
  });
  const json = JSON.parse(off.lines[0]);
  t.like(json, { level: 'info', msg: 'request', listener: 'workforce', token: '[redacted]', status: 200 });

  const on = sink(true);
  createLogger('info', on.stream, { listener: 'workforce' }, 'auto').info('request', {
    method: 'GET',
    path: '/api/v1/me',
    status: 200,
    duration_ms: 3.2,
    token: 'abc',
  });
  t.regex(
    on.lines[0],
    /^\d\d:\d\d:\d\d\.\d{3} INFO {2}request GET \/api\/v1\/me 200 3\.2ms {2}listener=workforce token=\[redacted\]\n$/,
  );
  t.notRegex(on.lines[0], /abc/);
});

test('pretty and json are forced whatever the stream; errors show their message', (t) => {
  const tty = sink(true);
  createLogger('info', tty.stream, {}, 'json').warn('x');
  t.notThrows(() => JSON.parse(tty.lines[0]));
  t.regex(
    prettyLine({
      time: '2026-11-26T10:00:00.000Z',
      level: 'error',
      msg: 'job failed',
      error: new Error('boom here'),
    }),
    /ERROR job failed {2}error="boom here"/,
  );
});

test('LOG_FORMAT is validated', (t) => {
  t.is(loadConfig({}).logFormat, 'auto');
  t.is(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat, 'pretty');
  t.throws(() => loadConfig({ LOG_FORMAT: 'xml' }), { message: /LOG_FORMAT/ });
});
