// POST /tenants: self-service sign-up of a tenant and its tenant_admin, every validation rule,
// uniqueness (also under concurrent sign-ups), the per-IP rate limit and Idempotency-Key.
import test from 'ava';
import { HOUR } from '../../src/core/clock.js';
import { ValidationError } from '../../src/core/errors.js';
import { isUniqueViolation } from '../../src/db/errors.js';
import { toDbTime } from '../../src/db/time.js';
import { onUniqueViolation } from '../../src/clinic/uniqueness.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import {
  bootClinic,
  clinicRowCounts,
  login,
  PASSWORD,
  registerOwner,
  signup,
  signupBody,
} from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] sign-up creates the tenant and its tenant_admin, with the contract's defaults`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const body = signupBody({
      slug: 'Happy-Paws',
      email: 'Hello@HappyPaws.test',
      owner_email: 'Asha@HappyPaws.test',
      phone: '',
    });
    const res = await app.clinic.post('/api/v1/tenants', body);
    t.is(res.status, 201, res.text);
    const { tenant, user } = res.body.data;
    t.like(tenant, {
      name: body.name,
      slug: 'happy-paws', // stored lower-case
      email: 'hello@happypaws.test',
      phone: null,
      address: null,
      subscription_plan: 'trial',
      business_type: 'clinic',
      created_at: '2026-01-15T10:00:00.000Z',
    });
    t.like(user, { name: body.owner_name, email: 'asha@happypaws.test', clients: [] });
    t.is(user.tenants.length, 1);
    t.like(user.current_tenant, { id: tenant.id, role: 'tenant_admin' });
    t.deepEqual(user.current_tenant.permissions, [
      'medical_record.read',
      'medical_record.create',
      'order.read',
      'order.manage',
      'member.manage',
      'profile.manage',
    ]);
    t.false(JSON.stringify(res.body).includes(PASSWORD));

    const db = app.services.db;
    const membership = await db('tenant_memberships')
      .where({ tenant_id: tenant.id, user_id: user.id })
      .first();
    t.is(membership.role, 'tenant_admin');
    const stored = await db('clinic_users').where('id', user.id).first();
    // bcrypt, at the configured cost (PASSWORD_HASH_COST: the tests' 4, the product's 10).
    const cost = String(app.services.config.passwordHashCost).padStart(2, '0');
    t.regex(stored.password_hash, new RegExp(`^\\$2[aby]\\$${cost}\\$`));
    const audit = await db('clinic_audit_entries').where({ action: 'tenant.created' }).first();
    t.like(audit, { tenant_id: tenant.id, subject_id: tenant.id, via: 'http', actor_user_id: null });
    // The admin logs in with the address in any case.
    t.truthy(await login(app, 'ASHA@happypaws.test'));
  });

  test(`[${dialect}] subscription_plan and business_type take every listed value`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const res = await app.clinic.post(
      '/api/v1/tenants',
      signupBody({
        subscription_plan: 'enterprise',
        business_type: 'pharmacy',
        phone: '+91 80 1234',
        address: '1 Main St',
      }),
    );
    t.is(res.status, 201, res.text);
    t.like(res.body.data.tenant, {
      subscription_plan: 'enterprise',
      business_type: 'pharmacy',
      phone: '+91 80 1234',
      address: '1 Main St',
    });
  });

  test(`[${dialect}] every validation rule is a 422 naming the field, and nothing is written`, async (t) => {
    const app = await bootClinic(dialect, { env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '1000' } });
    t.teardown(app.close);
    const before = await clinicRowCounts(app.services.db);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: undefined }, 'name', /name field is required/],
      [{ name: '   ' }, 'name', /name field is required/],
      [{ name: 'x'.repeat(256) }, 'name', /not be greater than 255/],
      [{ slug: undefined }, 'slug', /slug field is required/],
      [{ slug: 'happy paws' }, 'slug', /only contain letters, digits and single hyphens/],
      [{ slug: 'happy--paws' }, 'slug', /single hyphens/],
      [{ slug: '-paws' }, 'slug', /single hyphens/],
      [{ slug: '12345' }, 'slug', /at least one letter/],
      [{ slug: 'a' }, 'slug', /at least 2 characters/],
      [{ slug: 'a'.repeat(65) }, 'slug', /not be greater than 64/],
      [{ email: undefined }, 'email', /email field is required/],
      [{ email: 'not-an-email' }, 'email', /valid email address/],
      [{ phone: 'x'.repeat(41) }, 'phone', /not be greater than 40/],
      [{ address: 'x'.repeat(501) }, 'address', /not be greater than 500/],
      [
        { subscription_plan: 'gold' },
        'subscription_plan',
        /one of: trial, starter, growth, premium, enterprise/,
      ],
      [
        { business_type: 'zoo' },
        'business_type',
        /one of: clinic, groomer, breeder, trainer, pharmacy, retail/,
      ],
      [{ owner_name: undefined }, 'owner_name', /owner_name field is required/],
      [{ owner_email: undefined }, 'owner_email', /owner_email field is required/],
      [{ owner_email: 'admin@' }, 'owner_email', /valid email address/],
      [{ password: undefined }, 'password', /password field is required/],
      [{ password: 'short7!' }, 'password', /at least 8 characters/],
      [{ password: 'é'.repeat(37) }, 'password', /not be greater than 72 bytes/],
    ];
    for (const [override, field, message] of cases) {
      const res = await app.clinic.post('/api/v1/tenants', signupBody(override));
      t.is(res.status, 422, `${JSON.stringify(override)} → ${res.text}`);
      t.deepEqual(Object.keys(res.body.errors), [field], JSON.stringify(override));
      t.regex(res.body.errors[field][0], message);
      t.is(typeof res.body.message, 'string');
    }
    const empty = await app.clinic.post('/api/v1/tenants', {});
    t.is(empty.status, 422);
    t.deepEqual(Object.keys(empty.body.errors).sort(), [
      'email',
      'name',
      'owner_email',
      'owner_name',
      'password',
      'slug',
    ]);
    t.deepEqual(await clinicRowCounts(app.services.db), before);
  });

  test(`[${dialect}] a taken slug, tenant email or owner email is a 422 naming each field`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const first = await signup(app, {
      slug: 'paws',
      email: 'paws@example.test',
      owner_email: 'asha@example.test',
    });
    const owner = await registerOwner(app, first.tenant.id, 'olive@example.test');
    const before = await clinicRowCounts(app.services.db);

    const slug = await app.clinic.post('/api/v1/tenants', signupBody({ slug: 'PAWS' }));
    t.is(slug.status, 422);
    t.deepEqual(slug.body.errors, { slug: ['The slug has already been taken.'] });
    const email = await app.clinic.post('/api/v1/tenants', signupBody({ email: 'Paws@Example.test' }));
    t.deepEqual(email.body.errors, { email: ['The email has already been taken.'] });
    // Unique among every user of the service: the admin of another tenant, or a pet owner.
    for (const taken of ['asha@example.test', owner.email]) {
      const res = await app.clinic.post('/api/v1/tenants', signupBody({ owner_email: taken }));
      t.is(res.status, 422);
      t.deepEqual(res.body.errors, { owner_email: ['The owner_email has already been taken.'] });
    }
    const all = await app.clinic.post(
      '/api/v1/tenants',
      signupBody({ slug: 'paws', email: 'paws@example.test', owner_email: 'asha@example.test' }),
    );
    t.deepEqual(Object.keys(all.body.errors).sort(), ['email', 'owner_email', 'slug']);
    // Taken values and schema problems in one body: one 422 names all of them.
    const mixed = await app.clinic.post(
      '/api/v1/tenants',
      signupBody({ slug: 'paws', owner_email: 'ASHA@example.test', password: 'short', name: undefined }),
    );
    t.is(mixed.status, 422);
    t.deepEqual(Object.keys(mixed.body.errors).sort(), ['name', 'owner_email', 'password', 'slug']);
    t.deepEqual(mixed.body.errors.slug, ['The slug has already been taken.']);
    t.deepEqual(await clinicRowCounts(app.services.db), before);
  });

  test(`[${dialect}] two concurrent sign-ups for one slug: one 201, one 422, never a 500`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    for (const shared of [
      { slug: 'race-slug' },
      { email: 'race@example.test' },
      { owner_email: 'race-admin@example.test' },
    ]) {
      const results = await Promise.all([
        app.clinic.post('/api/v1/tenants', signupBody(shared)),
        app.clinic.post('/api/v1/tenants', signupBody(shared)),
      ]);
      const statuses = results.map((r) => r.status).sort();
      t.deepEqual(statuses, [201, 422], results.map((r) => r.text).join('\n'));
      const refused = results.find((r) => r.status === 422)!;
      const field = Object.keys(shared)[0];
      t.deepEqual(refused.body.errors, { [field]: [`The ${field} has already been taken.`] });
    }
    const db = app.services.db;
    t.is(Number((await db('tenants').count({ n: '*' }).first())?.n), 3);
    t.is(Number((await db('clinic_users').count({ n: '*' }).first())?.n), 3);
    t.is(Number((await db('tenant_memberships').count({ n: '*' }).first())?.n), 3);
  });

  test(`[${dialect}] sign-ups are rate-limited per IP: 429 with Retry-After, then the next hour`, async (t) => {
    const app = await bootClinic(dialect, { env: { TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '2' } });
    t.teardown(app.close);
    app.clock.set('2026-01-15T10:00:00.000Z');
    t.is((await app.clinic.post('/api/v1/tenants', signupBody())).status, 201);
    t.is((await app.clinic.post('/api/v1/tenants', { slug: 'bad one' })).status, 422); // refused ones count too
    const limited = await app.clinic.post('/api/v1/tenants', signupBody());
    t.is(limited.status, 429);
    t.is(limited.headers.get('retry-after'), '3600');
    t.regex(limited.body.message, /Too many requests/);
    t.deepEqual(limited.body.errors, {});
    t.is(Number((await app.services.db('tenants').count({ n: '*' }).first())?.n), 1);
    app.clock.advance(HOUR);
    t.is((await app.clinic.post('/api/v1/tenants', signupBody())).status, 201);
  });

  test(`[${dialect}] an Idempotency-Key replays the sign-up instead of failing on its own slug`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const body = signupBody();
    const headers = { 'Idempotency-Key': 'signup-1' };
    const first = await app.clinic.post('/api/v1/tenants', body, { headers });
    const again = await app.clinic.post('/api/v1/tenants', body, { headers });
    t.is(first.status, 201);
    t.is(again.status, 201);
    t.is(again.headers.get('idempotent-replayed'), 'true');
    t.deepEqual(again.body, first.body);
    t.is(Number((await app.services.db('tenants').count({ n: '*' }).first())?.n), 1);
  });

  test(`[${dialect}] when the unique index decides a race the pre-check missed, the answer is still a 422`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const now = toDbTime(new Date('2026-01-15T10:00:00Z'));
    const row = (slug: string, email: string) => ({
      name: slug,
      slug,
      email,
      created_at: now,
      updated_at: now,
    });
    await tdb.db('tenants').insert(row('taken', 'first@example.test'));
    // The pre-check has passed; meanwhile the other sign-up committed: the insert hits the index.
    const checks = [{ field: 'slug', table: 'tenants', where: { slug: 'taken' } }];
    const err = await t.throwsAsync(
      onUniqueViolation(tdb.db, checks, () => tdb.db('tenants').insert(row('taken', 'second@example.test'))),
    );
    t.true(err instanceof ValidationError);
    t.deepEqual((err as ValidationError).errors, { slug: ['The slug has already been taken.'] });
    // A unique index no check covers stays what it is: a bug to report, not a made-up 422.
    const uncovered = await t.throwsAsync(
      onUniqueViolation(tdb.db, [{ field: 'slug', table: 'tenants', where: { slug: 'fresh' } }], () =>
        tdb.db('tenants').insert(row('fresh', 'first@example.test')),
      ),
      { any: true }, // better-sqlite3's error is not an Error instance in ava's eyes
    );
    t.false(uncovered instanceof ValidationError);
    t.true(isUniqueViolation(uncovered));
    t.is(Number((await tdb.db('tenants').count({ n: '*' }).first())?.n), 1);
  });
}
