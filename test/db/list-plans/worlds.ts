// The two data sets of the plan test and a token for each kind of caller. Workforce: three
// organizations, 600 employees, 48,000 attendance rows, 20,000 audit entries, 6,000 rows of each
// per-employee list. Clinic: 2,000 public tenants, 20,000 owner accounts and clients, 30,000 pets,
// 40,000 appointments, 30,000 invoices, 20,000 orders, 10,000–20,000 rows of each pet record.
import type { Knex } from 'knex';
import { sha256Hex } from '../../../src/core/crypto.js';
import { refreshStatistics } from '../../../src/db/knex.js';
import { issueToken } from '../../../src/clinic/identity/tokens.js';
import type { TestApp } from '../../helpers/app.js';
import { createOrg, createUnit, createUser, tokenFor } from '../../helpers/workforce.js';
import { dayAfter, fill, idsFrom, maxId } from './seed.js';

const NOW = '2026-01-01 00:00:00.000';

export interface WorkforceWorld {
  orgs: { a: number; b: number; c: number };
  unitA: number;
  /** An employee of A that staff read (not the employee caller's own row). */
  employeeA: number;
  /** The org admin's own employee row, in organization C where they hold no role. */
  orgAdminOwnEmployee: number;
  /** One attendance row of it on 2025-01-01. */
  orgAdminOwnEmployeeRow: number;
  /** The employee caller's own row (and employee code). */
  ownEmployee: number;
  ownCode: string;
  tokens: Record<'systemAdmin' | 'orgAdmin' | 'hr' | 'manager' | 'employee' | 'partner', string>;
  large: Set<string>;
}

