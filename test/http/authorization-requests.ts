// The request the authorization matrix sends for each route: path ids of the world's records (all in
// organization A / pet X), and a body and query that pass validation — the operations validate
// before they authorize (src/core/operation.ts: validate → admit → run → authorize on the record),
// so an invalid body would answer 422 before the check the matrix is about. Workforce lifecycle
// writes are sent as dry runs: the same code, authorization included, rolled back, so one caller's
// success does not change what the next one meets. Deletions get a fresh record per request.
import type { Caller } from '../../scripts/authorization-matrix.js';
import {
  freshInvite,
  freshOrder,
  freshShareCode,
  memberOfA,
  ownerDocument,
  optOutLink,
  ownerHealthLog,
  photoLink,
  signedDocumentLink,
  type World,
} from './authorization-world.js';

export interface MatrixRequest {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data: the file field's name and bytes. */
  file?: { field: string; bytes: Buffer; type: string; name: string };
  /** Send a token made for this request alone (logout revokes the token it is sent with). */
  freshToken?: boolean;
  /** The request revokes every token of the caller: the caller gets a new one afterwards. */
  revokesAll?: boolean;
}

type Build = (w: World, c: Caller) => MatrixRequest | Promise<MatrixRequest>;

const DRY = { dry_run: 'true' };

/** The tenant in the path: another tenant's admin names their own tenant, everyone else A (or P). */
function tenantOf(w: World, c: Caller, home: 'A' | 'P' = 'A'): number {
  return c.key === 'other_tenant_admin' ? w.tenants.B : w.tenants[home];
}

/** The default: path parameters filled from the world by their names and the route's subject. */
export function defaultPath(w: World, c: Caller, path: string, home: 'A' | 'P' = 'A'): string {
  const id = (name: string): string | number => {
    const i = w.ids;
    switch (name) {
      case 'tenant':
        return tenantOf(w, c, home);
      case 'pet':
        return i.pet;
      case 'appointment':
        return i.appointment;
      case 'invoice':
        return i.invoice;
      case 'share':
        return i.share;
      case 'caregiver':
        return i.caregiver;
      case 'prescription':
        return i.prescription;
      case 'order':
        return i.order;
      case 'client':
        return i.ownerClient;
      case 'slug':
        return i.slug;
      case 'code':
        return i.shareCode;
      case 'id':
        if (path.startsWith('/api/v1/devices/')) return i.device;
        if (path.startsWith('/api/v1/financial-years/')) return i.fy;
        if (path.startsWith('/api/v1/organizations/')) return i.orgA;
        if (path.startsWith('/api/v1/units/')) return i.unitA2;
        if (path.startsWith('/api/v1/employees/')) return i.employee;
        if (path.startsWith('/api/v1/deployments/')) return i.deployment;
        if (path.startsWith('/api/v1/attendance/correction-requests/')) return i.correctionRequest;
    }
    throw new Error(`authorization matrix: no record for :${name} in ${path}`);
  };
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => String(id(name)));
}

const pdf = {
  field: 'file',
  bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
  type: 'application/pdf',
  name: 'a.pdf',
};

