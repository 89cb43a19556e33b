// Owner-portal fixtures: a tenant with its admin, an owner registered there, and pets inserted as
// rows for the owner's Client (the pets CRUD is another slice), plus caregiver grants as rows.
import type { Knex } from 'knex';
import type { TestApp } from '../../helpers/app.js';
import { countAdded } from '../../../src/clinic/counters.js';
import { toDbTime } from '../../../src/db/time.js';
import { registerOwner, signup, type SignedUp } from '../fixtures.js';

export { addStaff, bootClinic, login, registerOwner, signup, PASSWORD } from '../fixtures.js';

export type Owner = Awaited<ReturnType<typeof registerOwner>>;

export async function insertPet(
  app: TestApp,
  owner: { clientId: number },
  fields: Record<string, unknown> = {},
): Promise<number> {
  const { db, clock } = app.services;
  const client = await db('clinic_clients').where('id', owner.clientId).first('tenant_id');
  const now = toDbTime(clock.now());
  const [id] = await db('pets').insert({
    tenant_id: client.tenant_id,
    client_id: owner.clientId,
    name: 'Biscuit',
    species: 'dog',
    breed: 'Beagle',
    created_at: now,
    updated_at: now,
    ...fields,
  });
  // Written around pet.create, so counted as it counts (the tenant's patients: list totals, dashboard).
  await countAdded(db, Number(client.tenant_id), 'pets');
  return Number(id);
}

/** An accepted (or, with `revoked`, revoked) caregiver grant on the pet. */
export async function grantCaregiver(
  app: TestApp,
  petId: number,
  ownerUserId: number,
  caregiverUserId: number,
  accessLevel: 'view' | 'full',
  opts: { revoked?: boolean } = {},
): Promise<void> {
  const now = toDbTime(app.services.clock.now());
  await app.services.db('pet_caregivers').insert({
    pet_id: petId,
    invited_by_user_id: ownerUserId,
    invited_email: `cg-${caregiverUserId}@example.test`,
    access_level: accessLevel,
    token_hash: `${petId}-${caregiverUserId}-${Math.random()}`.padEnd(64, '0').slice(0, 64),
    caregiver_user_id: caregiverUserId,
    expires_at: now,
    accepted_at: now,
    revoked_at: opts.revoked ? now : null,
    created_at: now,
    updated_at: now,
  });
}

export interface World {
  admin: SignedUp;
  owner: Owner;
  petId: number;
}

/** A tenant, an owner of that tenant and one pet of theirs. */
export async function world(app: TestApp, tenantOverrides: Record<string, unknown> = {}): Promise<World> {
  const admin = await signup(app, tenantOverrides);
  const owner = await registerOwner(app, admin.tenant.id);
  const petId = await insertPet(app, owner);
  return { admin, owner, petId };
}

export async function countRows(db: Knex, table: string): Promise<number> {
  const row = await db(table).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
