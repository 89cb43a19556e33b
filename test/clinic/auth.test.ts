// POST /auth/login, GET /me, POST /auth/logout and the bearer token rules, for staff and owners.
import test from 'ava';
import { DAY, MINUTE } from '../../src/core/clock.js';
import { sha256Hex } from '../../src/core/crypto.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { bootClinic, clinicRowCounts, PASSWORD, registerOwner, signup } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] an admin logs in: the user resource with current_tenant and tenants, and the token beside it`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    app.clock.set('2026-03-01T08:30:00.000Z');
    const res = await app.clinic.post('/api/v1/auth/login', { email: admin.email, password: PASSWORD });
    t.is(res.status, 200, res.text);
    t.is(res.body.token_type, 'Bearer');
    t.is(res.body.expires_at, '2026-03-31T08:30:00.000Z'); // CLINIC_TOKEN_TTL_DAYS = 30
    t.regex(res.body.token, /^[1-9][0-9]*\|[A-Za-z0-9]{48}$/);
    const user = res.body.data;
    t.like(user, { id: admin.user.id, email: admin.email, clients: [] });
    t.like(user.current_tenant, { id: admin.tenant.id, slug: admin.tenant.slug, role: 'tenant_admin' });
    t.deepEqual(
      user.tenants.map((x: any) => [x.id, x.role]),
      [[admin.tenant.id, 'tenant_admin']],
    );

    // Only the SHA-256 of the secret is stored.
    const [id, secret] = res.body.token.split('|');
    const row = await app.services.db('clinic_access_tokens').where('id', Number(id)).first();
    t.is(row.token_hash, sha256Hex(secret));
    t.false(JSON.stringify(row).includes(secret));

    const me = await app.clinic.get('/api/v1/me', { token: res.body.token });
    t.is(me.status, 200);
    t.deepEqual(me.body.data, user);
  });

  test(`[${dialect}] a pet owner logs in: no tenants, and the clinic they registered with under clients`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const owner = await registerOwner(app, admin.tenant.id);
    const me = await app.clinic.get('/api/v1/me', { token: owner.token });
    t.is(me.status, 200);
    t.like(me.body.data, { id: owner.userId, email: owner.email, current_tenant: null, tenants: [] });
    t.deepEqual(me.body.data.clients, [
      {
        id: owner.clientId,
        tenant: {
          id: admin.tenant.id,
          name: admin.tenant.name,
          slug: admin.tenant.slug,
          business_type: 'clinic',
        },
      },
    ]);
  });

  test(`[${dialect}] a wrong password and an unknown email are the same 401; bad input is a 422`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const before = await clinicRowCounts(app.services.db);
    const wrong = await app.clinic.post('/api/v1/auth/login', {
      email: admin.email,
      password: 'wrong-password',
    });
    const unknown = await app.clinic.post('/api/v1/auth/login', {
      email: 'nobody@example.test',
      password: PASSWORD,
    });
    t.is(wrong.status, 401);
    t.is(unknown.status, 401);
    t.deepEqual(wrong.body, unknown.body);
    t.is(wrong.body.message, 'These credentials do not match our records.');
    t.deepEqual(wrong.body.errors, {});
    t.is(wrong.body.token, undefined);

    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['email', 'password']],
      [{ email: 'not-an-email', password: PASSWORD }, ['email']],
      [{ email: admin.email, password: 'short' }, ['password']],
      [{ email: admin.email, password: 'x'.repeat(10_000) }, ['password']],
      [{ email: "' OR 1=1 --", password: "' OR '1'='1" }, ['email']],
    ];
    for (const [body, fields] of cases) {
      const res = await app.clinic.post('/api/v1/auth/login', body);
      t.is(res.status, 422, JSON.stringify(body).slice(0, 80));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields);
    }
    t.deepEqual(await clinicRowCounts(app.services.db), before);
  });

  test(`[${dialect}] logins are limited to 5 per minute per IP by default: the 6th is a 429`, async (t) => {
    const app = await bootApp(dialect); // the default limit
    t.teardown(app.close);
    app.clock.set('2026-01-15T10:00:15.000Z');
    const admin = await app.clinic.post('/api/v1/tenants', {
      name: 'Rate',
      slug: 'rate',
      email: 'rate@example.test',
      owner_name: 'R',
      owner_email: 'r@example.test',
      password: PASSWORD,
    });
    t.is(admin.status, 201);
    for (let i = 0; i < 4; i++) {
      t.is(
        (await app.clinic.post('/api/v1/auth/login', { email: 'r@example.test', password: 'wrong-password' }))
          .status,
        401,
      );
    }
    t.is(
      (await app.clinic.post('/api/v1/auth/login', { email: 'r@example.test', password: PASSWORD })).status,
      200,
    );
    const limited = await app.clinic.post('/api/v1/auth/login', {
      email: 'r@example.test',
      password: PASSWORD,
    });
    t.is(limited.status, 429);
    // A sliding window: the five logins at 10:00:15 leave it at 10:01:15, not at the clock minute.
    t.is(limited.headers.get('retry-after'), '60');
    t.is(limited.body.token, undefined);
    app.clock.advance(MINUTE);
    t.is(
      (await app.clinic.post('/api/v1/auth/login', { email: 'r@example.test', password: PASSWORD })).status,
      200,
    );
  });

  test(`[${dialect}] a token lives CLINIC_TOKEN_TTL_DAYS from its issue, then it is a 401`, async (t) => {
    const app = await bootClinic(dialect, { env: { CLINIC_TOKEN_TTL_DAYS: '2' } });
    t.teardown(app.close);
    const admin = await signup(app);
    const login = await app.clinic.post('/api/v1/auth/login', { email: admin.email, password: PASSWORD });
    t.is(login.body.expires_at, new Date(app.clock.now().getTime() + 2 * DAY).toISOString());
    app.clock.advance(2 * DAY - 1);
    t.is((await app.clinic.get('/api/v1/me', { token: login.body.token })).status, 200);
    app.clock.advance(1);
    const expired = await app.clinic.get('/api/v1/me', { token: login.body.token });
    t.is(expired.status, 401);
    t.regex(expired.body.message, /invalid or expired/);
    t.deepEqual(expired.body.errors, {});
  });

  test(`[${dialect}] logout ends the token used, and only that one`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const second = (await app.clinic.post('/api/v1/auth/login', { email: admin.email, password: PASSWORD }))
      .body.token;
    const out = await app.clinic.post('/api/v1/auth/logout', undefined, { token: admin.token });
    t.is(out.status, 204);
    t.is((await app.clinic.get('/api/v1/me', { token: admin.token })).status, 401);
    t.is((await app.clinic.post('/api/v1/auth/logout', undefined, { token: admin.token })).status, 401);
    t.is((await app.clinic.get('/api/v1/me', { token: second })).status, 200);
    const audit = await app.services.db('clinic_audit_entries').where('action', 'user.logged_out').first();
    t.like(audit, { actor_user_id: admin.user.id, via: 'http' });
  });

  test(`[${dialect}] a missing, malformed, forged or foreign token is a 401 {message, errors}`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const [id, secret] = admin.token.split('|');
    const forged = [
      undefined,
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'Bearer garbage',
      `Bearer ${id}|${'x'.repeat(48)}`, // right id, wrong secret
      `Bearer ${Number(id) + 1}|${secret}`, // right secret, another id
      `Bearer 0|${secret}`,
      `Bearer ${id}|${secret}extra`,
    ];
    for (const authorization of forged) {
      const res = await app.clinic.get('/api/v1/me', {
        headers: authorization ? { Authorization: authorization } : {},
      });
      t.is(res.status, 401, String(authorization));
      t.is(typeof res.body.message, 'string');
      t.deepEqual(res.body.errors, {});
    }
    t.is(
      (await app.clinic.get('/api/v1/me', { headers: { Authorization: `bearer ${admin.token}` } })).status,
      200,
    );
  });

  test(`[${dialect}] a login is never replayed from an Idempotency-Key: each one issues its own token`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const headers = { 'Idempotency-Key': 'login-1' };
    const a = await app.clinic.post(
      '/api/v1/auth/login',
      { email: admin.email, password: PASSWORD },
      { headers },
    );
    const b = await app.clinic.post(
      '/api/v1/auth/login',
      { email: admin.email, password: PASSWORD },
      { headers },
    );
    t.is(a.status, 200);
    t.is(b.status, 200);
    t.not(a.body.token, b.body.token);
    t.is(b.headers.get('idempotent-replayed'), null);
    const stored = await app.services.db('idempotency_keys').select('response_body');
    t.false(stored.some((r: any) => String(r.response_body).includes(a.body.token.split('|')[1])));
  });
}
