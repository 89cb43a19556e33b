// The clinic at scale: 200 tenants, 200,000 pets, 1,000,000 appointments and 1,000,000 invoices at
// full scale (`--clinic-scale F` multiplies every count; tenants at least 2). The tenants and their
// admins come from the real sign-up operation (tenant.create); the bulk records from multi-row
// INSERTs of rows shaped exactly as the operations write them: owner accounts and Client rows as
// owner.register writes them, pets as pet.create, appointments as appointment.book (with the tenant
// admin as veterinarian, back-to-back 30-minute slots, so no two overlap), invoices as
// invoice.create with a bare total, and for the paid and partial ones the payment row and the
// amounts settleInvoice leaves. Not written: the audit entries of those operations (no list or
// dashboard reads them) and invoice line items (a bare-total invoice has none). The tenants'
// counters are then set from COUNT(*) by clinic.recount with fix, as after any bulk load.
// One clinic, the first, holds a tenth of every record (a large practice with years of records), so
// page 1,000 of its lists exists at full scale; the others share the rest evenly.
import type { Knex } from 'knex';
import { runOperation } from '../../src/core/operation.js';
import { operatorContext } from '../../src/clinic/context.js';
import { hashPassword } from '../../src/core/passwords.js';
import { recountCounters } from '../../src/clinic/system/operations/recount.js';
import { createTenant } from '../../src/clinic/tenants/operations/create-tenant.js';
import { toDbTime } from '../../src/db/time.js';
import type { BenchDb } from './database.js';
import { BENCH_PASSWORD } from './dataset.js';
import { createPrng, type Prng } from './prng.js';

export const FULL_SCALE = { tenants: 200, pets: 200_000, appointments: 1_000_000, invoices: 1_000_000 };
/** The large clinic's share of every record. */
const LARGE_SHARE = 0.1;
const BATCH = 1000;
const BATCHES_PER_TRANSACTION = 20;
const SLOT_MINUTES = 30;
/** Appointments run back to back from here: at full scale the large clinic's span about 5.7 years. */
const FIRST_SLOT = Date.UTC(2021, 0, 4, 3, 30);
/** The directory's centre (Bengaluru): tenants lie within about 60 km of it. */
export const CENTRE = { latitude: 12.9716, longitude: 77.5946 };

export interface ClinicTenant {
  id: number;
  adminUserId: number;
  pets: number;
  appointments: number;
  invoices: number;
}

export interface ClinicData {
  tenants: ClinicTenant[];
  /** An owner of the large clinic with two pets (every owner has one Client row and two pets). */
  owner: { userId: number; email: string };
  counts: Record<string, number>;
  ms: number;
}

export function scaledCounts(scale: number) {
  return {
    tenants: Math.max(2, Math.round(FULL_SCALE.tenants * scale)),
    pets: Math.max(40, Math.round(FULL_SCALE.pets * scale)),
    appointments: Math.max(200, Math.round(FULL_SCALE.appointments * scale)),
    invoices: Math.max(200, Math.round(FULL_SCALE.invoices * scale)),
  };
}

/** `total` split over `n` tenants: the first gets LARGE_SHARE, the others the rest evenly. */
function shares(total: number, n: number): number[] {
  const large = Math.round(total * LARGE_SHARE);
  const rest = total - large;
  return [
    large,
    ...Array.from({ length: n - 1 }, (_, i) => Math.floor(rest / (n - 1)) + (i < rest % (n - 1) ? 1 : 0)),
  ];
}

async function insertBatches(db: Knex, table: string, rows: Iterable<Record<string, unknown>>) {
  let batch: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[][] = [];
  const flush = async () => {
    if (batch.length) pending.push(batch);
    batch = [];
    const chunks = pending;
    pending = [];
    if (!chunks.length) return;
    await db.transaction(async (trx) => {
      for (const chunk of chunks) await insertValues(trx, table, chunk);
    });
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      pending.push(batch);
      batch = [];
      if (pending.length === BATCHES_PER_TRANSACTION) await flush();
    }
  }
  await flush();
}

