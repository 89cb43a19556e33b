// The authorization matrix (issue 16): every route of both listeners × every kind of caller → the
// status the caller must get, derived from the route tables (access, permission rule) and the role
// tables (src/workforce/identity/permissions.ts, src/clinic/identity/roles.ts). The few facts a
// route cannot tell (which owner-portal records a caregiver may touch, what a public route answers
// to the request the matrix sends) are in NOTES below, each with why.
// test/http/authorization-matrix.test.ts sends every cell to the real HTTP app on both databases;
// scripts/authorization.ts prints the same rows as docs/authorization.md.
import type { Route } from '../src/core/routes.js';
import { clinicRoutes } from '../src/clinic/routes.js';
import { roleHas as clinicRoleHas } from '../src/clinic/identity/roles.js';
import { workforceRoutes } from '../src/workforce/routes.js';
import { ROLE_PERMISSIONS, type Permission, type Role } from '../src/workforce/identity/permissions.js';

export type Listener = 'workforce' | 'clinic';

/**
 * What a cell expects: a refusal status, or `ok` — authorization passed, so the answer is the route's
 * own (2xx, or a rule of the operation such as 409 ALREADY_LOCKED or 422): anything but 401, 403,
 * 404, 423 and 5xx.
 */
export type Expect = 'ok' | 401 | 403 | 404 | 422 | 423;

export interface Caller {
  key: string;
  label: string;
  /** The listener whose token the caller holds (none for anonymous); elsewhere it is a stranger's token. */
  listener: Listener | null;
  /** Workforce: the role held, in organization A unless `otherOrg`; system_admin is global. */
  workforceRole?: Role;
  /** The role is held in organization B, which owns none of the records the matrix touches. */
  otherOrg?: boolean;
  /** A mobile token whose device is not approved: every bearer route is a 423 before anything else. */
  mobileWithoutDevice?: boolean;
  partner?: boolean;
  /** Clinic: the tenant (A: a clinic; P: a pharmacy; R: a retail shop; B: another clinic) and role. */
  tenant?: 'A' | 'P' | 'R' | 'B';
  clinicRole?: string;
  /** Owner-portal standing towards pet X (a pet of clinic A): its owner, or a caregiver of a level. */
  petStanding?: 'owner' | 'full' | 'view';
}

export const CALLERS: Caller[] = [
  { key: 'anonymous', label: 'anonymous', listener: null },
  { key: 'system_admin', label: 'system admin', listener: 'workforce', workforceRole: 'system_admin' },
  { key: 'org_admin', label: 'org_admin', listener: 'workforce', workforceRole: 'org_admin' },
  { key: 'hr', label: 'hr', listener: 'workforce', workforceRole: 'hr' },
  { key: 'manager', label: 'manager (shift_manager)', listener: 'workforce', workforceRole: 'shift_manager' },
  { key: 'employee', label: 'employee', listener: 'workforce', workforceRole: 'employee' },
  {
    key: 'other_org_admin',
    label: "another organization's admin",
    listener: 'workforce',
    workforceRole: 'org_admin',
    otherOrg: true,
  },
  { key: 'partner', label: 'partner token', listener: 'workforce', partner: true },
  {
    key: 'mobile_no_device',
    label: 'mobile token, device not approved',
    listener: 'workforce',
    workforceRole: 'employee',
    mobileWithoutDevice: true,
  },
  { key: 'tenant_admin', label: 'tenant_admin', listener: 'clinic', tenant: 'A', clinicRole: 'tenant_admin' },
  { key: 'veterinarian', label: 'veterinarian', listener: 'clinic', tenant: 'A', clinicRole: 'veterinarian' },
  { key: 'receptionist', label: 'receptionist', listener: 'clinic', tenant: 'A', clinicRole: 'receptionist' },
  {
    key: 'pharmacy',
    label: 'pharmacy (of a pharmacy)',
    listener: 'clinic',
    tenant: 'P',
    clinicRole: 'pharmacy',
  },
  {
    key: 'retail_counter',
    label: 'retail_counter (of a shop)',
    listener: 'clinic',
    tenant: 'R',
    clinicRole: 'retail_counter',
  },
  {
    key: 'other_tenant_admin',
    label: "another tenant's admin",
    listener: 'clinic',
    tenant: 'B',
    clinicRole: 'tenant_admin',
  },
  { key: 'owner', label: 'pet owner', listener: 'clinic', petStanding: 'owner' },
  { key: 'caregiver_full', label: 'caregiver, full', listener: 'clinic', petStanding: 'full' },
  { key: 'caregiver_view', label: 'caregiver, view', listener: 'clinic', petStanding: 'view' },
];