export async function workforceWorld(app: TestApp): Promise<WorkforceWorld> {
  const db = app.testDb.db;
  const a = await createOrg(db, { code: 'PLANA' });
  const b = await createOrg(db, { code: 'PLANB' });
  const c = await createOrg(db, { code: 'PLANC' });
  const orgs = [a.id, b.id, c.id];
  const units = [
    (await createUnit(db, a.id)).id,
    (await createUnit(db, b.id)).id,
    (await createUnit(db, c.id)).id,
  ];
  // 300 employees in A, 150 in B, 150 in C.
  const orgIndex = (i: number) => (i < 300 ? 0 : i < 450 ? 1 : 2);
  const firstEmployee = await maxId(db, 'employees');
  await fill(db, 'employees', 600, (i) => ({
    employee_id: `PE${i}`,
    organization_id: orgs[orgIndex(i)],
    name: `Employee ${i}`,
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  }));
  const employees = await idsFrom(db, 'employees', firstEmployee);
  await fill(db, 'employee_deployments', employees.length, (i) => ({
    employee_id: employees[i],
    organization_unit_id: units[orgIndex(i)],
    starts_on: '2024-01-01',
    is_primary: true,
  }));
  const DAYS = 80;
  await fill(db, 'attendance', employees.length * DAYS, (k) => {
    const i = k % employees.length;
    return {
      employee_id: employees[i],
      organization_id: orgs[orgIndex(i)],
      organization_unit_id: units[orgIndex(i)],
      date: dayAfter('2025-01-01', Math.floor(k / employees.length)),
      status: 'present',
      worked_minutes: 480,
      flags: '[]',
      created_at: NOW,
      updated_at: NOW,
    };
  });
  const leaveTypes: number[] = [];
  for (const org of orgs) {
    const [id] = await db('leave_types').insert({
      organization_id: org,
      code: 'CL',
      name: 'Casual',
      created_at: NOW,
      updated_at: NOW,
    });
    leaveTypes.push(Number(id));
  }
  const per = 10;
  await fill(db, 'shift_assignments', employees.length * per, (k) => ({
    employee_id: employees[k % employees.length],
    organization_unit_id: units[orgIndex(k % employees.length)],
    assigned_for: dayAfter('2025-01-01', Math.floor(k / employees.length)),
  }));
  await fill(db, 'leave_requests', employees.length * per, (k) => ({
    employee_id: employees[k % employees.length],
    leave_type_id: leaveTypes[orgIndex(k % employees.length)],
    from_date: dayAfter('2025-01-01', per - Math.floor(k / employees.length)),
    to_date: dayAfter('2025-01-01', per - Math.floor(k / employees.length)),
    decision_trail: '[]',
  }));
  await fill(db, 'regularization_requests', employees.length * per, (k) => ({
    employee_id: employees[k % employees.length],
    from_date: dayAfter('2025-01-01', per - Math.floor(k / employees.length)),
    to_date: dayAfter('2025-01-01', per - Math.floor(k / employees.length)),
    reason: 'forgot',
    decision_trail: '[]',
  }));
  await fill(db, 'devices', employees.length * 3, (k) => ({
    employee_id: employees[k % employees.length],
    fingerprint: `fp-${k}`,
    status: k % 2 ? 'approved' : 'pending',
  }));
  await fill(db, 'audit_entries', 20_000, (k) => ({
    event: ['employee.offboarded', 'attendance.lock', 'organization_unit.retired'][k % 3],
    subject_type: 'employee',
    subject_id: employees[k % employees.length],
    organization_id: k % 10 === 9 ? null : orgs[k % 3],
    context: '{}',
    created_at: NOW,
  }));

  const systemAdmin = await createUser(db, { grants: [{ role: 'system_admin', organizationId: null }] });
  const orgAdmin = await createUser(db, {
    grants: [
      { role: 'org_admin', organizationId: a.id },
      { role: 'org_admin', organizationId: b.id },
    ],
  });
  const hr = await createUser(db, { grants: [{ role: 'hr', organizationId: a.id }] });
  const manager = await createUser(db, { grants: [{ role: 'shift_manager', organizationId: a.id }] });
  const employee = await createUser(db, { grants: [{ role: 'employee', organizationId: a.id }] });
  await db('employees').where('id', employees[0]).update({ user_id: employee.id });
  await db('employees').where('id', employees[450]).update({ user_id: orgAdmin.id });
  const ownRow = await db('attendance')
    .where({ employee_id: employees[450], date: '2025-01-01' })
    .first('id');

  // February 2025 of A is locked, so the partner's pull and hr's export have a month to read.
  const [lockId] = await db('attendance_locks').insert({
    organization_id: a.id,
    month: '2025-02',
    scope_key: 'org',
    locked_by: systemAdmin.id,
    created_at: NOW,
  });
  await db('attendance')
    .where('organization_id', a.id)
    .whereBetween('date', ['2025-02-01', '2025-02-28'])
    .update({ locked_at: NOW, lock_id: lockId });
  const [partnerId] = await db('partners').insert({
    name: 'plan-partner',
    kind: 'payroll',
    push_url: 'https://plan-partner.example.test/hooks',
    outbound_token: 'outbound',
    signing_secret: 'whsec_plan',
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  });
  await db('partner_organizations').insert([
    { partner_id: partnerId, organization_id: a.id },
    { partner_id: partnerId, organization_id: b.id },
  ]);
  const secret = 'plan-partner-secret-abcdefghijklmnopqrstuvwxyz';
  const [partnerTokenId] = await db('partner_tokens').insert({
    partner_id: partnerId,
    token_hash: sha256Hex(secret),
    created_at: NOW,
  });

  const large = new Set([
    'employees',
    'employee_deployments',
    'attendance',
    'shift_assignments',
    'leave_requests',
    'regularization_requests',
    'devices',
    'audit_entries',
  ]);
  await refreshStatistics(db, [...large]);
  const services = app.services;
  return {
    orgs: { a: a.id, b: b.id, c: c.id },
    unitA: units[0],
    employeeA: employees[5],
    orgAdminOwnEmployee: employees[450],
    orgAdminOwnEmployeeRow: Number(ownRow.id),
    ownEmployee: employees[0],
    ownCode: 'PE0',
    tokens: {
      systemAdmin: await tokenFor(services, systemAdmin.id),
      orgAdmin: await tokenFor(services, orgAdmin.id),
      hr: await tokenFor(services, hr.id),
      manager: await tokenFor(services, manager.id),
      employee: await tokenFor(services, employee.id),
      partner: `pt_${partnerTokenId}|${secret}`,
    },
    large,
  };
}

export interface ClinicWorld {
  tenant: number;
  pharmacy: number;
  vet: number;
  pet: number;
  patient: number;
  tokens: Record<'admin' | 'vet' | 'pharmacist' | 'owner' | 'caregiver', string>;
  large: Set<string>;
}

