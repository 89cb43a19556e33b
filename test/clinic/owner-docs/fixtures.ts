// Fixtures of the owner-portal tests: a tenant, an owner registered with it, and pets inserted
// directly for the owner's Client row (the pets CRUD is another folder's; this keeps us unblocked).
import type { TestApp } from '../../helpers/app.js';
import { countAdded } from '../../../src/clinic/counters.js';
import { toDbTime } from '../../../src/db/time.js';
import { registerOwner, signup, type SignedUp } from '../fixtures.js';

export interface Owner {
  userId: number;
  clientId: number;
  email: string;
  token: string;
}

export async function insertPet(
  app: TestApp,
  owner: { clientId: number },
  fields: Record<string, unknown> = {},
): Promise<number> {
  const db = app.services.db;
  const client = await db('clinic_clients').where('id', owner.clientId).first('tenant_id');
  const now = toDbTime(app.clock.now());
  const [id] = await db('pets').insert({
    tenant_id: client.tenant_id,
    client_id: owner.clientId,
    name: 'Biscuit',
    species: 'dog',
    breed: 'Beagle',
    sex: 'male',
    date_of_birth: '2021-04-02',
    color: 'tricolour',
    microchip_id: '900123456789012',
    created_at: now,
    updated_at: now,
    ...fields,
  });
  // Written around pet.create, so counted as it counts (the tenant's patients: list totals, dashboard).
  await countAdded(db, Number(client.tenant_id), 'pets');
  return Number(id);
}

export interface World {
  clinic: SignedUp;
  owner: Owner;
  petId: number;
}

/** A clinic, an owner registered with it and one pet of theirs. */
export async function world(app: TestApp): Promise<World> {
  const clinic = await signup(app);
  const owner = await registerOwner(app, clinic.tenant.id);
  const petId = await insertPet(app, owner);
  return { clinic, owner, petId };
}

/** Row counts of the tables this slice writes: equal before and after means nothing was written. */
export async function rowCounts(app: TestApp, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await app.services.db(t).count({ n: '*' }).first();
    out[t] = Number(row?.n ?? 0);
  }
  return out;
}