/**
 * One `INSERT … VALUES (…), (…)` statement: knex writes a multi-row insert on SQLite as a compound
 * SELECT, which stops at 500 rows; both dialects take the VALUES list.
 */
function insertValues(trx: Knex, table: string, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0]);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const bindings = rows.flatMap((r) => columns.map((c) => r[c] ?? null));
  return trx.raw(
    `insert into ?? (${columns.map(() => '??').join(', ')}) values ${rows.map(() => tuple).join(', ')}`,
    [table, ...columns, ...bindings] as Knex.RawBinding[],
  );
}

async function nextId(db: Knex, table: string): Promise<number> {
  const row = await db(table).max({ m: 'id' }).first();
  return Number(row?.m ?? 0) + 1;
}

const PET_NAMES = ['Bruno', 'Mia', 'Rocky', 'Luna', 'Simba', 'Coco', 'Max', 'Bella', 'Tiger', 'Milo'];
const SPECIES: Array<[string, string[]]> = [
  ['dog', ['Labrador', 'Indie', 'Beagle', 'German Shepherd', 'Pug']],
  ['cat', ['Persian', 'Siamese', 'Indie']],
  ['rabbit', ['Dutch']],
];
const COLORS = ['black', 'brown', 'white', 'golden', 'grey', null];
const METHODS = ['cash', 'card', 'upi', 'bank_transfer'];

