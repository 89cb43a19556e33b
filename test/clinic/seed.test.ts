// seeds/20_clinic_demo.ts: the demo clinic, its admin, veterinarian and pet owner; idempotent.
import test from 'ava';
import { runSeeds } from '../../src/cli/seeds.js';
import { DIALECTS } from '../helpers/db.js';
import { bootClinic, clinicRowCounts } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] the clinic demo seed creates a working demo once, and a second run adds nothing`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const [first] = await runSeeds(app.services, 'clinic-demo');
    t.deepEqual(first.result.created, [
      'tenant',
      'tenant_admin',
      'veterinarian',
      'owner',
      'pet',
      'appointment',
      'invoice',
    ]);
    const counts = await clinicRowCounts(app.services.db);
    const [second] = await runSeeds(app.services, 'clinic-demo');
    t.deepEqual(second.result.created, []);
    t.is(second.result.tenant_id, first.result.tenant_id);
    t.deepEqual(await clinicRowCounts(app.services.db), counts);

    const loginAs = async (email: string) => {
      const res = await app.clinic.post('/api/v1/auth/login', { email, password: 'demo-password' });
      t.is(res.status, 200, email);
      return res.body;
    };
    const admin = await loginAs('admin@happypaws.test');
    t.like(admin.data.current_tenant, { slug: 'happy-paws', role: 'tenant_admin' });
    t.like((await loginAs('vet@happypaws.test')).data.current_tenant, {
      slug: 'happy-paws',
      role: 'veterinarian',
    });
    const owner = await loginAs('owner@happypaws.test');
    t.is(owner.data.clients[0].tenant.slug, 'happy-paws');
    const dash = await app.clinic.get('/api/v1/tenant/happy-paws/dashboard', { token: admin.token });
    t.like(dash.body.data.stats, {
      clients_count: 1,
      pets_count: 1,
      appointments_count: 1,
      pending_invoices_count: 1,
    });
    // The directory finds it by place, as the owner-portal docs' example does.
    const near = await app.clinic.get('/api/v1/providers?latitude=12.9716&longitude=77.5946&radius_km=10');
    t.is(near.status, 200);
    t.deepEqual(
      near.body.data.map((p: any) => p.slug),
      ['happy-paws'],
    );
  });
}
