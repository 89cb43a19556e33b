// POST /auth/owner/register and the owner's own Client rows under /owner/me (scoped by the token).
import test from 'ava';
import { DIALECTS } from '../helpers/db.js';
import { bootClinic, clinicRowCounts, PASSWORD, registerOwner, signup } from './fixtures.js';

const ownerBody = (tenantId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Olive Owner',
  email: 'olive@example.test',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  phone: '+91 98450 11111',
  tenant_id: tenantId,
  ...overrides,
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] an owner registers: the account and the Client row linking it to the tenant`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const res = await app.clinic.post(
      '/api/v1/auth/owner/register',
      ownerBody(admin.tenant.id, { email: 'Olive@Example.test' }),
    );
    t.is(res.status, 201, res.text);
    const { user, client_id } = res.body.data;
    t.true(Number.isInteger(client_id));
    t.like(user, {
      name: 'Olive Owner',
      email: 'olive@example.test',
      phone: '+91 98450 11111',
      current_tenant: null,
      tenants: [],
    });
    t.deepEqual(
      user.clients.map((c: any) => [c.id, c.tenant.id]),
      [[client_id, admin.tenant.id]],
    );
    const db = app.services.db;
    t.like(await db('clinic_clients').where('id', client_id).first(), {
      tenant_id: admin.tenant.id,
      owner_user_id: user.id,
      name: 'Olive Owner',
      email: 'olive@example.test',
    });
    t.is(await db('tenant_memberships').where('user_id', user.id).first(), undefined); // not staff
    t.like(await db('clinic_audit_entries').where('action', 'owner.registered').first(), {
      tenant_id: admin.tenant.id,
      subject_id: client_id,
      actor_user_id: user.id,
    });
    // No token here: the owner logs in.
    t.is(res.body.token, undefined);
    t.is(
      (await app.clinic.post('/api/v1/auth/login', { email: 'olive@example.test', password: PASSWORD }))
        .status,
      200,
    );
  });

  test(`[${dialect}] every registration rule is a 422 naming the field, and nothing is written`, async (t) => {
    const app = await bootClinic(dialect, { env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '1000' } });
    t.teardown(app.close);
    const admin = await signup(app);
    const owner = await registerOwner(app, admin.tenant.id, 'taken@example.test');
    const before = await clinicRowCounts(app.services.db);
    const id = admin.tenant.id;
    const cases: Array<[Record<string, unknown>, Record<string, RegExp>]> = [
      [{ name: undefined }, { name: /name field is required/ }],
      [{ email: undefined }, { email: /email field is required/ }],
      [{ email: 'olive' }, { email: /valid email address/ }],
      [{ email: owner.email }, { email: /already been taken/ }],
      [{ email: admin.email.toUpperCase() }, { email: /already been taken/ }], // unique among the service
      [{ password: undefined }, { password: /password field is required/ }],
      [{ password: 'short', password_confirmation: 'short' }, { password: /at least 8 characters/ }],
      [{ password_confirmation: 'something-else' }, { password: /confirmation does not match/ }],
      [{ password_confirmation: undefined }, { password: /confirmation does not match/ }],
      [{ phone: 'x'.repeat(41) }, { phone: /not be greater than 40/ }],
      [{ tenant_id: undefined }, { tenant_id: /tenant_id field is required/ }],
      [{ tenant_id: 'abc' }, { tenant_id: /must be a number/ }],
      [{ tenant_id: 1.5 }, { tenant_id: /must be an integer/ }],
      [{ tenant_id: 9999 }, { tenant_id: /selected tenant_id is invalid/ }],
      [
        { tenant_id: 9999, email: owner.email },
        { email: /already been taken/, tenant_id: /invalid/ },
      ],
      // A body with schema and database problems at once: one 422 names all of them.
      [
        { tenant_id: 9999, email: owner.email.toUpperCase(), password_confirmation: 'other-pass' },
        { email: /already been taken/, tenant_id: /invalid/, password: /confirmation does not match/ },
      ],
    ];
    for (const [override, expected] of cases) {
      const res = await app.clinic.post('/api/v1/auth/owner/register', ownerBody(id, override));
      t.is(res.status, 422, `${JSON.stringify(override)} → ${res.text}`);
      t.deepEqual(
        Object.keys(res.body.errors).sort(),
        Object.keys(expected).sort(),
        JSON.stringify(override),
      );
      for (const [field, message] of Object.entries(expected)) t.regex(res.body.errors[field][0], message);
    }
    t.deepEqual(await clinicRowCounts(app.services.db), before);
  });

  test(`[${dialect}] two concurrent registrations with one email: one 201, one 422`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const results = await Promise.all([
      app.clinic.post('/api/v1/auth/owner/register', ownerBody(admin.tenant.id)),
      app.clinic.post('/api/v1/auth/owner/register', ownerBody(admin.tenant.id)),
    ]);
    t.deepEqual(results.map((r) => r.status).sort(), [201, 422]);
    t.deepEqual(results.find((r) => r.status === 422)!.body.errors, {
      email: ['The email has already been taken.'],
    });
    t.is(Number((await app.services.db('clinic_clients').count({ n: '*' }).first())?.n), 1);
  });

  test(`[${dialect}] /owner/me/clients shows the caller's own Client rows; another owner's is a 404`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const clinicA = await signup(app);
    const clinicB = await signup(app);
    const olive = await registerOwner(app, clinicA.tenant.id);
    const oscar = await registerOwner(app, clinicB.tenant.id);

    const mine = await app.clinic.get('/api/v1/owner/me/clients', { token: olive.token });
    t.is(mine.status, 200);
    t.deepEqual(
      mine.body.data.map((c: any) => [c.id, c.tenant.slug]),
      [[olive.clientId, clinicA.tenant.slug]],
    );
    t.like(mine.body.meta, { current_page: 1, per_page: 50, total: 1, last_page: 1 });
    t.is(mine.body.links.next, null);

    const own = await app.clinic.get(`/api/v1/owner/me/clients/${olive.clientId}`, { token: olive.token });
    t.is(own.status, 200);
    t.like(own.body.data, { id: olive.clientId, tenant_id: clinicA.tenant.id, owner_user_id: olive.userId });
    t.like(own.body.data.tenant, { email: clinicA.tenant.email });

    const foreign = await app.clinic.get(`/api/v1/owner/me/clients/${oscar.clientId}`, {
      token: olive.token,
    });
    t.is(foreign.status, 404);
    t.deepEqual(foreign.body.errors, {});
    t.is((await app.clinic.get('/api/v1/owner/me/clients/abc', { token: olive.token })).status, 404);
    t.is((await app.clinic.get(`/api/v1/owner/me/clients/${olive.clientId}`)).status, 401);
    // Staff without Client rows see an empty list, not someone else's.
    const staff = await app.clinic.get('/api/v1/owner/me/clients', { token: clinicA.token });
    t.deepEqual(staff.body.data, []);
    t.like(staff.body.meta, { total: 0, from: null, to: null });
  });

  test(`[${dialect}] a pet owner is not a member: /tenant/{tenant}/ routes answer 403`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const owner = await registerOwner(app, admin.tenant.id);
    const res = await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/dashboard`, { token: owner.token });
    t.is(res.status, 403);
    t.is(res.body.code, 'NOT_A_MEMBER');
  });
}
