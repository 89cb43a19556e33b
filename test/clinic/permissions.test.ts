// Named permissions come from the member's role. The routes that need medical_record.* and order.*
// arrive with later slices, so probe routes built with the same `tenantRoute` guard are mounted on
// the real HTTP kernel, and every role is tried against every permission.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { runOperation } from '../../src/core/operation.js';
import type { Services } from '../../src/core/services.js';
import { operatorContext } from '../../src/clinic/context.js';
import { tenantRoute } from '../../src/clinic/identity/access.js';
import { login } from '../../src/clinic/identity/operations/login.js';
import { PERMISSIONS, roleHas, rolesOffered } from '../../src/clinic/identity/roles.js';
import { addMember } from '../../src/clinic/tenants/operations/add-member.js';
import { createTenant } from '../../src/clinic/tenants/operations/create-tenant.js';
import { createHttpApp } from '../../src/http/app.js';
import { listen } from '../../src/http/server.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';
import { HttpClient } from '../helpers/http.js';
import { PASSWORD } from './fixtures.js';

const probes = [null, ...PERMISSIONS].map((permission) =>
  tenantRoute({
    method: 'GET',
    path: `/api/v1/tenant/:tenant/probe/${permission ?? 'membership'}`,
    summary: `probe ${permission}`,
    permission,
    responses: { 200: { description: 'allowed' } },
    handler: async ({ principal }) => ({ tenant: principal.tenant.id, role: principal.role }),
  }),
);

async function boot(dialect: Dialect) {
  const testDb = await createTestDb(dialect);
  const services: Services = {
    db: testDb.db,
    clock: new FixedClock(),
    config: testDb.config,
    logger: silentLogger,
  };
  const app = createHttpApp({
    name: 'probe',
    routes: probes,
    services,
    openapi: { title: 'probe', version: '1' },
  });
  const listener = await listen(app.handler, 0, '127.0.0.1');
  const ctx = operatorContext(services);
  const tenant = async (slug: string, businessType: string) => {
    const created = await runOperation(createTenant, ctx, {
      name: slug,
      slug,
      email: `${slug}@example.test`,
      business_type: businessType,
      owner_name: `${slug} admin`,
      owner_email: `admin@${slug}.test`,
      password: PASSWORD,
    });
    return created.tenant.id;
  };
  const member = async (tenantId: number, role: string, email: string) => {
    await runOperation(addMember, ctx, { tenant_id: tenantId, email, role, name: role, password: PASSWORD });
  };
  const tokenOf = async (email: string) =>
    (await runOperation(login, ctx, { email, password: PASSWORD })).token;
  return {
    http: new HttpClient(listener.url),
    tenant,
    member,
    tokenOf,
    async close() {
      await listener.close(1000);
      await testDb.destroy();
    },
  };
}

const EXPECTED: Record<string, string[]> = {
  tenant_admin: [...PERMISSIONS],
  veterinarian: ['medical_record.read', 'medical_record.create'],
  receptionist: [],
  pharmacy: ['order.read', 'order.manage'],
  retail_counter: ['order.read', 'order.manage'],
};

test('a clinic-only tenant offers no role holding order.* but its admins’ wildcard', (t) => {
  for (const type of ['clinic', 'groomer', 'breeder', 'trainer']) {
    const withOrders = rolesOffered(type).filter(
      (role) => roleHas(role, 'order.read') || roleHas(role, 'order.manage'),
    );
    t.deepEqual(withOrders, ['tenant_admin'], type);
  }
  t.true(rolesOffered('pharmacy').includes('pharmacy'));
  t.true(rolesOffered('retail').includes('retail_counter'));
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] each role reaches exactly the permissions it holds; the others are 403`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const clinic = await k.tenant('vet-clinic', 'clinic');
    const pharmacy = await k.tenant('pharma', 'pharmacy');
    const shop = await k.tenant('pet-shop', 'retail');
    await k.member(clinic, 'veterinarian', 'vet@example.test');
    await k.member(clinic, 'receptionist', 'desk@example.test');
    await k.member(pharmacy, 'pharmacy', 'pharmacist@example.test');
    await k.member(shop, 'retail_counter', 'counter@example.test');
    const callers: Array<[string, string, number]> = [
      ['tenant_admin', 'admin@vet-clinic.test', clinic],
      ['tenant_admin', 'admin@pharma.test', pharmacy],
      ['veterinarian', 'vet@example.test', clinic],
      ['receptionist', 'desk@example.test', clinic],
      ['pharmacy', 'pharmacist@example.test', pharmacy],
      ['retail_counter', 'counter@example.test', shop],
    ];
    for (const [role, email, tenantId] of callers) {
      const token = await k.tokenOf(email);
      const member = await k.http.get(`/api/v1/tenant/${tenantId}/probe/membership`, { token });
      t.deepEqual(member.body, { tenant: tenantId, role });
      for (const permission of PERMISSIONS) {
        const res = await k.http.get(`/api/v1/tenant/${tenantId}/probe/${permission}`, { token });
        const allowed = EXPECTED[role].includes(permission);
        t.is(res.status, allowed ? 200 : 403, `${role} → ${permission}`);
        if (!allowed) {
          t.deepEqual(res.body, {
            message: `This action requires the ${permission} permission.`,
            errors: {},
            code: 'PERMISSION_DENIED',
          });
        }
      }
    }
    // A permission held in one tenant means nothing in another.
    const pharmacist = await k.tokenOf('pharmacist@example.test');
    const elsewhere = await k.http.get(`/api/v1/tenant/${clinic}/probe/order.read`, { token: pharmacist });
    t.is(elsewhere.status, 403);
    t.is(elsewhere.body.code, 'NOT_A_MEMBER');
  });
}
