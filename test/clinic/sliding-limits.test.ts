// The clinic's login and sign-up limits are sliding windows (issue 16, rate-limit bursts): a double
// burst straddling a clock boundary is refused, Retry-After says exactly when the oldest hit leaves
// the window, and a burst of concurrent requests admits exactly its first N (an atomic
// check-and-increment), correct passwords among them. The clock is injected: nothing here waits.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { PASSWORD, signupBody } from './fixtures.js';

const wrongLogin = { email: 'nobody@example.test', password: 'wrong-password' };

for (const dialect of DIALECTS) {
  test(`[${dialect}] login: 5 at 10:00:58, none more at 10:01:00.5 (Retry-After 58), one more at 10:01:58`, async (t) => {
    const clock = new FixedClock('2026-11-26T10:00:58.000Z');
    const app = await bootApp(dialect, { clock }); // the default limit: 5 a minute per IP
    t.teardown(app.close);
    const login = () => app.clinic.post('/api/v1/auth/login', wrongLogin);
    for (let i = 0; i < 5; i++) {
      t.is((await login()).status, 401, `login ${i + 1}`);
      clock.advance(100); // 10:00:58.0 … 10:00:58.4
    }
    clock.set('2026-11-26T10:01:00.500Z'); // a new clock minute: a fixed window admitted 5 more here
    const refused = await login();
    t.is(refused.status, 429);
    t.is(refused.headers.get('retry-after'), '58', 'the first login (10:00:58.0) leaves at 10:01:58.0');
    clock.set('2026-11-26T10:01:57.999Z');
    t.is((await login()).headers.get('retry-after'), '1');
    clock.set('2026-11-26T10:01:58.000Z');
    t.is((await login()).status, 401, 'admitted (and refused for the password) once the first left');
    const again = await login();
    t.is(again.status, 429, 'the second login leaves at 10:01:58.1');
    t.is(again.headers.get('retry-after'), '1');
  });

  test(`[${dialect}] sign-up: 2 an hour at 10:59:30, none more at 11:00:10; Retry-After counts to 11:59:30`, async (t) => {
    const clock = new FixedClock('2026-11-26T10:59:30.000Z');
    const app = await bootApp(dialect, { clock, env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '2' } });
    t.teardown(app.close);
    t.is((await app.clinic.post('/api/v1/tenants', signupBody())).status, 201);
    t.is((await app.clinic.post('/api/v1/auth/owner/register', {})).status, 422, 'its own bucket');
    clock.set('2026-11-26T10:59:40.000Z');
    t.is((await app.clinic.post('/api/v1/tenants', { slug: 'bad one' })).status, 422); // counted too
    clock.set('2026-11-26T11:00:10.000Z');
    const refused = await app.clinic.post('/api/v1/tenants', signupBody());
    t.is(refused.status, 429);
    t.is(refused.headers.get('retry-after'), String(3600 - 40));
    t.is(Number((await app.services.db('tenants').count({ n: '*' }).first())?.n), 1);
    clock.set('2026-11-26T11:59:30.000Z');
    t.is((await app.clinic.post('/api/v1/tenants', signupBody())).status, 201, 'one slot freed');
    const next = await app.clinic.post('/api/v1/tenants', signupBody());
    t.is(next.status, 429);
    t.is(next.headers.get('retry-after'), '10', 'the refused one of 10:59:40 leaves at 11:59:40');
  });

  test(`[${dialect}] owner registration: the hour's limit slides too`, async (t) => {
    const clock = new FixedClock('2026-11-26T10:59:59.000Z');
    const app = await bootApp(dialect, { clock, env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '1' } });
    t.teardown(app.close);
    t.is((await app.clinic.post('/api/v1/auth/owner/register', {})).status, 422);
    clock.set('2026-11-26T11:00:01.000Z');
    const refused = await app.clinic.post('/api/v1/auth/owner/register', {});
    t.is(refused.status, 429);
    t.is(refused.headers.get('retry-after'), '3598');
  });

  test(`[${dialect}] 9 concurrent correct logins on a limit of 5: five 200s, four 429s`, async (t) => {
    const app = await bootApp(dialect, { env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '5' } });
    t.teardown(app.close);
    const body = signupBody();
    t.is((await app.clinic.post('/api/v1/tenants', body)).status, 201);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        app.clinic.post('/api/v1/auth/login', { email: body.owner_email, password: PASSWORD }),
      ),
    );
    t.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 200, 429, 429, 429, 429]);
    for (const a of answers.filter((x) => x.status === 429)) t.is(a.headers.get('retry-after'), '60');
  });

  test(`[${dialect}] 12 concurrent sign-ups on a limit of 5: exactly five tenants`, async (t) => {
    const app = await bootApp(dialect, { env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '5' } });
    t.teardown(app.close);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.clinic.post('/api/v1/tenants', signupBody())),
    );
    t.deepEqual(answers.map((a) => a.status).sort(), [...Array(5).fill(201), ...Array(7).fill(429)]);
    t.is(Number((await app.services.db('tenants').count({ n: '*' }).first())?.n), 5);
  });
}
