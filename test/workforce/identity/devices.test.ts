// Mobile device binding (423), device approval and revocation over HTTP with their permission
// matrix, and Idempotency-Key on these real write routes.
import test from 'ava';
import { requestFingerprint } from '../../../src/core/idempotency.js';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import {
  createDevice,
  createEmployee,
  createOrg,
  createUser,
  snapshot,
  TEST_PASSWORD,
  tokenFor,
} from '../../helpers/workforce.js';

const TABLES = [
  'users',
  'personal_access_tokens',
  'devices',
  'employees',
  'audit_entries',
  'idempotency_keys',
];

async function mobileLogin(app: TestApp, email: string, fingerprint: string) {
  const res = await app.workforce.post('/api/v1/auth/login', {
    email,
    password: TEST_PASSWORD,
    device_name: 'phone',
    device_fingerprint: fingerprint,
  });
  return res.body.token as string;
}

async function world(app: TestApp) {
  const { db } = app.services;
  const acme = await createOrg(db, { code: 'ACME' });
  const beta = await createOrg(db, { code: 'BETA' });
  const asha = await createUser(db, {
    email: 'asha@acme.test',
    grants: [{ role: 'employee', organizationId: acme.id }],
  });
  const ravi = await createUser(db, {
    email: 'ravi@acme.test',
    grants: [{ role: 'employee', organizationId: acme.id }],
  });
  const ashaEmp = await createEmployee(db, { organizationId: acme.id, userId: asha.id, code: 'E001' });
  const raviEmp = await createEmployee(db, { organizationId: acme.id, userId: ravi.id, code: 'E002' });
  const hr = await createUser(db, { grants: [{ role: 'hr', organizationId: acme.id }] });
  const manager = await createUser(db, { grants: [{ role: 'shift_manager', organizationId: acme.id }] });
  const betaAdmin = await createUser(db, { grants: [{ role: 'org_admin', organizationId: beta.id }] });
  return { acme, beta, asha, ravi, ashaEmp, raviEmp, hr, manager, betaAdmin };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a mobile token needs its own approved device's fingerprint: otherwise 423, nothing changed`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await world(app);
    const token = await mobileLogin(app, w.asha.email, 'fp-asha-A');
    await db('devices').where({ employee_id: w.ashaEmp.id }).update({ status: 'approved' });
    await createDevice(db, w.ashaEmp.id, 'fp-asha-B', 'approved'); // her second, approved phone
    await createDevice(db, w.raviEmp.id, 'fp-ravi', 'approved');
    await createDevice(db, w.ashaEmp.id, 'fp-asha-revoked', 'revoked');
    const me = (fp?: string) =>
      app.workforce.get('/api/v1/me', {
        token,
        headers: fp === undefined ? {} : { 'X-Device-Fingerprint': fp },
      });

    t.is((await me('fp-asha-A')).status, 200);
    const before = await snapshot(db, TABLES);
    for (const [name, fp] of [
      ['no fingerprint', undefined],
      ['empty fingerprint', ''],
      ["another employee's approved device", 'fp-ravi'],
      ['her other approved device (the token is bound to A)', 'fp-asha-B'],
      ['unknown device', 'fp-nobody'],
      ['revoked device', 'fp-asha-revoked'],
    ] as const) {
      const res = await me(fp);
      t.is(res.status, 423, name);
      t.is(res.body.code, 'DEVICE_NOT_APPROVED', name);
    }
    t.deepEqual(await snapshot(db, TABLES), before);

    // A web token needs no fingerprint.
    t.is(
      (await app.workforce.get('/api/v1/me', { token: await tokenFor(app.services, w.asha.id) })).status,
      200,
    );
  });

  test(`[${dialect}] approve then revoke over HTTP: the transitions, the tokens, the audit`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await world(app);
    const token = await mobileLogin(app, w.asha.email, 'fp-1');
    const other = await tokenFor(app.services, w.asha.id); // web: untouched by a device revoke
    const device = await db('devices').where({ employee_id: w.ashaEmp.id }).first();
    t.is(device.status, 'pending');
    const hrToken = await tokenFor(app.services, w.hr.id);
    const headers = { 'X-Device-Fingerprint': 'fp-1' };
    t.is((await app.workforce.get('/api/v1/me', { token, headers })).status, 423);

    const approved = await app.workforce.post(`/api/v1/devices/${device.id}/approve`, undefined, {
      token: hrToken,
    });
    t.is(approved.status, 200);
    t.deepEqual(approved.body, {
      device: {
        id: device.id,
        employee_id: 'E001',
        fingerprint: 'fp-1',
        name: 'phone',
        status: 'approved',
        approved_at: '2026-01-15T10:00:00.000Z',
        revoked_at: null,
      },
      changed: true,
      previous_status: 'pending',
      revoked_token_ids: [],
    });
    t.is((await app.workforce.get('/api/v1/me', { token, headers })).status, 200);
    const again = await app.workforce.post(`/api/v1/devices/${device.id}/approve`, undefined, {
      token: hrToken,
    });
    t.is(again.status, 200);
    t.false(again.body.changed);

    app.clock.advance(60_000);
    const revoked = await app.workforce.post(
      `/api/v1/devices/${device.id}/revoke`,
      { reason: 'lost' },
      { token: hrToken },
    );
    t.is(revoked.status, 200);
    t.is(revoked.body.device.status, 'revoked');
    t.is(revoked.body.device.revoked_at, '2026-01-15T10:01:00.000Z');
    t.deepEqual(revoked.body.revoked_token_ids, [Number(token.split('|')[0])]);
    t.is((await app.workforce.get('/api/v1/me', { token, headers })).status, 401, 'its token is revoked too');
    t.is((await app.workforce.get('/api/v1/me', { token: other })).status, 200);

    // Revoked is terminal.
    const before = await snapshot(db, TABLES);
    const reapprove = await app.workforce.post(`/api/v1/devices/${device.id}/approve`, undefined, {
      token: hrToken,
    });
    t.is(reapprove.status, 409);
    t.is(reapprove.body.code, 'DEVICE_REVOKED');
    t.deepEqual(await snapshot(db, TABLES), before);

    const audit = await db('audit_entries')
      .orderBy('id')
      .select('event', 'actor_user_id', 'subject_type', 'subject_id', 'organization_id', 'context');
    t.deepEqual(
      audit.map((a) => ({ ...a, context: JSON.parse(a.context) })),
      [
        {
          event: 'device.approved',
          actor_user_id: w.hr.id,
          subject_type: 'device',
          subject_id: device.id,
          organization_id: w.acme.id,
          context: { employee_id: 'E001', from: 'pending', to: 'approved', revoked_token_ids: [] },
        },
        {
          event: 'device.revoked',
          actor_user_id: w.hr.id,
          subject_type: 'device',
          subject_id: device.id,
          organization_id: w.acme.id,
          context: {
            employee_id: 'E001',
            from: 'approved',
            to: 'revoked',
            reason: 'lost',
            revoked_token_ids: [Number(token.split('|')[0])],
          },
        },
      ],
    );
  });

  test(`[${dialect}] device approval: 404 outside scope, 403 without employee.update, nothing changed`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await world(app);
    const deviceId = await createDevice(db, w.ashaEmp.id, 'fp', 'pending');
    const before = await snapshot(db, TABLES);
    const call = async (userId: number, path = `/api/v1/devices/${deviceId}/approve`) =>
      app.workforce.post(path, undefined, { token: await tokenFor(app.services, userId) });
    const outside = await call(w.betaAdmin.id);
    t.is(outside.status, 404);
    t.is(outside.body.message, 'Device not found.');
    t.is((await call(w.manager.id)).status, 403);
    t.is((await call(w.asha.id)).status, 403, 'an employee cannot approve her own phone');
    t.is((await call(w.hr.id, '/api/v1/devices/999999/approve')).status, 404);
    t.is((await call(w.hr.id, '/api/v1/devices/abc/approve')).status, 404);
    const badReason = await app.workforce.post(
      `/api/v1/devices/${deviceId}/revoke`,
      { reason: 'x'.repeat(1001) },
      { token: await tokenFor(app.services, w.hr.id) },
    );
    t.is(badReason.status, 422);
    t.deepEqual(Object.keys(badReason.body.errors), ['reason']);
    const after = await snapshot(db, TABLES);
    t.deepEqual(after.devices, before.devices);
    t.deepEqual(after.audit_entries, before.audit_entries);
  });

  test(`[${dialect}] Idempotency-Key on a real write route: replay, changed body 422, still running 409, per user`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await world(app);
    const deviceId = await createDevice(db, w.ashaEmp.id, 'fp', 'approved');
    const hrToken = await tokenFor(app.services, w.hr.id);
    const path = `/api/v1/devices/${deviceId}/revoke`;
    const headers = { 'Idempotency-Key': 'revoke-1' };

    const first = await app.workforce.post(path, { reason: 'lost' }, { token: hrToken, headers });
    t.is(first.status, 200);
    t.true(first.body.changed);
    t.is(first.headers.get('idempotent-replayed'), null);

    app.clock.advance(3600_000);
    const replay = await app.workforce.post(path, { reason: 'lost' }, { token: hrToken, headers });
    t.is(replay.status, 200);
    t.is(replay.headers.get('idempotent-replayed'), 'true');
    t.deepEqual(replay.body, first.body, 'the stored response, changed: true included');
    t.is(
      await db('audit_entries')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      1,
      'ran once',
    );

    const before = await snapshot(db, TABLES);
    const changed = await app.workforce.post(path, { reason: 'stolen' }, { token: hrToken, headers });
    t.is(changed.status, 422);
    t.is(changed.body.message, 'This Idempotency-Key was already used with a different request body.');
    t.deepEqual(Object.keys(changed.body.errors), ['Idempotency-Key']);
    t.deepEqual(await snapshot(db, TABLES), before);

    // Same key, another user: a separate request, which runs.
    const otherHr = await createUser(db, { grants: [{ role: 'hr', organizationId: w.acme.id }] });
    const other = await app.workforce.post(
      path,
      { reason: 'lost' },
      { token: await tokenFor(app.services, otherHr.id), headers },
    );
    t.is(other.status, 200);
    t.is(other.headers.get('idempotent-replayed'), null);
    t.false(other.body.changed);

    // Same key while the first request still runs: 409.
    const pending = await createDevice(db, w.raviEmp.id, 'fp-r', 'pending');
    const approvePath = `/api/v1/devices/${pending}/approve`;
    await db('idempotency_keys').insert({
      scope: `user:${w.hr.id}`,
      key: 'approve-1',
      fingerprint: requestFingerprint('POST', approvePath, undefined),
      state: 'running',
      created_at: app.clock.now().getTime(),
      expires_at: app.clock.now().getTime() + 3600_000,
    });
    const running = await app.workforce.post(approvePath, undefined, {
      token: hrToken,
      headers: { 'Idempotency-Key': 'approve-1' },
    });
    t.is(running.status, 409);
    t.is(running.body.code, 'IDEMPOTENCY_IN_PROGRESS');
    t.is((await db('devices').where({ id: pending }).first()).status, 'pending');

    // After 24 h the key is forgotten and the request runs again.
    app.clock.advance(24 * 3600_000);
    const later = await app.workforce.post(path, { reason: 'stolen' }, { token: hrToken, headers });
    t.is(later.status, 200);
    t.is(later.headers.get('idempotent-replayed'), null);
  });
}
