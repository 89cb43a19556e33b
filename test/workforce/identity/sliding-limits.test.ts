// Sliding-window limits over HTTP (issue 13, point 5): a double burst straddling a minute boundary
// is refused for login and ingestion alike, and Retry-After says exactly when a slot frees up.
import test from 'ava';
import { FixedClock } from '../../../src/core/clock.js';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { orgWorld } from '../attendance/fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] login: 5 at 10:00:58, none more at 10:01:00.5 (Retry-After 58), one more at 10:01:58`, async (t) => {
    const clock = new FixedClock('2026-11-26T10:00:58.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const login = () =>
      app.workforce.post('/api/v1/auth/login', {
        email: 'nobody@x.test',
        password: 'wrong',
        device_name: 'x',
      });
    for (let i = 0; i < 5; i++) {
      t.is((await login()).status, 401, `login ${i + 1}`);
      clock.advance(100); // 10:00:58.0 … 10:00:58.4
    }
    clock.set('2026-11-26T10:01:00.500Z');
    const refused = await login();
    t.is(refused.status, 429);
    t.is(refused.headers.get('retry-after'), '58');
    clock.set('2026-11-26T10:01:58.000Z');
    t.is(
      (await login()).status,
      401,
      'admitted (and refused for the password) once the first left the window',
    );
    t.is((await login()).status, 429);
  });

  test(`[${dialect}] ingestion: 30 punches late in one minute, the 31st early in the next is a 429`, async (t) => {
    const clock = new FixedClock('2026-01-15T10:00:59.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const w = await orgWorld(app.services);
    const punch = (i: number) =>
      app.workforce.post(
        '/api/v1/attendance/punches',
        { kind: 'check_in', at: new Date(Date.UTC(2026, 0, 1 + (i % 14), 9, i)).toISOString() },
        { token: w.tokens.employee },
      );
    for (let i = 0; i < 30; i++) t.is((await punch(i)).status, 201, `punch ${i + 1}`);
    clock.set('2026-01-15T10:01:01.000Z');
    const refused = await punch(30);
    t.is(refused.status, 429);
    t.is(refused.headers.get('retry-after'), '58');
  });
}