/** What the route table cannot tell about a route; keyed `listener METHOD path`. */
export interface Note {
  /** Why this note exists. */
  why: string;
  /**
   * An owner-portal route acting on a record of pet X: the least standing that may (the operation
   * checks it with petForCaller, or the record's author/requester); anyone less gets 404.
   */
  standing?: 'owner' | 'full' | 'view';
  /** What a caller below `standing` gets instead of 404 (a body field naming the record: a 422). */
  below?: 422;
  /** The tenant in the path: A (a clinic) by default, P for the pharmacy's order queue. */
  tenant?: 'A' | 'P';
  /** Cells the rules cannot derive, by caller key (the rest follow the rules). */
  cells?: Record<string, Expect>;
  /** Every signed-in caller of this listener gets this (e.g. an invitation they do not have). */
  signedIn?: Expect;
  /** A public route whose own check (a signature, a signed link) refuses the matrix's request alike for all. */
  everyone?: Expect;
}

const OWNER_ONLY = 'the operation admits only the pet’s primary owner (petForCaller "owner"); others 404';
const FULL = 'the owner or a full-access caregiver (petForCaller "full"); others 404';
const VIEW = 'the owner or any active caregiver (petForCaller "view"); others 404';

const OWN_EMPLOYEE = {
  cells: { employee: 403 as const },
  why: 'organization.view lets any member of the organization in, but a plain employee reads only their own employee record (403 inside the organization); the matrix names another employee',
};

const FOREIGN_BODY = {
  cells: { other_tenant_admin: 422 as const },
  why: 'another tenant’s admin, in their own tenant, names clinic A’s client or patient in the body: the 422 naming the field, the same as for one that does not exist',
};