/** Routes whose request is more than the default path: keyed `listener METHOD path`. */
export const REQUESTS: Record<string, Build> = {
  'workforce POST /api/v1/auth/login': (w) => ({
    path: '/api/v1/auth/login',
    body: { ...w.logins.workforce, device_name: 'matrix' },
  }),
  'workforce POST /api/v1/auth/logout': () => ({ path: '/api/v1/auth/logout', freshToken: true }),
  'workforce POST /api/v1/auth/logout-all': () => ({ path: '/api/v1/auth/logout-all', revokesAll: true }),
  'workforce POST /api/v1/attendance/punches': () => ({
    path: '/api/v1/attendance/punches',
    body: { kind: 'check_in', at: '2026-03-10T09:00:00Z' },
  }),
  'workforce POST /api/v1/attendance/lock': (w) => ({
    path: '/api/v1/attendance/lock',
    query: DRY,
    body: { organization_id: w.ids.orgA, month: '2026-02' },
  }),
  'workforce POST /api/v1/attendance/unlock': (w) => ({
    path: '/api/v1/attendance/unlock',
    query: DRY,
    body: { lock_id: w.ids.lock, reason: 'matrix' },
  }),
  // Correction requests (issue 28): filed for the caller's own day (most callers have no employee
  // record: a 422, which is past authorization); listed for organization A; the world's pending
  // request is approved by the first allowed caller, the others then meet a 409.
  'workforce POST /api/v1/attendance/correction-requests': () => ({
    path: '/api/v1/attendance/correction-requests',
    body: { date: '2026-01-12', check_in: '2026-01-12T09:00:00Z', reason: 'matrix' },
  }),
  'workforce GET /api/v1/attendance/correction-requests': (w) => ({
    path: '/api/v1/attendance/correction-requests',
    query: { organization_id: String(w.ids.orgA) },
  }),
  'workforce POST /api/v1/attendance/correction-requests/:id/reject': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/attendance/correction-requests/:id/reject'),
    body: { reason: 'matrix' },
  }),
  'workforce POST /api/v1/organizations/:id/retire': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/organizations/:id/retire'),
    query: DRY,
    body: { effective_date: '2026-03-31', reason: 'matrix' },
  }),
  'workforce POST /api/v1/units/:id/retire': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/units/:id/retire'),
    query: DRY,
    body: { effective_date: '2026-03-31', reason: 'matrix' },
  }),
  'workforce POST /api/v1/employees/:id/offboard': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/employees/:id/offboard'),
    query: DRY,
    body: { last_working_day: '2026-03-31', reason: 'matrix' },
  }),
  'workforce POST /api/v1/deployments': (w) => ({
    path: '/api/v1/deployments',
    query: DRY,
    body: {
      employee_id: w.ids.employee,
      organization_unit_id: w.ids.unitA1,
      starts_on: '2026-04-01',
      is_primary: true,
    },
  }),
  'workforce DELETE /api/v1/deployments/:id': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/deployments/:id'),
    query: DRY,
  }),
  // The lists are asked for organization A's rows: outside it, a 404 like any record of A.
  'workforce GET /api/v1/attendances': (w) => ({
    path: '/api/v1/attendances',
    query: { organization_id: String(w.ids.orgA) },
  }),
  'workforce GET /api/v1/audit-entries': (w) => ({
    path: '/api/v1/audit-entries',
    query: { organization_id: String(w.ids.orgA) },
  }),
  'workforce GET /api/v1/integrations/payroll/pull': (w) => ({
    path: '/api/v1/integrations/payroll/pull',
    query: { month: '2026-01', org_id: String(w.ids.orgA) },
  }),
  'workforce GET /api/v1/exports/attendance.csv': (w) => ({
    path: '/api/v1/exports/attendance.csv',
    query: { org_id: String(w.ids.orgA), month: '2026-01' },
  }),

  'clinic POST /api/v1/auth/login': (w) => ({ path: '/api/v1/auth/login', body: w.logins.clinic }),
  'clinic POST /api/v1/auth/logout': () => ({ path: '/api/v1/auth/logout', freshToken: true }),
  'clinic POST /api/v1/tenants': (_w, c) => ({
    path: '/api/v1/tenants',
    body: {
      name: `Signup ${c.key}`,
      slug: `signup-${c.key.replace(/_/g, '-')}`,
      email: `signup-${c.key}@example.test`,
      owner_name: 'New Admin',
      owner_email: `signup-admin-${c.key}@example.test`,
      password: 'correct-horse-9',
    },
  }),
  'clinic PATCH /api/v1/tenant/:tenant/profile': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/profile'),
    body: { city: 'Pune' },
  }),
  'clinic POST /api/v1/tenant/:tenant/members': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/members'),
    body: {
      email: `new-${c.key}@example.test`,
      role: 'receptionist',
      name: 'New',
      password: 'correct-horse-9',
    },
  }),
  'clinic DELETE /api/v1/tenant/:tenant/members/:user': async (w, c) => ({
    path: `/api/v1/tenant/${tenantOf(w, c)}/members/${await memberOfA(w)}`,
  }),
  'clinic POST /api/v1/auth/owner/register': (w, c) => ({
    path: '/api/v1/auth/owner/register',
    body: {
      name: 'New Owner',
      email: `register-${c.key}@example.test`,
      password: 'correct-horse-9',
      password_confirmation: 'correct-horse-9',
      tenant_id: w.tenants.A,
    },
  }),
  'clinic POST /api/v1/tenant/:tenant/pets': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/pets'),
    body: { name: 'Rex', species: 'dog', client_id: w.ids.ownerClient },
  }),
  'clinic POST /api/v1/tenant/:tenant/patients/onboard': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/patients/onboard'),
    body: { name: 'Rex', species: 'dog', client_id: w.ids.ownerClient },
  }),
  'clinic PATCH /api/v1/tenant/:tenant/patients/:pet': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/patients/:pet'),
    body: { color: 'brown' },
  }),
  'clinic POST /api/v1/owner/me/pets': () => ({
    path: '/api/v1/owner/me/pets',
    body: { name: 'Rex', species: 'dog' },
  }),
  'clinic PATCH /api/v1/owner/me/pets/:pet': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet'),
    body: { color: 'brown' },
  }),
  'clinic POST /api/v1/tenant/:tenant/appointments': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/appointments'),
    body: { pet_id: w.ids.pet, scheduled_at: '2026-03-21T10:00:00Z' },
  }),
  'clinic PATCH /api/v1/tenant/:tenant/appointments/:appointment': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/appointments/:appointment'),
    body: { status: 'confirmed' },
  }),
  'clinic POST /api/v1/tenant/:tenant/appointments/:appointment/reschedule': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/appointments/:appointment/reschedule'),
    body: { scheduled_at: '2026-03-22T10:00:00Z' },
  }),
  'clinic POST /api/v1/tenant/:tenant/invoices': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/invoices'),
    body: { client_id: w.ids.ownerClient, total: 100 },
  }),
  'clinic POST /api/v1/tenant/:tenant/invoices/:invoice/payments': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/invoices/:invoice/payments'),
    body: { amount: 1, payment_method: 'cash' },
  }),
  'clinic POST /api/v1/owner/me/invoices/:invoice/gateway/verify': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/invoices/:invoice/gateway/verify'),
    body: { gateway_order_id: 'order_x', gateway_payment_id: 'pay_x', gateway_signature: 'sig' },
  }),
  'clinic POST /api/v1/webhooks/gateway': () => ({ path: '/api/v1/webhooks/gateway', body: {} }),
  'clinic POST /api/v1/owner/me/pets/:pet/vaccinations': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/vaccinations'),
    body: { name: 'Rabies', administered_at: '2026-03-01' },
  }),
  'clinic POST /api/v1/owner/me/pets/:pet/health-logs': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/health-logs'),
    body: { appetite: 'normal' },
  }),
  'clinic DELETE /api/v1/owner/me/pets/:pet/health-logs/:healthLog': async (w) => ({
    path: `/api/v1/owner/me/pets/${w.ids.pet}/health-logs/${await ownerHealthLog(w)}`,
  }),
  'clinic POST /api/v1/tenant/:tenant/patients/:pet/health-logs': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/patients/:pet/health-logs'),
    body: { appetite: 'normal' },
  }),
  'clinic POST /api/v1/owner/me/shares': (w) => ({
    path: '/api/v1/owner/me/shares',
    body: { pet_id: w.ids.pet },
  }),
  'clinic POST /api/v1/shares/redeem': async (w, c) => ({
    path: '/api/v1/shares/redeem',
    // A fresh code each time (single use); the scanning user is the caller, as the operation requires.
    body: { code: await freshShareCode(w), tenant_id: w.tenants.A, user_id: w.clinicUserIds[c.key] ?? 1 },
  }),
  'clinic POST /api/v1/owner/me/pets/:pet/public-profile': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/public-profile'),
    body: {},
  }),
  'clinic POST /api/v1/owner/me/pets/:pet/caregivers': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/caregivers'),
    body: { invited_email: `invitee-${c.key}@example.test`, access_level: 'view' },
  }),
  'clinic POST /api/v1/caregivers/accept': () => ({
    path: '/api/v1/caregivers/accept',
    body: { token: 'x'.repeat(48) },
  }),
  'clinic POST /api/v1/tenant/:tenant/patients/:pet/prescriptions': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/patients/:pet/prescriptions'),
    body: { items: [{ name: 'Drops' }] },
  }),
  'clinic POST /api/v1/owner/me/pets/:pet/orders': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/orders'),
    body: {
      target_tenant_id: w.tenants.P,
      kind: 'custom',
      item_summary: 'Food',
      delivery_preference: 'pickup',
    },
  }),
  // A fresh order each time: the owner's cancel, and each allowed caller's decision, close the last.
  'clinic POST /api/v1/tenant/:tenant/orders/:order/accept': async (w, c) => ({
    path: `/api/v1/tenant/${tenantOf(w, c, 'P')}/orders/${await freshOrder(w)}/accept`,
  }),
  'clinic POST /api/v1/tenant/:tenant/orders/:order/reject': async (w, c) => ({
    path: `/api/v1/tenant/${tenantOf(w, c, 'P')}/orders/${await freshOrder(w)}/reject`,
    body: {},
  }),
  'clinic POST /api/v1/tenant/:tenant/orders/:order/fulfill': async (w, c) => ({
    path: `/api/v1/tenant/${tenantOf(w, c, 'P')}/orders/${await freshOrder(w, true)}/fulfill`,
  }),
  'clinic POST /api/v1/owner/me/pets/:pet/documents': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/documents'),
    file: pdf,
  }),
  'clinic GET /api/v1/owner/me/pets/:pet/documents/:document': async (w) => ({
    path: `/api/v1/owner/me/pets/${w.ids.pet}/documents/${w.ids.document ?? (w.ids.document = await ownerDocument(w))}`,
  }),
  // The signed link is the authorization: the matrix sends a valid one, which needs no bearer.
  'clinic GET /api/v1/owner/me/pets/:pet/documents/:document/download': async (w) => ({
    path: await signedDocumentLink(w),
  }),
  'clinic DELETE /api/v1/owner/me/pets/:pet/documents/:document': async (w) => ({
    path: `/api/v1/owner/me/pets/${w.ids.pet}/documents/${await ownerDocument(w)}`,
  }),
  'clinic PUT /api/v1/owner/me/pets/:pet/photo': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/owner/me/pets/:pet/photo'),
    file: { field: 'photo', bytes: w.photo, type: 'image/png', name: 'p.png' },
  }),
  'clinic PUT /api/v1/tenant/:tenant/pets/:pet/photo': (w, c) => ({
    path: defaultPath(w, c, '/api/v1/tenant/:tenant/pets/:pet/photo'),
    file: { field: 'photo', bytes: w.photo, type: 'image/png', name: 'p.png' },
  }),
  'clinic GET /api/v1/pets/:pet/photo': async (w) => ({ path: await photoLink(w) }),
  'clinic GET /p/:slug/photo': async (w) => {
    await photoLink(w);
    return { path: `/p/${w.ids.slug}/photo` };
  },
  // The signed opt-out link is the authorization: the matrix sends a valid one (recording it twice
  // only says it was already done), which needs no bearer.
  'clinic GET /r/:token': async (w) => ({ path: `/r/${await optOutLink(w)}` }),
  'clinic POST /r/:token': async (w) => ({ path: `/r/${await optOutLink(w)}` }),
  'clinic GET /api/v1/shares/:code': async (w) => ({ path: `/api/v1/shares/${await freshShareCode(w)}` }),
  'clinic POST /api/v1/owner/me/pets/:pet/caregivers/:caregiver/revoke': async (w) => ({
    path: `/api/v1/owner/me/pets/${w.ids.pet}/caregivers/${await freshInvite(w)}/revoke`,
  }),
};

/** The tenant routes of the pharmacy's order queue name tenant P. */
export function requestFor(
  key: string,
  path: string,
  w: World,
  c: Caller,
  home: 'A' | 'P',
): Promise<MatrixRequest> {
  const build = REQUESTS[key];
  return Promise.resolve(build ? build(w, c) : { path: defaultPath(w, c, path, home) });
}
