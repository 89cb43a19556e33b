// Demo clinic "Happy Paws" with its tenant_admin, a veterinarian and a registered pet owner, all
// with the password `demo-password` (see docs/clinic.md), and the owner's dog Bruno with one
// appointment and one invoice, so the help's examples (`wfctl pet update 1`, `appointment status 1`,
// `invoice record-payment 1` …) have a patient to act on. Idempotent: each step runs only when what
// it creates is missing, so a second run (or one after an interrupted run) adds nothing twice.
import { runOperation } from '../src/core/operation.js';
import type { Services } from '../src/core/services.js';
import { operatorContext } from '../src/clinic/context.js';
import { accountExists } from '../src/clinic/identity/queries.js';
import { registerOwner } from '../src/clinic/owners/operations/register-owner.js';
import { addMember } from '../src/clinic/tenants/operations/add-member.js';
import { createTenant } from '../src/clinic/tenants/operations/create-tenant.js';
import { createPet } from '../src/clinic/pets/operations/create-pet.js';
import { bookAppointment } from '../src/clinic/appointments/operations/create-appointment.js';
import { createInvoice } from '../src/clinic/invoices/operations/create-invoice.js';
import { findTenantByRef } from '../src/clinic/tenants/resolve.js';

export const name = 'clinic-demo';
export const description = 'a demo clinic tenant (happy-paws) with an admin, a veterinarian and a pet owner';

const PASSWORD = 'demo-password';
export const DEMO = {
  slug: 'happy-paws',
  admin: 'admin@happypaws.test',
  veterinarian: 'vet@happypaws.test',
  owner: 'owner@happypaws.test',
};

export async function seed(services: Services): Promise<Record<string, unknown>> {
  const ctx = operatorContext(services, 'seed');
  const created: string[] = [];

  let tenantId = Number((await findTenantByRef(services.db, DEMO.slug))?.id ?? 0);
  if (!tenantId) {
    const { tenant } = await runOperation(createTenant, ctx, {
      name: 'Happy Paws Veterinary Clinic',
      slug: DEMO.slug,
      email: 'hello@happypaws.test',
      phone: '+91 80 4000 1234',
      address: '12 Residency Road, Bengaluru',
      subscription_plan: 'growth',
      business_type: 'clinic',
      owner_name: 'Asha Admin',
      owner_email: DEMO.admin,
      password: PASSWORD,
    });
    tenantId = tenant.id;
    created.push('tenant', 'tenant_admin');
  }
  // Its provider-directory profile, so `GET /providers?latitude=…` finds it (docs/clinic-owner-portal.md).
  // There is no endpoint for these columns yet; a profile someone already set is left alone.
  await services.db('tenants').where('id', tenantId).whereNull('latitude').update({
    description: 'Vaccinations, surgery and a 24-hour emergency desk in central Bengaluru.',
    city: 'Bengaluru',
    latitude: 12.9716,
    longitude: 77.5946,
  });

  if (!(await accountExists(services.db, DEMO.veterinarian))) {
    await runOperation(addMember, ctx, {
      tenant_id: tenantId,
      email: DEMO.veterinarian,
      role: 'veterinarian',
      name: 'Dr. Vikram Vet',
      password: PASSWORD,
    });
    created.push('veterinarian');
  }

  if (!(await accountExists(services.db, DEMO.owner))) {
    await runOperation(registerOwner, ctx, {
      name: 'Priya Petowner',
      email: DEMO.owner,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      phone: '+91 98450 00000',
      tenant_id: tenantId,
    });
    created.push('owner');
  }

  // The owner's dog, its next check-up (next week, 10:30 on the clinic's clock) and a first invoice.
  const client = await services.db('clinic_clients').where({ tenant_id: tenantId }).orderBy('id').first('id');
  const hasPets = client && (await services.db('pets').where({ client_id: client.id }).first('id'));
  if (client && !hasPets) {
    const pet = await runOperation(createPet, ctx, {
      tenant_id: tenantId,
      client_id: Number(client.id),
      name: 'Bruno',
      species: 'dog',
      breed: 'Indie',
      sex: 'male',
      date_of_birth: '2021-06-14',
    });
    const vet = await services.db('users').where({ email: DEMO.veterinarian }).first('id');
    const nextWeek = new Date(services.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    await runOperation(bookAppointment, ctx, {
      tenant_id: tenantId,
      pet_id: pet.id,
      scheduled_at: `${nextWeek}T10:30:00+05:30`,
      veterinarian_user_id: vet ? Number(vet.id) : null,
      reason: 'Annual check-up',
    });
    await runOperation(createInvoice, ctx, {
      tenant_id: tenantId,
      client_id: Number(client.id),
      pet_id: pet.id,
      items: [{ description: 'Rabies vaccine', unit_price: 450, quantity: 1 }],
    });
    created.push('pet', 'appointment', 'invoice');
  }

  return {
    tenant_id: tenantId,
    slug: DEMO.slug,
    created,
    logins: [DEMO.admin, DEMO.veterinarian, DEMO.owner],
  };
}
