// The one world the authorization matrix runs against (one per dialect): organizations A and B with
// a user of every workforce role, a partner of A and a mobile token without an approved device;
// clinics A and B, a pharmacy P and a shop R with a member of every role, an owner of pet X in A and
// two caregivers of X; and one record of every kind the routes name, all in organization A / pet X.
// Rows are written straight to the database where an API call would add nothing to the matrix.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootApp, type TestApp } from '../helpers/app.js';
import type { Dialect } from '../helpers/db.js';
import {
  createDevice,
  createEmployee,
  createOrg,
  createUnit,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../helpers/workforce.js';
import { createPartner, lockFixture, partnerToken } from '../workforce/partners/fixtures.js';
import { createFinancialYear } from '../workforce/financial-years/fixtures.js';
import { addStaff, PASSWORD, registerOwner, signup } from '../clinic/fixtures.js';
import { optOutKey, optOutToken } from '../../src/clinic/reminders/token.js';
import { grantCaregiver, insertPet } from '../clinic/owner-health/fixtures.js';
import { png } from '../clinic/pet-photos/images.js';
import { toDbTime } from '../../src/db/time.js';
import { GATEWAY_ENV } from '../clinic/records/fixtures.js';

/** The payment gateway the world's clinic talks to (answered by nock in the test). */
export const GATEWAY_HOST = `https://gw-authz-${process.pid}.example.test`;

export const ENV = {
  ...GATEWAY_ENV,
  GATEWAY_API_URL: `${GATEWAY_HOST}/v1`,
  // Every caller logs in and signs up from one IP: the limits have their own tests.
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  TENANT_SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
  EXPORT_RATE_LIMIT_PER_HOUR: '100000',
  INGESTION_RATE_LIMIT_PER_MINUTE: '100000',
};

export interface World {
  app: TestApp;
  /** Bearer token by caller key (none for anonymous). */
  tokens: Record<string, string>;
  /** Extra headers by caller key (the mobile caller sends its unapproved device's fingerprint). */
  headers: Record<string, Record<string, string>>;
  /** Clinic user id by caller key. */
  clinicUserIds: Record<string, number>;
  /** Clinic tenant id by letter. */
  tenants: Record<'A' | 'B' | 'P' | 'R', number>;
  ids: Record<string, number | string>;
  /** Credentials that log in on each listener (the login routes are public: everyone may try). */
  logins: { workforce: { email: string; password: string }; clinic: { email: string; password: string } };
  /** Makes a fresh token for a caller (logout revokes the one it is sent with). */
  freshToken(caller: string): Promise<string>;
  photo: Buffer;
  close(): Promise<void>;
}

export async function buildWorld(dialect: Dialect): Promise<World> {
  const storage = mkdtempSync(join(tmpdir(), 'wfctl-authz-'));
  const app = await bootApp(dialect, { env: { ...ENV, STORAGE_DIR: storage } });
  app.clock.set('2026-03-10T10:00:00.000Z');
  const { db } = app.services;
  const services = app.services;

  // Workforce.
  const orgA = await createOrg(db);
  const orgB = await createOrg(db);
  const unitA1 = await createUnit(db, orgA.id);
  const unitA2 = await createUnit(db, orgA.id);
  await createUnit(db, orgB.id);
  const user = (role: any, org: number | null) => createUser(db, { grants: [{ role, organizationId: org }] });
  const wfUsers = {
    system_admin: await user('system_admin', null),
    org_admin: await user('org_admin', orgA.id),
    hr: await user('hr', orgA.id),
    manager: await user('shift_manager', orgA.id),
    employee: await user('employee', orgA.id),
    other_org_admin: await user('org_admin', orgB.id),
    mobile_no_device: await user('employee', orgA.id),
  };
  const e1 = await createEmployee(db, {
    organizationId: orgA.id,
    unitId: unitA1.id,
    userId: wfUsers.employee.id,
  });
  const e2 = await createEmployee(db, { organizationId: orgA.id, unitId: unitA2.id });
  const e3 = await createEmployee(db, {
    organizationId: orgA.id,
    unitId: unitA1.id,
    userId: wfUsers.mobile_no_device.id,
  });
  await createDevice(db, e3.id, 'fp-pending', 'pending');
  const deviceId = await createDevice(db, e2.id, 'fp-e2', 'pending');
  const fy = await createFinancialYear(db, orgA.id);
  const deployment = await db('employee_deployments').where({ employee_id: e2.id }).first('id');
  const lockId = await lockFixture(db, { organizationId: orgA.id, month: '2026-01' });
  // A pending correction request for a day of the locked month (issue 28), for approve and reject.
  const [correctionRequest] = await db('attendance_correction_requests').insert({
    organization_id: orgA.id,
    employee_id: e2.id,
    date: '2026-01-15',
    month: '2026-01',
    proposed_check_in: '2026-01-15 09:00:00.000',
    reason: 'matrix',
    status: 'pending',
    requested_by: wfUsers.manager.id,
    created_at: '2026-03-10 10:00:00.000',
    updated_at: '2026-03-10 10:00:00.000',
  });
  const partner = await createPartner(db, { organizationIds: [orgA.id] });
  const wfToken = (id: number) => tokenFor(services, id);
  const tokens: Record<string, string> = {};
  for (const [key, u] of Object.entries(wfUsers)) {
    tokens[key] =
      key === 'mobile_no_device'
        ? await tokenFor(services, u.id, { clientKind: 'mobile', fingerprint: 'fp-pending' })
        : await wfToken(u.id);
  }
  tokens.partner = await partnerToken(db, partner.id);
  const headers: Record<string, Record<string, string>> = {
    mobile_no_device: { 'X-Device-Fingerprint': 'fp-pending' },
  };

  // Clinic.
  const A = await signup(app);
  const B = await signup(app);
  const P = await signup(app, { business_type: 'pharmacy' });
  const R = await signup(app, { business_type: 'retail' });
  const vet = await addStaff(app, A, 'veterinarian');
  const desk = await addStaff(app, A, 'receptionist');
  const pharmacist = await addStaff(app, P, 'pharmacy');
  const counter = await addStaff(app, R, 'retail_counter');
  const owner = await registerOwner(app, A.tenant.id);
  const full = await registerOwner(app, A.tenant.id);
  const view = await registerOwner(app, A.tenant.id);
  const petX = await insertPet(app, owner);
  await grantCaregiver(app, petX, owner.userId, full.userId, 'full');
  await grantCaregiver(app, petX, owner.userId, view.userId, 'view');
  const clinicAccounts: Record<string, { token: string; userId: number; email: string }> = {
    tenant_admin: { token: A.token, userId: A.user.id, email: A.email },
    veterinarian: vet,
    receptionist: desk,
    pharmacy: pharmacist,
    retail_counter: counter,
    other_tenant_admin: { token: B.token, userId: B.user.id, email: B.email },
    owner,
    caregiver_full: full,
    caregiver_view: view,
  };
  const clinicUserIds: Record<string, number> = {};
  for (const [key, a] of Object.entries(clinicAccounts)) {
    tokens[key] = a.token;
    clinicUserIds[key] = a.userId;
  }

  const asAdmin = { token: A.token };
  const t = `/api/v1/tenant/${A.tenant.id}`;
  const ok = <R extends { status: number; text: string }>(what: string, res: R): R => {
    if (res.status >= 300) throw new Error(`world: ${what}: ${res.status} ${res.text}`);
    return res;
  };
  const appointment = ok(
    'appointment',
    await app.clinic.post(
      `${t}/appointments`,
      { pet_id: petX, scheduled_at: '2026-03-20T10:00:00Z' },
      asAdmin,
    ),
  ).body.data;
  const invoice = ok(
    'invoice',
    await app.clinic.post(`${t}/invoices`, { client_id: owner.clientId, pet_id: petX, total: 500 }, asAdmin),
  ).body.data;
  const share = ok(
    'share',
    await app.clinic.post('/api/v1/owner/me/shares', { pet_id: petX }, { token: owner.token }),
  ).body.data;
  const caregiver = await db('pet_caregivers').where({ pet_id: petX }).first('id');
  const prescription = ok(
    'prescription',
    await app.clinic.post(`${t}/patients/${petX}/prescriptions`, { items: [{ name: 'Drops' }] }, asAdmin),
  ).body.data;
  const order = ok(
    'order',
    await app.clinic.post(
      `/api/v1/owner/me/pets/${petX}/orders`,
      { target_tenant_id: P.tenant.id, kind: 'custom', item_summary: 'Food', delivery_preference: 'pickup' },
      { token: owner.token },
    ),
  ).body.data;
  const profile = ok(
    'public profile',
    await app.clinic.post(`/api/v1/owner/me/pets/${petX}/public-profile`, {}, { token: owner.token }),
  ).body.data;
  const photo = await png(64, 64);

  const world: World = {
    app,
    tokens,
    headers,
    clinicUserIds,
    tenants: { A: A.tenant.id, B: B.tenant.id, P: P.tenant.id, R: R.tenant.id },
    ids: {
      orgA: orgA.id,
      unitA1: unitA1.id,
      unitA2: unitA2.id,
      employee: e2.id,
      employeeCode: e1.code,
      device: deviceId,
      fy: fy.id,
      deployment: Number(deployment.id),
      lock: lockId,
      correctionRequest: Number(correctionRequest),
      ownerClient: owner.clientId,
      pet: petX,
      appointment: appointment.id,
      invoice: invoice.id,
      share: share.id,
      shareCode: share.code,
      caregiver: Number(caregiver.id),
      prescription: prescription.id,
      order: order.id,
      slug: profile.slug,
    },
    async freshToken(caller) {
      if (caller in wfUsers) {
        const u = wfUsers[caller as keyof typeof wfUsers];
        return caller === 'mobile_no_device'
          ? tokenFor(services, u.id, { clientKind: 'mobile', fingerprint: 'fp-pending' })
          : wfToken(u.id);
      }
      if (caller === 'partner') return partnerToken(db, partner.id);
      const account = clinicAccounts[caller];
      const res = await app.clinic.post('/api/v1/auth/login', {
        email: account.email,
        password: PASSWORD,
      });
      return res.body.token;
    },
    logins: {
      workforce: { email: wfUsers.hr.email, password: TEST_PASSWORD },
      clinic: { email: desk.email, password: PASSWORD },
    },
    photo,
    async close() {
      await app.close();
      rmSync(storage, { recursive: true, force: true });
    },
  };
  return world;
}

/** A health-log entry of the owner on pet X (a fresh one for each delete). */
export async function ownerHealthLog(w: World): Promise<number> {
  const res = await w.app.clinic.post(
    `/api/v1/owner/me/pets/${w.ids.pet}/health-logs`,
    { appetite: 'normal' },
    { token: w.tokens.owner },
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`health log: ${res.status} ${res.text}`);
  return res.body.data.id;
}

/** A document of pet X uploaded by its owner (a fresh one for each delete). */
export async function ownerDocument(w: World): Promise<number> {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'a.pdf');
  const res = await fetch(`${w.app.clinic.baseUrl}/api/v1/owner/me/pets/${w.ids.pet}/documents`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${w.tokens.owner}` },
  });
  const body: any = await res.json();
  if (res.status !== 201) throw new Error(`document: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

/** A staff member of clinic A to remove (a fresh one for each removal). */
let temps = 0;
export async function memberOfA(w: World): Promise<number> {
  const now = toDbTime(w.app.clock.now());
  const [id] = await w.app.services.db('clinic_users').insert({
    name: 'Temp',
    email: `temp-${++temps}@example.test`,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  });
  await w.app.services
    .db('tenant_memberships')
    .insert({ tenant_id: w.tenants.A, user_id: id, role: 'receptionist', created_at: now });
  return Number(id);
}

/** A fresh, active share code of pet X (the share routes revoke the world's own). */
export async function freshShareCode(w: World): Promise<string> {
  const res = await w.app.clinic.post(
    '/api/v1/owner/me/shares',
    { pet_id: w.ids.pet },
    { token: w.tokens.owner },
  );
  if (res.status !== 201) throw new Error(`share: ${res.status} ${res.text}`);
  return res.body.data.code;
}

/** A fresh pending caregiver invite on pet X (revoking the world's grants would change later cells). */
export async function freshInvite(w: World): Promise<number> {
  const res = await w.app.clinic.post(
    `/api/v1/owner/me/pets/${w.ids.pet}/caregivers`,
    { invited_email: `invite-${++temps}@example.test`, access_level: 'view' },
    { token: w.tokens.owner },
  );
  if (res.status >= 300) throw new Error(`invite: ${res.status} ${res.text}`);
  return res.body.data.id;
}

/** The signed download link of one of pet X's documents (path and query, as the API hands it out). */
export async function signedDocumentLink(w: World): Promise<string> {
  w.ids.document ??= await ownerDocument(w);
  const res = await w.app.clinic.get(`/api/v1/owner/me/pets/${w.ids.pet}/documents/${w.ids.document}`, {
    token: w.tokens.owner,
  });
  return local(res.body.data.download_url);
}

/** Pet X with a photo (the photo routes remove it); its signed link, as the pet resource hands it out. */
export async function photoLink(w: World): Promise<string> {
  const form = new FormData();
  form.set('photo', new Blob([w.photo], { type: 'image/png' }), 'p.png');
  const res = await fetch(`${w.app.clinic.baseUrl}/api/v1/owner/me/pets/${w.ids.pet}/photo`, {
    method: 'PUT',
    body: form,
    headers: { Authorization: `Bearer ${w.tokens.owner}` },
  });
  const body: any = await res.json();
  if (res.status !== 200) throw new Error(`photo: ${res.status} ${JSON.stringify(body)}`);
  const url = body.data.photo_url;
  return local(url);
}

const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** A fresh pending order of pet X to the pharmacy; `accepted` has its pharmacist accept it first. */
export async function freshOrder(w: World, accepted = false): Promise<number> {
  const res = await w.app.clinic.post(
    `/api/v1/owner/me/pets/${w.ids.pet}/orders`,
    { target_tenant_id: w.tenants.P, kind: 'custom', item_summary: 'Food', delivery_preference: 'pickup' },
    { token: w.tokens.owner },
  );
  if (res.status !== 201) throw new Error(`order: ${res.status} ${res.text}`);
  const id = res.body.data.id;
  if (accepted) {
    const ok = await w.app.clinic.post(`/api/v1/tenant/${w.tenants.P}/orders/${id}/accept`, undefined, {
      token: w.tokens.pharmacy,
    });
    if (ok.status !== 200) throw new Error(`accept: ${ok.status} ${ok.text}`);
  }
  return id;
}

/** The signed opt-out token of a reminder to pet X's owner from clinic A, as the reminder mail carries it. */
export async function optOutLink(w: World): Promise<string> {
  const services = w.app.services;
  const owner = await services
    .db('pets')
    .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
    .where('pets.id', w.ids.pet)
    .first('clinic_clients.owner_user_id');
  return optOutToken(await optOutKey(services), w.tenants.A, Number(owner.owner_user_id));
}