async function clinicUser(db: Knex, email: string): Promise<number> {
  const [id] = await db('clinic_users').insert({
    name: email,
    email,
    password_hash: 'x',
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

export async function clinicWorld(app: TestApp): Promise<ClinicWorld> {
  const db = app.testDb.db;
  const firstTenant = await maxId(db, 'tenants');
  // Tenant 0 is the clinic under test, tenant 1 a pharmacy; the rest fill the public directory.
  await fill(db, 'tenants', 2_000, (i) => ({
    name: `Provider ${String(i).padStart(4, '0')}`,
    slug: `plan-${i}`,
    email: `plan-${i}@example.test`,
    business_type: i === 1 ? 'pharmacy' : ['clinic', 'groomer', 'trainer', 'pharmacy'][i % 4],
    city: `City ${i % 50}`,
    latitude: 12 + (i % 100) / 100,
    longitude: 77 + (i % 97) / 100,
    public: true,
    created_at: NOW,
    updated_at: NOW,
  }));
  const tenants = await idsFrom(db, 'tenants', firstTenant);
  const [tenant, pharmacy] = tenants;

  const admin = await clinicUser(db, 'plan-admin@example.test');
  const vet = await clinicUser(db, 'plan-vet@example.test');
  const pharmacist = await clinicUser(db, 'plan-pharmacist@example.test');
  const owner = await clinicUser(db, 'plan-owner@example.test');
  const caregiver = await clinicUser(db, 'plan-caregiver@example.test');
  await db('tenant_memberships').insert([
    { tenant_id: tenant, user_id: admin, role: 'tenant_admin', created_at: NOW },
    { tenant_id: tenant, user_id: vet, role: 'veterinarian', created_at: NOW },
    { tenant_id: pharmacy, user_id: pharmacist, role: 'pharmacy', created_at: NOW },
  ]);

  const firstUser = await maxId(db, 'clinic_users');
  await fill(db, 'clinic_users', 20_000, (i) => ({
    name: `Owner ${i}`,
    email: `plan-owner-${i}@example.test`,
    password_hash: 'x',
    created_at: NOW,
    updated_at: NOW,
  }));
  const users = await idsFrom(db, 'clinic_users', firstUser);
  // 5,000 staff of the clinic under test.
  await fill(db, 'tenant_memberships', 5_000, (i) => ({
    tenant_id: tenant,
    user_id: users[i],
    role: 'receptionist',
    created_at: NOW,
  }));
  // Clients: half in the clinic, a quarter at the pharmacy, the rest spread over the directory.
  const clientTenant = (i: number) =>
    i < 10_000 ? tenant : i < 15_000 ? pharmacy : tenants[2 + (i % 1_998)];
  const firstClient = await maxId(db, 'clinic_clients');
  await fill(db, 'clinic_clients', 20_000, (i) => ({
    tenant_id: clientTenant(i),
    owner_user_id: users[i],
    name: `Client ${String((i * 7919) % 20_000).padStart(5, '0')}`,
    created_at: NOW,
    updated_at: NOW,
  }));
  const clients = await idsFrom(db, 'clinic_clients', firstClient);
  // The owner under test: a client at the clinic and at the pharmacy, 20 pets.
  const [ownClinic] = await db('clinic_clients').insert({
    tenant_id: tenant,
    owner_user_id: owner,
    name: 'Plan Owner',
    created_at: NOW,
    updated_at: NOW,
  });
  const [ownPharmacy] = await db('clinic_clients').insert({
    tenant_id: pharmacy,
    owner_user_id: owner,
    name: 'Plan Owner',
    created_at: NOW,
    updated_at: NOW,
  });
  const firstPet = await maxId(db, 'pets');
  await fill(db, 'pets', 30_000, (i) => ({
    tenant_id: clientTenant(i % 20_000),
    client_id: clients[i % 20_000],
    name: `Pet ${i}`,
    species: 'dog',
    created_at: NOW,
    updated_at: NOW,
  }));
  const pets = await idsFrom(db, 'pets', firstPet);
  const petTenant = (k: number) => clientTenant(k % 20_000);
  const firstOwnPet = await maxId(db, 'pets');
  await fill(db, 'pets', 20, (i) => ({
    tenant_id: i < 15 ? tenant : pharmacy,
    client_id: i < 15 ? Number(ownClinic) : Number(ownPharmacy),
    name: `Own pet ${i}`,
    species: 'cat',
    created_at: NOW,
    updated_at: NOW,
  }));
  const ownPets = await idsFrom(db, 'pets', firstOwnPet);
  const pet = ownPets[0];

  // Big tables: mostly other people's rows, some the owner's.
  const mine = (k: number) => k % 500 === 0;
  const petOf = (k: number) => (mine(k) ? ownPets[k % 15] : pets[k % pets.length]);
  const tenantOfPet = (k: number) => (mine(k) ? tenant : petTenant(k % pets.length));
  const clientOfPet = (k: number) => (mine(k) ? Number(ownClinic) : clients[(k % pets.length) % 20_000]);
  await fill(db, 'appointments', 40_000, (k) => ({
    tenant_id: tenantOfPet(k),
    pet_id: petOf(k),
    client_id: clientOfPet(k),
    status: 'scheduled',
    scheduled_at: `${dayAfter('2025-06-01', k % 400)} 10:00:00.000`,
    // As every writer does (the column is nullable only for the rows its migration backfilled).
    duration_minutes: 30,
    ends_at: `${dayAfter('2025-06-01', k % 400)} 10:30:00.000`,
    veterinarian_user_id: tenantOfPet(k) === tenant && k % 3 === 0 ? vet : null,
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'invoices', 30_000, (k) => ({
    tenant_id: tenantOfPet(k),
    client_id: clientOfPet(k),
    pet_id: petOf(k),
    status: ['unpaid', 'partial', 'paid'][k % 3],
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'order_requests', 20_000, (k) => ({
    pet_id: petOf(k),
    requester_user_id: mine(k) ? owner : users[k % users.length],
    target_tenant_id: k % 2 ? pharmacy : tenants[3 + (k % 499) * 4], // pharmacies of the directory
    kind: 'custom',
    delivery_preference: 'pickup',
    status: ['pending', 'accepted', 'fulfilled', 'rejected'][k % 4],
    created_at: NOW,
    updated_at: NOW,
  }));
  const everyPet = (k: number) => (k % 100 === 0 ? pet : pets[k % pets.length]);
  await fill(db, 'pet_health_logs', 20_000, (k) => ({
    pet_id: everyPet(k),
    logged_at: `${dayAfter('2025-01-01', k % 300)} 08:00:00.000`,
    logged_by_user_id: owner,
    source: 'owner',
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'pet_vaccinations', 20_000, (k) => ({
    pet_id: everyPet(k),
    name: 'Rabies',
    administered_at: dayAfter('2024-01-01', k % 700),
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'pet_documents', 10_000, (k) => ({
    pet_id: everyPet(k),
    uploaded_by_user_id: owner,
    category: ['receipt', 'lab_report', 'xray'][k % 3],
    original_name: 'scan.pdf',
    extension: 'pdf',
    mime_type: 'application/pdf',
    size_bytes: 10,
    storage_name: `plan-doc-${k}`,
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'prescriptions', 10_000, (k) => ({
    tenant_id: k % 100 === 0 ? tenant : petTenant(k % pets.length),
    pet_id: everyPet(k),
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'pet_caregivers', 10_000, (k) => ({
    pet_id: k % 200 === 0 ? ownPets[k % 15] : pets[k % pets.length],
    invited_by_user_id: owner,
    invited_email: `cg-${k}@example.test`,
    access_level: 'view',
    token_hash: sha256Hex(`cg-${k}`),
    caregiver_user_id: k % 200 === 0 ? caregiver : users[k % users.length],
    expires_at: '2030-01-01 00:00:00.000',
    accepted_at: NOW,
    created_at: NOW,
    updated_at: NOW,
  }));
  await fill(db, 'pet_shares', 10_000, (k) => ({
    pet_id: k % 200 === 0 ? ownPets[k % 15] : pets[k % pets.length],
    owner_user_id: k % 200 === 0 ? owner : users[k % users.length],
    code: `S${String(k).padStart(7, '0')}`,
    expires_at: `${dayAfter('2025-12-01', k % 120)} 00:00:00.000`,
    created_at: NOW,
    updated_at: NOW,
  }));

  const large = new Set([
    'tenants',
    'clinic_users',
    'tenant_memberships',
    'clinic_clients',
    'pets',
    'appointments',
    'invoices',
    'order_requests',
    'pet_health_logs',
    'pet_vaccinations',
    'pet_documents',
    'prescriptions',
    'pet_caregivers',
    'pet_shares',
  ]);
  await refreshStatistics(db, [...large]);
  const token = async (userId: number) => (await issueToken(db, app.clock, userId, 30)).token;
  return {
    tenant,
    pharmacy,
    vet,
    pet,
    patient: pet,
    tokens: {
      admin: await token(admin),
      vet: await token(vet),
      pharmacist: await token(pharmacist),
      owner: await token(owner),
      caregiver: await token(caregiver),
    },
    large,
  };
}
