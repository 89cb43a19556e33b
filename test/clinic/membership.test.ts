// /tenant/{tenant}/…: membership resolution (403 for a tenant that is not yours, 404 for one that
// does not exist, id or slug), adding and removing members, the members list and the dashboard.
import test from 'ava';
import { operatorContext } from '../../src/clinic/context.js';
import { recountCounters } from '../../src/clinic/system/operations/recount.js';
import { runOperation } from '../../src/core/operation.js';
import { toDbTime } from '../../src/db/time.js';
import { DIALECTS } from '../helpers/db.js';
import { addStaff, bootClinic, clinicRowCounts, login, PASSWORD, registerOwner, signup } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] tenant resolution: member 200 by id or slug, non-member 403, unknown 404, no token 401`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const mine = await signup(app, { slug: 'mine' });
    const theirs = await signup(app, { slug: 'theirs' });
    for (const ref of [mine.tenant.id, 'mine', 'MINE']) {
      const res = await app.clinic.get(`/api/v1/tenant/${ref}/dashboard`, { token: mine.token });
      t.is(res.status, 200, String(ref));
      t.is(res.body.data.tenant.id, mine.tenant.id);
    }
    for (const ref of [theirs.tenant.id, 'theirs']) {
      const res = await app.clinic.get(`/api/v1/tenant/${ref}/dashboard`, { token: mine.token });
      t.is(res.status, 403);
      t.deepEqual(res.body, {
        message: 'You are not a member of this tenant.',
        errors: {},
        code: 'NOT_A_MEMBER',
      });
    }
    for (const ref of [999999, 'nowhere', '0', '1e3', 'x'.repeat(100)]) {
      const res = await app.clinic.get(`/api/v1/tenant/${ref}/dashboard`, { token: mine.token });
      t.is(res.status, 404, String(ref));
      t.is(res.body.message, 'Tenant not found.');
    }
    t.is((await app.clinic.get(`/api/v1/tenant/${theirs.tenant.id}/dashboard`)).status, 401);
    t.is((await app.clinic.get('/api/v1/tenant/nowhere/dashboard')).status, 401); // no probing without a token
  });

  test(`[${dialect}] the admin adds staff: a new email gets an account; the role must suit the business type`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const url = `/api/v1/tenant/${admin.tenant.id}/members`;
    const added = await app.clinic.post(
      url,
      { email: 'Vera@Example.test', role: 'veterinarian', name: 'Dr Vera', password: PASSWORD },
      { token: admin.token },
    );
    t.is(added.status, 201, added.text);
    t.like(added.body.data, {
      name: 'Dr Vera',
      email: 'vera@example.test',
      role: 'veterinarian',
      permissions: ['medical_record.read', 'medical_record.create'],
    });
    const vera = await login(app, 'vera@example.test');
    const me = (await app.clinic.get('/api/v1/me', { token: vera })).body.data;
    t.like(me.current_tenant, { id: admin.tenant.id, role: 'veterinarian' });
    t.is((await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/dashboard`, { token: vera })).status, 200);

    // An existing account (another tenant's admin) is only invited: no password, no membership yet
    // (test/clinic/invitations.test.ts follows the invitation through).
    const other = await signup(app);
    const existing = await app.clinic.post(
      url,
      { email: other.email, role: 'receptionist' },
      { token: admin.token },
    );
    t.is(existing.status, 201, existing.text);
    t.like(existing.body.data, {
      email: other.email,
      role: 'receptionist',
      status: 'invited',
      joined_at: null,
    });
    const otherMe = (await app.clinic.get('/api/v1/me', { token: other.token })).body.data;
    t.deepEqual(
      otherMe.tenants.map((x: any) => [x.id, x.role]),
      [[other.tenant.id, 'tenant_admin']],
    );
    t.is(otherMe.current_tenant.id, other.tenant.id, 'the remembered tenant stays current');

    const before = await clinicRowCounts(app.services.db);
    const refusals: Array<[Record<string, unknown>, Record<string, RegExp>]> = [
      [
        { email: 'p@example.test', role: 'pharmacy', name: 'P', password: PASSWORD },
        { role: /not offered to a clinic tenant/ },
      ],
      [
        { email: 'r@example.test', role: 'retail_counter', name: 'R', password: PASSWORD },
        { role: /not offered/ },
      ],
      [{ email: 'x@example.test', role: 'owner', name: 'X', password: PASSWORD }, { role: /must be one of/ }],
      [{ email: 'x@example.test' }, { role: /role field is required/ }],
      [{ role: 'receptionist' }, { email: /email field is required/ }],
      [
        { email: 'new@example.test', role: 'receptionist' },
        { name: /required to create an account/, password: /required to create/ },
      ],
      [
        { email: 'new@example.test', role: 'receptionist', name: 'N', password: 'short' },
        { password: /at least 8/ },
      ],
      [{ email: other.email, role: 'veterinarian' }, { email: /already been invited/ }],
      [{ email: admin.email, role: 'veterinarian' }, { email: /already a member/ }],
      [
        { email: 'vera@example.test', role: 'receptionist', password: PASSWORD },
        { password: /already has an account/ },
      ],
    ];
    for (const [body, expected] of refusals) {
      const res = await app.clinic.post(url, body, { token: admin.token });
      t.is(res.status, 422, `${JSON.stringify(body)} → ${res.text}`);
      t.deepEqual(Object.keys(res.body.errors).sort(), Object.keys(expected).sort(), JSON.stringify(body));
      for (const [field, message] of Object.entries(expected)) t.regex(res.body.errors[field][0], message);
    }
    t.deepEqual(await clinicRowCounts(app.services.db), before);
    t.is(Number((await app.services.db('tenant_invitations').count({ n: '*' }).first())?.n), 1);
  });

  test(`[${dialect}] a pharmacy tenant offers the pharmacy role, a retail tenant the retail_counter role`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const pharmacy = await signup(app, { business_type: 'pharmacy' });
    const retail = await signup(app, { business_type: 'retail' });
    t.is((await addStaff(app, pharmacy, 'pharmacy')).userId > 0, true);
    t.is((await addStaff(app, retail, 'retail_counter')).userId > 0, true);
    const vet = await app.clinic.post(
      `/api/v1/tenant/${pharmacy.tenant.id}/members`,
      { email: 'v@example.test', role: 'veterinarian', name: 'V', password: PASSWORD },
      { token: pharmacy.token },
    );
    t.is(vet.status, 422);
    t.regex(vet.body.errors.role[0], /offered: tenant_admin, receptionist, pharmacy/);
  });

  test(`[${dialect}] only member.manage (tenant_admin) adds or removes members: others get 403`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const vet = await addStaff(app, admin, 'veterinarian');
    const desk = await addStaff(app, admin, 'receptionist');
    const before = await clinicRowCounts(app.services.db);
    for (const token of [vet.token, desk.token]) {
      const add = await app.clinic.post(
        `/api/v1/tenant/${admin.tenant.id}/members`,
        { email: 'z@example.test', role: 'receptionist', name: 'Z', password: PASSWORD },
        { token },
      );
      t.is(add.status, 403);
      t.deepEqual(add.body, {
        message: 'This action requires the member.manage permission.',
        errors: {},
        code: 'PERMISSION_DENIED',
      });
      const remove = await app.clinic.delete(`/api/v1/tenant/${admin.tenant.id}/members/${admin.user.id}`, {
        token,
      });
      t.is(remove.status, 403);
      // Any member may see who works there.
      t.is((await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/members`, { token })).status, 200);
    }
    t.deepEqual(await clinicRowCounts(app.services.db), before);
  });

  test(`[${dialect}] removing a member ends their access; the last tenant_admin stays`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const vet = await addStaff(app, admin, 'veterinarian');
    const base = `/api/v1/tenant/${admin.tenant.id}/members`;

    const removed = await app.clinic.delete(`${base}/${vet.userId}`, { token: admin.token });
    t.is(removed.status, 204);
    t.is(
      (await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/dashboard`, { token: vet.token })).status,
      403,
    );
    const vetMe = (await app.clinic.get('/api/v1/me', { token: vet.token })).body.data;
    t.is(vetMe.current_tenant, null);
    t.deepEqual(vetMe.tenants, []);
    t.is((await app.clinic.delete(`${base}/${vet.userId}`, { token: admin.token })).status, 404);
    t.is((await app.clinic.delete(`${base}/999999`, { token: admin.token })).status, 404);
    t.is((await app.clinic.delete(`${base}/abc`, { token: admin.token })).status, 404);

    const last = await app.clinic.delete(`${base}/${admin.user.id}`, { token: admin.token });
    t.is(last.status, 422);
    t.regex(last.body.errors.user[0], /last tenant_admin/);
    t.truthy(
      await app.services
        .db('tenant_memberships')
        .where({ tenant_id: admin.tenant.id, user_id: admin.user.id })
        .first(),
    );

    // With a second admin, the first may go (themselves included).
    const second = await addStaff(app, admin, 'tenant_admin');
    t.is((await app.clinic.delete(`${base}/${admin.user.id}`, { token: admin.token })).status, 204);
    t.is(
      (await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/members`, { token: admin.token })).status,
      403,
    );
    t.is((await app.clinic.delete(`${base}/${second.userId}`, { token: second.token })).status, 422);
    const actions = await app.services
      .db('clinic_audit_entries')
      .where('tenant_id', admin.tenant.id)
      .orderBy('id')
      .pluck('action');
    t.deepEqual(actions, [
      'tenant.created',
      'member.added',
      'member.removed',
      'member.added',
      'member.removed',
    ]);
  });

  test(`[${dialect}] two admins removing each other at once: one succeeds, the tenant keeps an admin`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const second = await addStaff(app, admin, 'tenant_admin');
    const base = `/api/v1/tenant/${admin.tenant.id}/members`;
    const results = await Promise.all([
      app.clinic.delete(`${base}/${second.userId}`, { token: admin.token }),
      app.clinic.delete(`${base}/${admin.user.id}`, { token: second.token }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // The loser is refused either because it is now the last admin (422) or no longer a member (403).
    t.is(statuses[0], 204, results.map((r) => r.text).join(' | '));
    t.true([403, 422].includes(statuses[1]));
    const admins = await app.services
      .db('tenant_memberships')
      .where({ tenant_id: admin.tenant.id, role: 'tenant_admin' });
    t.is(admins.length, 1);
  });

  test(`[${dialect}] the members list pages 50 at a time as {data, links, meta}`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app, { slug: 'big' });
    const db = app.services.db;
    const now = toDbTime(app.clock.now());
    const hash = (await db('clinic_users').where('id', admin.user.id).first()).password_hash;
    for (let i = 1; i <= 54; i++) {
      const [id] = await db('clinic_users').insert({
        name: `Member ${i}`,
        email: `m${i}@example.test`,
        password_hash: hash,
        created_at: now,
        updated_at: now,
      });
      await db('tenant_memberships').insert({
        tenant_id: admin.tenant.id,
        user_id: id,
        role: 'receptionist',
        created_at: now,
      });
    }
    const base = `/api/v1/tenant/big/members`;
    const first = await app.clinic.get(base, { token: admin.token });
    t.is(first.status, 200);
    t.is(first.body.data.length, 50);
    t.is(first.body.data[0].email, admin.email);
    t.deepEqual(first.body.links, {
      first: `${base}?page=1`,
      last: `${base}?page=2`,
      prev: null,
      next: `${base}?page=2`,
    });
    t.deepEqual(first.body.meta, {
      current_page: 1,
      from: 1,
      to: 50,
      last_page: 2,
      per_page: 50,
      total: 55,
      path: base,
    });
    const second = await app.clinic.get(`${base}?page=2`, { token: admin.token });
    t.deepEqual(
      second.body.data.map((m: any) => m.email),
      ['m50', 'm51', 'm52', 'm53', 'm54'].map((m) => `${m}@example.test`),
    );
    t.like(second.body.meta, { current_page: 2, from: 51, to: 55 });
    t.is(second.body.links.next, null);
    t.is(second.body.links.prev, `${base}?page=1`);
    const beyond = await app.clinic.get(`${base}?page=7`, { token: admin.token });
    t.deepEqual(beyond.body.data, []);
    t.like(beyond.body.meta, { current_page: 7, from: null, to: null, total: 55 });
    for (const page of ['0', 'abc', '-1', '1.5']) {
      const bad = await app.clinic.get(`${base}?page=${page}`, { token: admin.token });
      t.is(bad.status, 422, page);
      t.deepEqual(Object.keys(bad.body.errors), ['page']);
    }
  });

  test(`[${dialect}] the dashboard counts the tenant's own pets, clients, appointments and open invoices`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const a = await signup(app);
    const b = await signup(app);
    const empty = await app.clinic.get(`/api/v1/tenant/${a.tenant.id}/dashboard`, { token: a.token });
    t.deepEqual(empty.body.data.stats, {
      pets_count: 0,
      clients_count: 0,
      appointments_count: 0,
      pending_invoices_count: 0,
    });

    const db = app.services.db;
    const now = toDbTime(app.clock.now());
    const stamps = { created_at: now, updated_at: now };
    const seedTenant = async (tenantId: number, pets: number, statuses: string[], appointments: number) => {
      const owner = await registerOwner(app, tenantId);
      const [walkIn] = await db('clinic_clients').insert({ tenant_id: tenantId, name: 'Walk-in', ...stamps });
      let petId = 0;
      for (let i = 0; i < pets; i++) {
        [petId] = await db('pets').insert({
          tenant_id: tenantId,
          client_id: owner.clientId,
          name: `Pet ${i}`,
          species: 'dog',
          ...stamps,
        });
      }
      for (let i = 0; i < appointments; i++) {
        await db('appointments').insert({ tenant_id: tenantId, pet_id: petId, client_id: walkIn, ...stamps });
      }
      for (const status of statuses) {
        await db('invoices').insert({
          tenant_id: tenantId,
          client_id: owner.clientId,
          pet_id: petId,
          status,
          ...stamps,
        });
      }
    };
    await seedTenant(a.tenant.id, 3, ['unpaid', 'partial', 'paid', 'voided', 'estimate'], 4);
    await seedTenant(b.tenant.id, 5, ['unpaid', 'unpaid', 'unpaid'], 1);
    // Rows written around the operations leave the tenants' counters behind, as a bulk load would:
    // set them from COUNT(*) as an operator would after one (`wfctl clinic recount --fix`).
    await runOperation(recountCounters, operatorContext(app.services), { fix: true });

    const dash = await app.clinic.get(`/api/v1/tenant/${a.tenant.slug}/dashboard`, { token: a.token });
    t.is(dash.status, 200);
    t.deepEqual(dash.body.data.stats, {
      pets_count: 3,
      clients_count: 2,
      appointments_count: 4,
      pending_invoices_count: 2,
    });
    t.like(dash.body.data.tenant, { id: a.tenant.id, slug: a.tenant.slug, name: a.tenant.name });
    const other = await app.clinic.get(`/api/v1/tenant/${b.tenant.id}/dashboard`, { token: b.token });
    t.deepEqual(other.body.data.stats, {
      pets_count: 5,
      clients_count: 2,
      appointments_count: 1,
      pending_invoices_count: 3,
    });
  });
}
