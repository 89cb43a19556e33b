import test from 'ava';
import { decodeCursor, encodeCursor } from '../../src/core/cursor.js';
import { ValidationError } from '../../src/core/errors.js';
import { hmacSha256Hex, randomToken, safeEqual, sha256Hex, splitBearer } from '../../src/core/crypto.js';
import { createHmac } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createLogger } from '../../src/core/logger.js';
import { fromDbTime, toDbTime } from '../../src/db/time.js';

test('cursor round-trips its key and rejects tampering with a 422', (t) => {
  const c = encodeCursor(['2026-01-02', 42]);
  t.deepEqual(decodeCursor(c, 2), ['2026-01-02', 42]);
  const flipped = c.slice(0, -2) + (c.endsWith('A') ? 'B' : 'A') + c.slice(-1);
  for (const bad of [flipped, 'not a cursor', '', c + 'x', encodeCursor([1])]) {
    const err = t.throws(() => decodeCursor(bad, 2), { instanceOf: ValidationError });
    t.is(err!.status, 422);
    t.deepEqual(Object.keys(err!.errors), ['cursor']);
  }
});

test('tokens are long, random, and compared in constant time', (t) => {
  const a = randomToken(48);
  t.is(a.length, 48);
  t.regex(a, /^[A-Za-z0-9]+$/);
  t.not(a, randomToken(48));
  t.true(safeEqual(a, a));
  t.false(safeEqual(a, a.slice(0, 47) + (a.endsWith('x') ? 'y' : 'x')));
  t.false(safeEqual(a, a + 'x'));
  t.is(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  t.is(hmacSha256Hex('k', 'body'), createHmac('sha256', 'k').update('body').digest('hex'));
  t.deepEqual(splitBearer('12|' + a), { id: 12, secret: a });
  t.is(splitBearer('x|' + a), null);
  t.is(splitBearer('12|short'), null);
});

test('instants are stored as UTC text whatever the process TZ', (t) => {
  const d = new Date('2026-03-29T01:30:05.123Z');
  t.is(toDbTime(d), '2026-03-29 01:30:05.123');
  t.is(fromDbTime('2026-03-29 01:30:05.123')!.toISOString(), d.toISOString());
  t.is(fromDbTime('2026-03-29 01:30:05')!.toISOString(), '2026-03-29T01:30:05.000Z');
});

test('the logger writes JSON lines and masks secret-looking keys', (t) => {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d) => (text += d));
  const log = createLogger('info', out).child({ listener: 'x' });
  log.debug('hidden');
  log.info('hello', { token: 'abc', password: 'p', path: '/x' });
  const lines = text.trim().split('\n');
  t.is(lines.length, 1);
  const line = JSON.parse(lines[0]);
  t.like(line, {
    level: 'info',
    msg: 'hello',
    listener: 'x',
    token: '[redacted]',
    password: '[redacted]',
    path: '/x',
  });
});

test('dates and months must be real and within the date range (1900-01-01 to 2999-12-31)', async (t) => {
  const { isRealDate, inDateRange, isoDate, isoMonth, validate, yup } =
    await import('../../src/core/validation.js');
  t.true(isRealDate('2026-02-28'));
  t.false(isRealDate('2026-02-30'));
  t.false(isRealDate('0099-01-01'), 'Date.UTC would read year 99 as 1999');
  t.true(inDateRange('1900-01-01') && inDateRange('2999-12-31'));
  t.false(inDateRange('1899-12-31') || inDateRange('3000-01-01') || inDateRange('0999-12-31'));
  const date = yup.object({ date: isoDate().required() });
  for (const bad of ['0100-01-01', '0999-12-31', '1899-12-31', '3000-01-01', '9999-12-31']) {
    const err: any = await t.throwsAsync(() => validate(date, { date: bad }));
    t.deepEqual(err.errors, { date: ['The date field must be a date from 1900-01-01 to 2999-12-31.'] }, bad);
  }
  const month = yup.object({ month: isoMonth().required() });
  t.deepEqual(await validate(month, { month: '2026-01' }), { month: '2026-01' });
  for (const bad of ['0000-01', '1899-12', '3000-01', '2026-13', '2026-1', 'x']) {
    const err = await t.throwsAsync(() => validate(month, { month: bad }));
    t.deepEqual(Object.keys((err as any).errors), ['month']);
  }
});
