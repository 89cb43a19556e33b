// Tenant invitations: over HTTP a tenant admin who adds an email that already has an account only
// invites it; the account's owner sees the invitation in GET /me and accepts or declines it. Nobody
// else can answer it, the admin can cancel it, and the members list shows it with status "invited".
import test from 'ava';
import type { Knex } from 'knex';
import { toDbTime } from '../../src/db/time.js';
import { DIALECTS } from '../helpers/db.js';
import { addStaff, bootClinic, clinicRowCounts, PASSWORD, registerOwner, signup } from './fixtures.js';

const invitationCount = async (db: Knex) =>
  Number((await db('tenant_invitations').count({ n: '*' }).first())?.n ?? 0);

const auditActions = (db: Knex, tenantId: number) =>
  db('clinic_audit_entries').where('tenant_id', tenantId).orderBy('id').pluck('action');

for (const dialect of DIALECTS) {
  test(`[${dialect}] an existing account is invited, not attached; it accepts and becomes a member`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const db = app.services.db;
    const admin = await signup(app, { slug: 'inviting' });
    const invitee = await signup(app);
    const dashboard = `/api/v1/tenant/${admin.tenant.id}/dashboard`;

    const invited = await app.clinic.post(
      `/api/v1/tenant/${admin.tenant.id}/members`,
      { email: invitee.email.toUpperCase(), role: 'veterinarian' },
      { token: admin.token },
    );
    t.is(invited.status, 201, invited.text);
    t.deepEqual(invited.body.data, {
      user_id: invitee.user.id,
      name: invitee.user.name,
      email: invitee.email,
      role: 'veterinarian',
      permissions: ['medical_record.read', 'medical_record.create'],
      status: 'invited',
      joined_at: null,
      invited_at: app.clock.now().toISOString(),
    });
    t.is(
      await db('tenant_memberships').where({ tenant_id: admin.tenant.id, user_id: invitee.user.id }).first(),
      undefined,
      'no membership yet',
    );
    t.like(await db('tenant_invitations').where({ tenant_id: admin.tenant.id }).first(), {
      user_id: invitee.user.id,
      role: 'veterinarian',
      invited_by_user_id: admin.user.id,
    });
    t.is(
      Number((await db('clinic_users').where('id', invitee.user.id).first()).current_tenant_id),
      invitee.tenant.id,
    );

    // Not a member until accepted.
    const refused = await app.clinic.get(dashboard, { token: invitee.token });
    t.is(refused.status, 403);
    t.is(refused.body.code, 'NOT_A_MEMBER');

    const me = (await app.clinic.get('/api/v1/me', { token: invitee.token })).body.data;
    t.deepEqual(me.invitations, [
      {
        tenant: {
          id: admin.tenant.id,
          name: admin.tenant.name,
          slug: 'inviting',
          business_type: 'clinic',
        },
        role: 'veterinarian',
        invited_at: app.clock.now().toISOString(),
      },
    ]);
    t.deepEqual(
      me.tenants.map((x: any) => x.id),
      [invitee.tenant.id],
    );
    // The admin's own user resource has no invitations.
    t.deepEqual((await app.clinic.get('/api/v1/me', { token: admin.token })).body.data.invitations, []);

    // The members list shows the membership, then the invitation.
    const list = await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/members`, { token: admin.token });
    t.deepEqual(
      list.body.data.map((m: any) => [
        m.email,
        m.role,
        m.status,
        m.joined_at === null,
        m.invited_at === null,
      ]),
      [
        [admin.email, 'tenant_admin', 'active', false, true],
        [invitee.email, 'veterinarian', 'invited', true, false],
      ],
    );
    t.is(list.body.meta.total, 2);

    const accepted = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/accept`, undefined, {
      token: invitee.token,
    });
    t.is(accepted.status, 200, accepted.text);
    t.deepEqual(accepted.body.data.invitations, []);
    t.deepEqual(
      accepted.body.data.tenants.map((x: any) => [x.id, x.role]),
      [
        [admin.tenant.id, 'veterinarian'],
        [invitee.tenant.id, 'tenant_admin'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    t.is(accepted.body.data.current_tenant.id, invitee.tenant.id, 'an existing current tenant stays');
    t.deepEqual(
      accepted.body.data,
      (await app.clinic.get('/api/v1/me', { token: invitee.token })).body.data,
      'the same user resource as GET /me',
    );

    const dash = await app.clinic.get(dashboard, { token: invitee.token });
    t.is(dash.status, 200);
    const member = (
      await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/members`, { token: invitee.token })
    ).body.data.find((m: any) => m.user_id === invitee.user.id);
    t.like(member, { role: 'veterinarian', status: 'active', invited_at: null });
    t.truthy(member.joined_at);
    t.is(await invitationCount(db), 0);

    // Answered once: a second accept or a decline finds nothing.
    for (const answer of ['accept', 'decline']) {
      const again = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/${answer}`, undefined, {
        token: invitee.token,
      });
      t.is(again.status, 404, answer);
      t.is(again.body.message, 'You have no pending invitation to this tenant.');
    }
    // Now a member: inviting again is refused.
    const reinvite = await app.clinic.post(
      `/api/v1/tenant/${admin.tenant.id}/members`,
      { email: invitee.email, role: 'receptionist' },
      { token: admin.token },
    );
    t.is(reinvite.status, 422);
    t.regex(reinvite.body.errors.email[0], /already a member/);

    t.deepEqual(await auditActions(db, admin.tenant.id), [
      'tenant.created',
      'member.invited',
      'member.joined',
    ]);
    t.like(await db('clinic_audit_entries').where('action', 'member.joined').first(), {
      actor_user_id: invitee.user.id,
      via: 'http',
      subject_id: invitee.user.id,
    });
  });

  test(`[${dialect}] accepting sets the current tenant of an account that has none`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const other = await signup(app);
    // A pet owner of another tenant: an account without a current tenant.
    const owner = await registerOwner(app, other.tenant.id);
    const invited = await app.clinic.post(
      `/api/v1/tenant/${admin.tenant.id}/members`,
      { email: owner.email, role: 'receptionist' },
      { token: admin.token },
    );
    t.is(invited.status, 201, invited.text);
    t.is((await app.clinic.get('/api/v1/me', { token: owner.token })).body.data.current_tenant, null);
    const accepted = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/accept`, undefined, {
      token: owner.token,
    });
    t.is(accepted.status, 200, accepted.text);
    t.like(accepted.body.data.current_tenant, { id: admin.tenant.id, role: 'receptionist' });
    t.is(
      Number((await app.services.db('clinic_users').where('id', owner.userId).first()).current_tenant_id),
      admin.tenant.id,
    );
  });

  test(`[${dialect}] declining deletes the invitation and leaves the account out of the tenant`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const db = app.services.db;
    const admin = await signup(app);
    const invitee = await signup(app);
    t.is(
      (
        await app.clinic.post(
          `/api/v1/tenant/${admin.tenant.id}/members`,
          { email: invitee.email, role: 'tenant_admin' },
          { token: admin.token },
        )
      ).status,
      201,
    );
    const declined = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/decline`, undefined, {
      token: invitee.token,
    });
    t.is(declined.status, 200, declined.text);
    t.deepEqual(declined.body.data.invitations, []);
    t.deepEqual(
      declined.body.data.tenants.map((x: any) => x.id),
      [invitee.tenant.id],
    );
    t.is(await invitationCount(db), 0);
    t.is(
      (await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/dashboard`, { token: invitee.token })).status,
      403,
    );
    const accept = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/accept`, undefined, {
      token: invitee.token,
    });
    t.is(accept.status, 404);
    t.deepEqual(await auditActions(db, admin.tenant.id), [
      'tenant.created',
      'member.invited',
      'member.declined',
    ]);

    // A declined invitation may be sent again.
    const again = await app.clinic.post(
      `/api/v1/tenant/${admin.tenant.id}/members`,
      { email: invitee.email, role: 'receptionist' },
      { token: admin.token },
    );
    t.is(again.status, 201, again.text);
    t.is(again.body.data.status, 'invited');
  });

  test(`[${dialect}] a second invitation, inviting a member or sending a password are 422s that change nothing`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const db = app.services.db;
    const admin = await signup(app);
    const vet = await addStaff(app, admin, 'veterinarian');
    const invitee = await signup(app);
    const url = `/api/v1/tenant/${admin.tenant.id}/members`;
    t.is(
      (await app.clinic.post(url, { email: invitee.email, role: 'receptionist' }, { token: admin.token }))
        .status,
      201,
    );

    const before = { ...(await clinicRowCounts(db)), invitations: await invitationCount(db) };
    const refusals: Array<[Record<string, unknown>, Record<string, RegExp>]> = [
      [{ email: invitee.email, role: 'receptionist' }, { email: /already been invited/ }],
      [{ email: invitee.email, role: 'tenant_admin' }, { email: /already been invited/ }],
      [{ email: vet.email, role: 'receptionist' }, { email: /already a member/ }],
      [{ email: admin.email, role: 'receptionist' }, { email: /already a member/ }],
      [{ email: invitee.email, role: 'pharmacy' }, { role: /not offered/ }],
      [
        { email: invitee.email, role: 'receptionist', password: PASSWORD },
        { password: /already has an account/ },
      ],
    ];
    for (const [body, expected] of refusals) {
      const res = await app.clinic.post(url, body, { token: admin.token });
      t.is(res.status, 422, `${JSON.stringify(body)} → ${res.text}`);
      t.deepEqual(Object.keys(res.body.errors).sort(), Object.keys(expected).sort(), JSON.stringify(body));
      for (const [field, message] of Object.entries(expected)) t.regex(res.body.errors[field][0], message);
    }
    t.deepEqual({ ...(await clinicRowCounts(db)), invitations: await invitationCount(db) }, before);
  });

  test(`[${dialect}] two admins inviting the same account at once: one 201, one 422`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const second = await addStaff(app, admin, 'tenant_admin');
    const invitee = await signup(app);
    const url = `/api/v1/tenant/${admin.tenant.id}/members`;
    const results = await Promise.all(
      [admin.token, second.token].map((token) =>
        app.clinic.post(url, { email: invitee.email, role: 'receptionist' }, { token }),
      ),
    );
    t.deepEqual(results.map((r) => r.status).sort(), [201, 422], results.map((r) => r.text).join(' | '));
    t.is(await invitationCount(app.services.db), 1);
  });

  test(`[${dialect}] DELETE /members/{user} cancels a pending invitation, without the last-admin rule`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const db = app.services.db;
    const admin = await signup(app);
    const invitee = await signup(app);
    const base = `/api/v1/tenant/${admin.tenant.id}/members`;
    t.is(
      (await app.clinic.post(base, { email: invitee.email, role: 'tenant_admin' }, { token: admin.token }))
        .status,
      201,
    );

    const cancelled = await app.clinic.delete(`${base}/${invitee.user.id}`, { token: admin.token });
    t.is(cancelled.status, 204, cancelled.text);
    t.is(await invitationCount(db), 0);
    t.deepEqual((await app.clinic.get('/api/v1/me', { token: invitee.token })).body.data.invitations, []);
    const accept = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/accept`, undefined, {
      token: invitee.token,
    });
    t.is(accept.status, 404);
    const again = await app.clinic.delete(`${base}/${invitee.user.id}`, { token: admin.token });
    t.is(again.status, 404);
    t.regex(again.body.message, /not a member of the tenant and has no pending invitation/);
    t.deepEqual(await auditActions(db, admin.tenant.id), [
      'tenant.created',
      'member.invited',
      'member.invitation_cancelled',
    ]);
    // Invitations are not memberships: the admin is still the only one.
    t.deepEqual(await db('tenant_memberships').where('tenant_id', admin.tenant.id).pluck('user_id'), [
      admin.user.id,
    ]);
  });

  test(`[${dialect}] only the invited user can answer an invitation; bad tenant ids are 404s`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const db = app.services.db;
    const admin = await signup(app, { slug: 'sluggy' });
    const invitee = await signup(app);
    const stranger = await signup(app);
    t.is(
      (
        await app.clinic.post(
          `/api/v1/tenant/${admin.tenant.id}/members`,
          { email: invitee.email, role: 'receptionist' },
          { token: admin.token },
        )
      ).status,
      201,
    );
    const before = { ...(await clinicRowCounts(db)), invitations: await invitationCount(db) };
    for (const answer of ['accept', 'decline']) {
      // Someone else, the inviting admin included, finds no invitation of their own.
      for (const token of [stranger.token, admin.token]) {
        const res = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/${answer}`, undefined, {
          token,
        });
        t.is(res.status, 404, `${answer}: ${res.text}`);
      }
      for (const ref of ['abc', 'sluggy', '1.5', '-1', '0', '999999', '1e3', 'x'.repeat(100)]) {
        const res = await app.clinic.post(`/api/v1/me/invitations/${ref}/${answer}`, undefined, {
          token: invitee.token,
        });
        t.is(res.status, 404, `${answer} ${ref}: ${res.text}`);
      }
      t.is(
        (await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/${answer}`)).status,
        401,
        'no token',
      );
      t.is(
        (
          await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/${answer}`, undefined, {
            token: 'nonsense',
          })
        ).status,
        401,
      );
    }
    t.deepEqual({ ...(await clinicRowCounts(db)), invitations: await invitationCount(db) }, before);
    // The invitation is still the invitee's to answer.
    const ok = await app.clinic.post(`/api/v1/me/invitations/${admin.tenant.id}/accept`, undefined, {
      token: invitee.token,
    });
    t.is(ok.status, 200, ok.text);
  });

  test(`[${dialect}] a new email is still added directly, with its account and an active membership`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app);
    const res = await app.clinic.post(
      `/api/v1/tenant/${admin.tenant.id}/members`,
      { email: 'fresh@example.test', role: 'receptionist', name: 'Fresh', password: PASSWORD },
      { token: admin.token },
    );
    t.is(res.status, 201, res.text);
    t.like(res.body.data, { email: 'fresh@example.test', status: 'active', invited_at: null });
    t.truthy(res.body.data.joined_at);
    t.is(await invitationCount(app.services.db), 0);
  });

  test(`[${dialect}] the members list pages memberships then invitations as one list`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app, { slug: 'mixed' });
    const db = app.services.db;
    const now = toDbTime(app.clock.now());
    const hash = (await db('clinic_users').where('id', admin.user.id).first()).password_hash;
    const account = async (email: string) =>
      Number(
        (
          await db('clinic_users').insert({
            name: email,
            email,
            password_hash: hash,
            created_at: now,
            updated_at: now,
          })
        )[0],
      );
    // 48 memberships (the admin and 47 more) and 5 invitations: page 1 ends with 2 invitations.
    for (let i = 1; i <= 47; i++) {
      await db('tenant_memberships').insert({
        tenant_id: admin.tenant.id,
        user_id: await account(`m${i}@example.test`),
        role: 'receptionist',
        created_at: now,
      });
    }
    for (let i = 1; i <= 5; i++) {
      await db('tenant_invitations').insert({
        tenant_id: admin.tenant.id,
        user_id: await account(`i${i}@example.test`),
        role: 'veterinarian',
        invited_by_user_id: admin.user.id,
        created_at: now,
      });
    }
    const base = '/api/v1/tenant/mixed/members';
    const first = await app.clinic.get(base, { token: admin.token });
    t.is(first.status, 200);
    t.is(first.body.data.length, 50);
    t.deepEqual(
      first.body.data.slice(46).map((m: any) => [m.email, m.status]),
      [
        ['m46@example.test', 'active'],
        ['m47@example.test', 'active'],
        ['i1@example.test', 'invited'],
        ['i2@example.test', 'invited'],
      ],
    );
    t.like(first.body.meta, { total: 53, last_page: 2, from: 1, to: 50 });
    const second = await app.clinic.get(`${base}?page=2`, { token: admin.token });
    t.deepEqual(
      second.body.data.map((m: any) => [m.email, m.status]),
      [
        ['i3@example.test', 'invited'],
        ['i4@example.test', 'invited'],
        ['i5@example.test', 'invited'],
      ],
    );
    t.like(second.body.meta, { total: 53, current_page: 2, from: 51, to: 53 });
    const beyond = await app.clinic.get(`${base}?page=3`, { token: admin.token });
    t.deepEqual(beyond.body.data, []);
    t.like(beyond.body.meta, { total: 53, from: null });
  });
}