export const NOTES: Record<string, Note> = {
  'clinic POST /api/v1/tenant/:tenant/pets': FOREIGN_BODY,
  'clinic POST /api/v1/tenant/:tenant/patients/onboard': FOREIGN_BODY,
  'clinic POST /api/v1/tenant/:tenant/appointments': FOREIGN_BODY,
  'clinic POST /api/v1/tenant/:tenant/invoices': FOREIGN_BODY,
  'workforce GET /api/v1/employees/:id': OWN_EMPLOYEE,
  'workforce GET /api/v1/employees/:id/shift-assignments': OWN_EMPLOYEE,
  'workforce GET /api/v1/employees/:id/leaves': OWN_EMPLOYEE,
  'workforce GET /api/v1/employees/:id/regularizations': OWN_EMPLOYEE,
  'workforce GET /api/v1/employees/:id/devices': OWN_EMPLOYEE,
  'workforce GET /api/v1/deployments/:id': {
    ...OWN_EMPLOYEE,
    why: 'organization.view, but a plain employee reads only their own deployments (403 inside the organization); the matrix names another employee’s',
  },
  'workforce GET /api/v1/attendances': {
    cells: { employee: 'ok' },
    why: 'records.view is a staff rule, but the list shows a plain employee their own rows of the organization instead of refusing',
  },
  'workforce POST /api/v1/attendance/punches': {
    why: 'a user records their own punch; an account without an employee record is refused by a rule, not authorization',
  },
  'clinic POST /api/v1/me/invitations/:tenant/accept': {
    signedIn: 404,
    why: 'acts on the caller’s own pending invitation to the tenant; none of the callers has one, so 404',
  },
  'clinic POST /api/v1/me/invitations/:tenant/decline': {
    signedIn: 404,
    why: 'acts on the caller’s own pending invitation to the tenant; none of the callers has one, so 404',
  },
  'clinic POST /api/v1/caregivers/accept': {
    signedIn: 404,
    why: 'the invite token is the authorization: the matrix sends an unknown token, a 404 for everyone signed in',
  },
  'clinic GET /api/v1/owner/me/clients/:client': {
    standing: 'owner',
    why: 'the owner’s own Client row; others 404',
  },
  'clinic PATCH /api/v1/owner/me/pets/:pet': { standing: 'owner', why: OWNER_ONLY },
  'clinic POST /api/v1/owner/me/invoices/:invoice/gateway/order': {
    standing: 'owner',
    why: 'the owner’s invoice (through their Client row); others 404',
  },
  'clinic POST /api/v1/owner/me/invoices/:invoice/gateway/verify': {
    standing: 'owner',
    why: 'the owner’s invoice (through their Client row); others 404',
  },
  'clinic GET /api/v1/owner/me/pets/:pet/vaccinations': { standing: 'view', why: VIEW },
  'clinic GET /api/v1/owner/me/pets/:pet/reminders': { standing: 'view', why: VIEW },
  'clinic POST /api/v1/owner/me/pets/:pet/vaccinations': { standing: 'full', why: FULL },
  'clinic GET /api/v1/owner/me/pets/:pet/health-logs': { standing: 'view', why: VIEW },
  'clinic POST /api/v1/owner/me/pets/:pet/health-logs': { standing: 'full', why: FULL },
  'clinic DELETE /api/v1/owner/me/pets/:pet/health-logs/:healthLog': {
    standing: 'owner',
    why: 'the entry’s author only (the contract: 404 when written by another user); the matrix’s entries are the owner’s',
  },
  'clinic POST /api/v1/owner/me/shares': {
    standing: 'owner',
    below: 422,
    why: 'pet_id is a body field that must name a pet the caller owns (the contract: "owned"): anyone else gets the 422 naming it, the same answer as for a pet that does not exist',
  },
  'clinic POST /api/v1/webhooks/gateway': {
    everyone: 401,
    why: 'public, authenticated by X-Gateway-Signature alone: the matrix sends none, a 401 whoever calls',
  },
  'clinic POST /api/v1/owner/me/shares/:share/revoke': {
    standing: 'owner',
    why: 'the owner’s share; others 404',
  },
  'clinic POST /api/v1/shares/redeem': {
    why: 'tenant.member of the tenant_id in the body, which the matrix sets to clinic A',
  },
  'clinic POST /api/v1/owner/me/pets/:pet/public-profile': { standing: 'owner', why: OWNER_ONLY },
  'clinic DELETE /api/v1/owner/me/pets/:pet/public-profile': { standing: 'owner', why: OWNER_ONLY },
  'clinic POST /api/v1/owner/me/pets/:pet/public-profile/lost': { standing: 'owner', why: OWNER_ONLY },
  'clinic DELETE /api/v1/owner/me/pets/:pet/public-profile/lost': { standing: 'owner', why: OWNER_ONLY },
  'clinic GET /api/v1/owner/me/pets/:pet/caregivers': { standing: 'owner', why: OWNER_ONLY },
  'clinic POST /api/v1/owner/me/pets/:pet/caregivers': { standing: 'owner', why: OWNER_ONLY },
  'clinic POST /api/v1/owner/me/pets/:pet/caregivers/:caregiver/revoke': {
    standing: 'owner',
    why: OWNER_ONLY,
  },
  'clinic GET /api/v1/owner/me/pets/:pet/prescriptions': { standing: 'view', why: VIEW },
  'clinic GET /api/v1/owner/me/pets/:pet/prescriptions/:prescription/refill-draft': {
    standing: 'view',
    why: VIEW,
  },
  'clinic POST /api/v1/owner/me/pets/:pet/orders': { standing: 'full', why: FULL },
  'clinic GET /api/v1/owner/me/orders/:order': {
    standing: 'owner',
    why: 'the requester only (the contract: 404 for anyone but the requester); the owner placed it',
  },
  'clinic POST /api/v1/owner/me/orders/:order/cancel': {
    standing: 'owner',
    why: 'the requester only; the owner placed it',
  },
  'clinic GET /api/v1/tenant/:tenant/orders': {
    tenant: 'P',
    why: 'orders go to a pharmacy or retail tenant',
  },
  'clinic POST /api/v1/tenant/:tenant/orders/:order/accept': {
    tenant: 'P',
    why: 'orders go to a pharmacy or retail tenant',
  },
  'clinic POST /api/v1/tenant/:tenant/orders/:order/reject': {
    tenant: 'P',
    why: 'orders go to a pharmacy or retail tenant',
  },
  'clinic POST /api/v1/tenant/:tenant/orders/:order/fulfill': {
    tenant: 'P',
    why: 'orders go to a pharmacy or retail tenant',
  },
  'clinic GET /api/v1/owner/me/pets/:pet/documents': { standing: 'view', why: VIEW },
  'clinic POST /api/v1/owner/me/pets/:pet/documents': { standing: 'full', why: FULL },
  'clinic GET /api/v1/owner/me/pets/:pet/documents/:document': { standing: 'view', why: VIEW },
  'clinic DELETE /api/v1/owner/me/pets/:pet/documents/:document': { standing: 'full', why: FULL },
  'clinic GET /api/v1/owner/me/pets/:pet/passport.pdf': { standing: 'view', why: VIEW },
  'clinic PUT /api/v1/owner/me/pets/:pet/photo': { standing: 'owner', why: OWNER_ONLY },
  'clinic DELETE /api/v1/owner/me/pets/:pet/photo': { standing: 'owner', why: OWNER_ONLY },
};