export async function loadClinicData(
  bench: BenchDb,
  scale: number,
  seed: number,
  log: (line: string) => void,
): Promise<ClinicData> {
  const began = performance.now();
  const { db } = bench.services;
  const n = scaledCounts(scale);
  const rnd = createPrng(seed);
  const ctx = operatorContext(bench.services, 'seed');
  const tenants: ClinicTenant[] = [];
  const pets = shares(n.pets, n.tenants);
  const appointments = shares(n.appointments, n.tenants);
  const invoices = shares(n.invoices, n.tenants);
  for (let t = 0; t < n.tenants; t++) {
    const created = await runOperation(createTenant, ctx, {
      name: t === 0 ? 'Large Animal Hospital' : `Clinic ${t + 1}`,
      slug: `bench-clinic-${t + 1}`,
      email: `clinic-${t + 1}@bench.example`,
      owner_name: `Admin ${t + 1}`,
      owner_email: `admin-${t + 1}@bench.example`,
      password: BENCH_PASSWORD,
      city: 'Bengaluru',
      description: t % 3 === 0 ? 'Small-animal practice with surgery and dentistry' : 'Family vet clinic',
      business_type: t % 10 === 9 ? 'groomer' : 'clinic',
      // Within about ±0.55° (~60 km) of the centre.
      latitude: round6(CENTRE.latitude + (rnd.next() - 0.5) * 1.1),
      longitude: round6(CENTRE.longitude + (rnd.next() - 0.5) * 1.1),
    });
    tenants.push({
      id: created.tenant.id,
      adminUserId: created.user.id,
      pets: pets[t],
      appointments: appointments[t],
      invoices: invoices[t],
    });
  }
  log(`clinic: ${n.tenants} tenants signed up`);

  // Owners and their Client rows: one owner per two pets, all with the bench password's hash.
  const hash = await hashPassword(BENCH_PASSWORD, 10); // PASSWORD_HASH_COST's default: logins do a real one's work
  const firstUser = await nextId(db, 'clinic_users');
  const firstClient = await nextId(db, 'clinic_clients');
  const firstPet = await nextId(db, 'pets');
  const clientsOf = tenants.map((t) => Math.ceil(t.pets / 2));
  const clientBase: number[] = [];
  const petBase: number[] = [];
  let clients = 0;
  let petsSoFar = 0;
  for (let t = 0; t < tenants.length; t++) {
    clientBase.push(clients);
    petBase.push(petsSoFar);
    clients += clientsOf[t];
    petsSoFar += tenants[t].pets;
  }
  const created = (i: number, of: number) => toDbTime(new Date(FIRST_SLOT + (i / of) * 5 * 365 * 86_400_000));
  function* owners() {
    for (let t = 0; t < tenants.length; t++)
      for (let c = 0; c < clientsOf[t]; c++) {
        const k = clientBase[t] + c;
        const now = created(k, clients);
        yield {
          id: firstUser + k,
          name: `Owner ${k + 1}`,
          email: ownerEmail(k),
          password_hash: hash,
          phone: `+9198${String(k).padStart(8, '0')}`,
          created_at: now,
          updated_at: now,
        };
      }
  }
  function* clientRows() {
    for (let t = 0; t < tenants.length; t++)
      for (let c = 0; c < clientsOf[t]; c++) {
        const k = clientBase[t] + c;
        const now = created(k, clients);
        yield {
          id: firstClient + k,
          tenant_id: tenants[t].id,
          owner_user_id: firstUser + k,
          name: `Owner ${k + 1}`,
          email: ownerEmail(k),
          phone: `+9198${String(k).padStart(8, '0')}`,
          created_at: now,
          updated_at: now,
        };
      }
  }
  await insertBatches(db, 'clinic_users', owners());
  await insertBatches(db, 'clinic_clients', clientRows());
  log(`clinic: ${clients} owners and their Client rows`);

  function* petRows() {
    for (let t = 0; t < tenants.length; t++)
      for (let p = 0; p < tenants[t].pets; p++) {
        const k = petBase[t] + p;
        const [species, breeds] = rnd.pick(SPECIES);
        const now = created(k, petsSoFar);
        yield {
          id: firstPet + k,
          tenant_id: tenants[t].id,
          client_id: firstClient + clientBase[t] + Math.floor(p / 2),
          name: rnd.pick(PET_NAMES),
          species,
          breed: rnd.chance(0.8) ? rnd.pick(breeds) : null,
          sex: rnd.pick(['male', 'female', 'unknown']),
          date_of_birth: rnd.chance(0.7)
            ? `${rnd.int(2008, 2024)}-0${rnd.int(1, 9)}-1${rnd.int(0, 9)}`
            : null,
          color: rnd.pick(COLORS),
          microchip_id: rnd.chance(0.4) ? `9851${String(k).padStart(11, '0')}` : null,
          weight_kg: rnd.chance(0.6) ? rnd.int(150, 4500) / 100 : null,
          created_at: now,
          updated_at: now,
        };
      }
  }
  await insertBatches(db, 'pets', petRows());
  log(`clinic: ${petsSoFar} pets`);

  const petOf = (t: number, r: Prng) => {
    const p = r.int(0, tenants[t].pets - 1);
    return { petId: firstPet + petBase[t] + p, clientId: firstClient + clientBase[t] + Math.floor(p / 2) };
  };
  const today = Date.UTC(2026, 10, 26);
  function* appointmentRows() {
    for (let t = 0; t < tenants.length; t++)
      for (let a = 0; a < tenants[t].appointments; a++) {
        const { petId, clientId } = petOf(t, rnd);
        const start = FIRST_SLOT + a * SLOT_MINUTES * 60_000;
        const past = start < today;
        const booked = toDbTime(new Date(start - rnd.int(1, 14) * 86_400_000));
        yield {
          tenant_id: tenants[t].id,
          pet_id: petId,
          client_id: clientId,
          status: past
            ? rnd.pick(['completed', 'completed', 'completed', 'completed', 'cancelled', 'no_show'])
            : rnd.pick(['scheduled', 'confirmed']),
          scheduled_at: toDbTime(new Date(start)),
          duration_minutes: SLOT_MINUTES,
          ends_at: toDbTime(new Date(start + SLOT_MINUTES * 60_000)),
          veterinarian_user_id: tenants[t].adminUserId,
          reason: rnd.pick(['Vaccination', 'Check-up', 'Dental cleaning', 'Skin allergy', null]),
          notes: null,
          created_at: booked,
          updated_at: booked,
        };
      }
  }
  await insertBatches(db, 'appointments', appointmentRows());
  log(`clinic: ${n.appointments} appointments`);

  // Invoices and the payments of the paid (60%) and partial (10%) ones; 25% unpaid, 5% estimates.
  const firstInvoice = await nextId(db, 'invoices');
  const payments: Array<Record<string, unknown>> = [];
  let invoiceCount = 0;
  const paymentRows = function* () {
    for (const p of payments) yield p;
  };
  function* invoiceRows() {
    for (let t = 0; t < tenants.length; t++)
      for (let i = 0; i < tenants[t].invoices; i++) {
        const id = firstInvoice + invoiceCount++;
        const { petId, clientId } = petOf(t, rnd);
        const now = new Date(FIRST_SLOT + (i / tenants[t].invoices) * (today - FIRST_SLOT));
        const total = rnd.int(5, 500) * 10_000;
        const roll = rnd.next();
        const status = roll < 0.6 ? 'paid' : roll < 0.7 ? 'partial' : roll < 0.95 ? 'unpaid' : 'estimate';
        const paid = status === 'paid' ? total : status === 'partial' ? total / 2 : 0;
        if (paid)
          payments.push({
            tenant_id: tenants[t].id,
            invoice_id: id,
            amount_minor: paid,
            payment_method: rnd.pick(METHODS),
            reference_number: null,
            provider_payment_id: null,
            provider_order_id: null,
            recorded_by_user_id: tenants[t].adminUserId,
            source: 'clinic',
            created_at: toDbTime(now),
          });
        yield {
          id,
          tenant_id: tenants[t].id,
          client_id: clientId,
          pet_id: petId,
          status,
          currency: bench.config.clinic.gateway.currency,
          total_minor: total,
          amount_paid_minor: paid,
          balance_due_minor: total - paid,
          due_date: toDbTime(new Date(now.getTime() + 15 * 86_400_000)).slice(0, 10),
          notes: null,
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
        };
      }
  }
  await insertBatches(db, 'invoices', invoiceRows());
  await insertBatches(db, 'payments', paymentRows());
  log(`clinic: ${invoiceCount} invoices, ${payments.length} payments`);
  // The bulk rows went around the operations, so the tenants' counters (list totals, dashboard)
  // are set from COUNT(*) as an operator would after a bulk load: `wfctl clinic recount --fix`.
  const countedAt = performance.now();
  const recount = await runOperation(recountCounters, operatorContext(bench.services, 'seed'), { fix: true });
  log(
    `clinic: counters set from COUNT(*) in ${((performance.now() - countedAt) / 1000).toFixed(1)} s ` +
      `(${recount.drift.length} of ${recount.counters_checked} counters of ${recount.tenants_checked} tenants)`,
  );
  if (bench.dialect === 'sqlite') await db.raw('analyze');
  else
    for (const table of ['clinic_clients', 'pets', 'appointments', 'invoices', 'payments'])
      await db.raw(`analyze table ${table}`);

  const large = tenants[0];
  return {
    tenants,
    owner: { userId: firstUser + clientBase[0], email: ownerEmail(clientBase[0]) },
    counts: {
      tenants: tenants.length,
      owners: clients,
      pets: petsSoFar,
      appointments: n.appointments,
      invoices: invoiceCount,
      payments: payments.length,
      largeTenantPets: large.pets,
      largeTenantAppointments: large.appointments,
      largeTenantInvoices: large.invoices,
    },
    ms: performance.now() - began,
  };
}

export const ownerEmail = (k: number) => `owner-${k + 1}@bench.example`;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
