// POST /auth/login over real HTTP: the response shape, exact expiry for web and mobile, roles and
// scopes, and every bad input of the issue answering its documented status with nothing changed.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createEmployee, createOrg, createUser, snapshot, TEST_PASSWORD } from '../../helpers/workforce.js';

const TABLES = [
  'users',
  'user_roles',
  'personal_access_tokens',
  'devices',
  'audit_entries',
  'idempotency_keys',
];
const MANY = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' };

for (const dialect of DIALECTS) {
  test(`[${dialect}] web login: exact response shape, 30-day expiry, scopes per organization`, async (t) => {
    const app = await bootApp(dialect, { env: MANY });
    t.teardown(app.close);
    const { db } = app.services;
    const acme = await createOrg(db, { code: 'ACME' });
    const beta = await createOrg(db, { code: 'BETA' });
    const user = await createUser(db, {
      email: 'asha@acme.test',
      name: 'Asha',
      grants: [
        { role: 'hr', organizationId: beta.id },
        { role: 'hr', organizationId: acme.id },
        { role: 'shift_manager', organizationId: acme.id },
      ],
    });
    const res = await app.workforce.post('/api/v1/auth/login', {
      email: 'Asha@ACME.test',
      password: TEST_PASSWORD,
      device_name: 'Chrome on Linux',
    });
    t.is(res.status, 200);
    t.deepEqual(Object.keys(res.body).sort(), ['expires_at', 'token', 'token_type', 'user']);
    t.is(res.body.token_type, 'Bearer');
    t.is(res.body.expires_at, '2026-02-14T10:00:00.000Z'); // FixedClock 2026-01-15T10:00Z + 30 days
    t.deepEqual(res.body.user, {
      id: user.id,
      name: 'Asha',
      email: 'asha@acme.test',
      roles: ['hr', 'shift_manager'],
      scopes: [
        { type: 'organization', organization_id: acme.id },
        { type: 'organization', organization_id: beta.id },
      ],
    });
    const [id, secret] = res.body.token.split('|');
    t.regex(secret, /^[A-Za-z0-9]{48}$/);
    const row = await db('personal_access_tokens')
      .where({ id: Number(id) })
      .first();
    t.is(row.client_kind, 'web');
    t.is(row.device_fingerprint, null);
    t.is(row.name, 'Chrome on Linux');
    t.not(row.token_hash, secret);
    t.is(row.token_hash.length, 64);
    t.false(JSON.stringify(row).includes(secret), 'only the hash is stored');

    const me = await app.workforce.get('/api/v1/me', { token: res.body.token });
    t.is(me.status, 200);
    t.deepEqual(me.body, res.body.user);
  });

  test(`[${dialect}] a system_admin's scopes are global`, async (t) => {
    const app = await bootApp(dialect, { env: MANY });
    t.teardown(app.close);
    const { db } = app.services;
    await createUser(db, { email: 'root@x.test', grants: [{ role: 'system_admin', organizationId: null }] });
    const res = await app.workforce.post('/api/v1/auth/login', {
      email: 'root@x.test',
      password: TEST_PASSWORD,
      device_name: 'cli',
    });
    t.is(res.status, 200);
    t.deepEqual(res.body.user.roles, ['system_admin']);
    t.deepEqual(res.body.user.scopes, [{ type: 'global' }]);
  });

  test(`[${dialect}] mobile login: 180-day token bound to the fingerprint, device registered pending`, async (t) => {
    const app = await bootApp(dialect, { env: MANY });
    t.teardown(app.close);
    const { db } = app.services;
    const org = await createOrg(db);
    const user = await createUser(db, { grants: [{ role: 'employee', organizationId: org.id }] });
    const emp = await createEmployee(db, { organizationId: org.id, userId: user.id });
    const res = await app.workforce.post('/api/v1/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      device_name: 'Pixel 8',
      device_fingerprint: 'fp-pixel-8',
    });
    t.is(res.status, 200);
    t.is(res.body.expires_at, '2026-07-14T10:00:00.000Z'); // + 180 days
    const row = await db('personal_access_tokens')
      .where({ id: Number(res.body.token.split('|')[0]) })
      .first();
    t.is(row.client_kind, 'mobile');
    t.is(row.device_fingerprint, 'fp-pixel-8');
    const devices = await db('devices')
      .where({ employee_id: emp.id })
      .select('fingerprint', 'status', 'name');
    t.deepEqual(devices, [{ fingerprint: 'fp-pixel-8', status: 'pending', name: 'Pixel 8' }]);
    // Pending: locked until approved.
    const locked = await app.workforce.get('/api/v1/me', {
      token: res.body.token,
      headers: { 'X-Device-Fingerprint': 'fp-pixel-8' },
    });
    t.is(locked.status, 423);
    t.is(locked.body.code, 'DEVICE_NOT_APPROVED');
    // A second login from the same phone does not register it twice.
    const again = await app.workforce.post('/api/v1/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      device_name: 'Pixel 8',
      device_fingerprint: 'fp-pixel-8',
    });
    t.is(again.status, 200);
    t.is(
      await db('devices')
        .where({ employee_id: emp.id })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      1,
    );
  });

  test(`[${dialect}] lifetimes are configurable`, async (t) => {
    const app = await bootApp(dialect, {
      env: { ...MANY, TOKEN_TTL_WEB_DAYS: '1', TOKEN_TTL_MOBILE_DAYS: '7' },
    });
    t.teardown(app.close);
    const { db } = app.services;
    const org = await createOrg(db);
    const user = await createUser(db);
    await createEmployee(db, { organizationId: org.id, userId: user.id });
    const web = await app.workforce.post('/api/v1/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      device_name: 'w',
    });
    t.is(web.body.expires_at, '2026-01-16T10:00:00.000Z');
    const mobile = await app.workforce.post('/api/v1/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      device_name: 'm',
      device_fingerprint: 'fp',
    });
    t.is(mobile.body.expires_at, '2026-01-22T10:00:00.000Z');
  });

  test(`[${dialect}] bad logins: 422 naming the field, or the same 401, and nothing changes`, async (t) => {
    const app = await bootApp(dialect, { env: MANY });
    t.teardown(app.close);
    const { db } = app.services;
    const org = await createOrg(db);
    const user = await createUser(db, {
      email: 'ok@x.test',
      grants: [{ role: 'hr', organizationId: org.id }],
    });
    await createUser(db, { email: 'off@x.test', active: false });
    const boss = await createUser(db, { email: 'boss@x.test' }); // no employee record
    t.truthy(boss);
    const before = await snapshot(db, TABLES);
    const post = (body: unknown) => app.workforce.post('/api/v1/auth/login', body);

    const missing = await post({});
    t.is(missing.status, 422);
    t.deepEqual(Object.keys(missing.body.errors).sort(), ['device_name', 'email', 'password']);
    t.is(missing.body.errors.email[0], 'The email field is required.');

    const notEmail = await post({ email: 'not-an-email', password: 'x', device_name: 'd' });
    t.is(notEmail.status, 422);
    t.deepEqual(Object.keys(notEmail.body.errors), ['email']);

    const huge = await post({ email: user.email, password: 'p'.repeat(10 * 1024), device_name: 'd' });
    t.is(huge.status, 422);
    t.deepEqual(Object.keys(huge.body.errors), ['password']);
    t.regex(huge.body.errors.password[0], /not be greater than 1024/);

    const wrongType = await post({ email: user.email, password: 12345678, device_name: ['d'] });
    t.is(wrongType.status, 422);
    t.deepEqual(Object.keys(wrongType.body.errors).sort(), ['device_name', 'password']);

    const emptyFingerprint = await post({
      email: user.email,
      password: TEST_PASSWORD,
      device_name: 'd',
      device_fingerprint: '',
    });
    t.is(emptyFingerprint.status, 422);
    t.deepEqual(Object.keys(emptyFingerprint.body.errors), ['device_fingerprint']);

    // SQL metacharacters are data, never SQL.
    const sqlEmail = await post({ email: "ok@x.test' OR '1'='1", password: TEST_PASSWORD, device_name: 'd' });
    t.is(sqlEmail.status, 422);
    const sqlPassword = await post({
      email: user.email,
      password: "' OR '1'='1' --",
      device_name: "d'); DROP TABLE users; --",
    });
    t.is(sqlPassword.status, 401);
    const sqlQuoted = await post({ email: "o'brien@x.test", password: "x' OR 1=1 #", device_name: 'd' });
    t.is(sqlQuoted.status, 401);

    const wrongPassword = await post({ email: user.email, password: 'wrong password', device_name: 'd' });
    const unknownEmail = await post({ email: 'nobody@x.test', password: TEST_PASSWORD, device_name: 'd' });
    const inactive = await post({ email: 'off@x.test', password: TEST_PASSWORD, device_name: 'd' });
    const system = await post({ email: 'system@wfctl.local', password: TEST_PASSWORD, device_name: 'd' });
    for (const r of [wrongPassword, unknownEmail, inactive, system, sqlPassword, sqlQuoted]) {
      t.is(r.status, 401);
      t.deepEqual(r.body, {
        message: 'These credentials do not match our records.',
        errors: {},
        code: 'UNAUTHENTICATED',
      });
    }

    // Mobile sign-in needs an employee record to hang the device on.
    const noEmployee = await post({
      email: 'boss@x.test',
      password: TEST_PASSWORD,
      device_name: 'd',
      device_fingerprint: 'fp',
    });
    t.is(noEmployee.status, 422);
    t.deepEqual(Object.keys(noEmployee.body.errors), ['device_fingerprint']);

    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] the 6th login in a minute from one IP is a 429 with Retry-After`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const user = await createUser(db);
    const post = (password: string) =>
      app.workforce.post('/api/v1/auth/login', { email: user.email, password, device_name: 'd' });
    app.clock.set('2026-01-15T10:00:15.000Z');
    t.is((await post(TEST_PASSWORD)).status, 200);
    for (let i = 0; i < 4; i++) t.is((await post('wrong password')).status, 401);
    const before = await snapshot(db, TABLES);
    const sixth = await post(TEST_PASSWORD);
    t.is(sixth.status, 429);
    // Sliding window: the five logins at 10:00:15 leave it at 10:01:15, not at the minute boundary.
    t.is(sixth.headers.get('retry-after'), '60');
    t.is(sixth.body.code, 'RATE_LIMITED');
    t.regex(sixth.body.message, /Too many requests/);
    t.deepEqual(await snapshot(db, TABLES), before, 'no token issued');
    app.clock.advance(59_999);
    t.is((await post(TEST_PASSWORD)).status, 429);
    app.clock.advance(1);
    t.is((await post(TEST_PASSWORD)).status, 200);
  });

  test(`[${dialect}] X-Forwarded-For is believed only for the proxies TRUST_PROXY_HOPS declares`, async (t) => {
    const login = (app: Awaited<ReturnType<typeof bootApp>>, email: string, forwardedFor: string) =>
      app.workforce.post(
        '/api/v1/auth/login',
        { email, password: 'wrong password', device_name: 'd' },
        { headers: { 'X-Forwarded-For': forwardedFor } },
      );
    // Default (no proxy): a client cannot buy fresh allowances by inventing addresses.
    const direct = await bootApp(dialect);
    t.teardown(direct.close);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(direct, 'x@acme.test', `203.0.113.${i}`)).status);
    t.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);

    // One proxy in front: it appends the address it saw, and that is the client; what the client
    // wrote before it is ignored.
    const proxied = await bootApp(dialect, { env: { TRUST_PROXY_HOPS: '1' } });
    t.teardown(proxied.close);
    for (let i = 0; i < 5; i++)
      t.is((await login(proxied, 'a@acme.test', `1.1.1.${i}, 198.51.100.7`)).status, 401);
    t.is((await login(proxied, 'a@acme.test', '198.51.100.7')).status, 429, 'same client, 6th attempt');
    t.is(
      (await login(proxied, 'b@acme.test', '198.51.100.8')).status,
      401,
      'another client has its own allowance',
    );
  });

  test(`[${dialect}] login ignores Idempotency-Key: no token is ever stored in clear text`, async (t) => {
    const app = await bootApp(dialect, { env: MANY });
    t.teardown(app.close);
    const { db } = app.services;
    const user = await createUser(db);
    const headers = { 'Idempotency-Key': 'login-1' };
    const body = { email: user.email, password: TEST_PASSWORD, device_name: 'd' };
    const a = await app.workforce.post('/api/v1/auth/login', body, { headers });
    const b = await app.workforce.post('/api/v1/auth/login', body, { headers });
    t.is(a.status, 200);
    t.is(b.status, 200);
    t.is(b.headers.get('idempotent-replayed'), null);
    t.not(a.body.token, b.body.token);
    t.is(
      await db('idempotency_keys')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
  });
}