export const routeKey = (listener: Listener, route: Pick<Route, 'method' | 'path'>) =>
  `${listener} ${route.method} ${route.path}`;

/** Path parameters other than the tenant: the route names a record. */
const namesRecord = (path: string) => /:(?!tenant\b)[A-Za-z]/.test(path);

function workforceExpect(route: Route, c: Caller, note: Note | undefined): Expect {
  if (route.permission === 'public') return note?.everyone ?? 'ok';
  if (c.listener !== 'workforce') return 401; // no token, or a clinic token: unknown here
  if (route.permission === 'partner') return c.partner ? 'ok' : 401;
  if (c.partner) return 401; // a partner token on a user's route
  if (c.mobileWithoutDevice) return 423;
  if (note?.signedIn) return note.signedIn;
  const role = c.workforceRole!;
  if (route.permission === 'authenticated') return 'ok';
  if (role === 'system_admin') return 'ok';
  if (route.permission === 'system.admin') return 403;
  // Every record the matrix names belongs to organization A: outside it, existence never leaks.
  if (c.otherOrg) return 404;
  if (route.permission === 'organization.view') return 'ok';
  if (route.permission === 'records.view') return role === 'employee' ? 403 : 'ok';
  return ROLE_PERMISSIONS[role].includes(route.permission as Permission) ? 'ok' : 403;
}

function clinicExpect(route: Route, c: Caller, note: Note | undefined): Expect {
  if (route.permission === 'public') return note?.everyone ?? 'ok';
  if (c.listener !== 'clinic') return 401; // no token, or a workforce token: unknown here
  if (note?.signedIn) return note.signedIn;
  if (route.path.startsWith('/api/v1/tenant/:tenant/')) {
    // Another tenant's admin calls with their own tenant in the path: a record of A is not found
    // there (never a 403 that tells it exists); a list or a creation is their own tenant's.
    if (c.key === 'other_tenant_admin') return namesRecord(route.path) ? 404 : 'ok';
    // A tenant in the path is public (the provider directory): not being its member is a 403
    // (the contract's "tenant problems"), as is a role without the route's permission.
    if (c.tenant !== (note?.tenant ?? 'A')) return 403;
    if (route.permission === 'tenant.member') return 'ok';
    return clinicRoleHas(c.clinicRole!, route.permission!) ? 'ok' : 403;
  }
  if (route.permission === 'tenant.member') {
    // The tenant is in the body (clinic A): its members may, anyone else is not a member.
    return c.tenant === 'A' ? 'ok' : 403;
  }
  if (note?.standing) {
    const rank = { owner: 3, full: 2, view: 1 } as const;
    return c.petStanding && rank[c.petStanding] >= rank[note.standing] ? 'ok' : (note.below ?? 404);
  }
  return 'ok'; // authenticated: the caller's own things (their lists, their account)
}

export interface MatrixRow {
  listener: Listener;
  route: Route;
  key: string;
  note?: Note;
  cells: Record<string, Expect>;
}

export function authorizationMatrix(): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const [listener, routes] of [
    ['workforce', workforceRoutes],
    ['clinic', clinicRoutes],
  ] as const) {
    for (const route of routes) {
      const key = routeKey(listener, route);
      const note = NOTES[key];
      const cells: Record<string, Expect> = {};
      for (const c of CALLERS) {
        cells[c.key] =
          note?.cells?.[c.key] ??
          (listener === 'workforce' ? workforceExpect(route, c, note) : clinicExpect(route, c, note));
      }
      rows.push({ listener, route, key, note, cells });
    }
  }
  const unknown = Object.keys(NOTES).filter((k) => !rows.some((r) => r.key === k));
  if (unknown.length)
    throw new Error(`Authorization notes for routes that do not exist: ${unknown.join(', ')}`);
  return rows;
}
