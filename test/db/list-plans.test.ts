// Every list of both contracts, as every kind of caller that may call it, reads through an index for
// its filter and its order: the SQL each request runs (captured from the daemon's pool) is
// EXPLAINed on a data set of tens of thousands of rows, and a full scan or a sort after reading of a
// large table fails the test (test/db/list-plans/explain.ts says exactly what counts).
// docs/list-plans.md names the index behind each row of LISTS.
import test from 'ava';
import { bootApp, type TestApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import type { HttpResponse } from '../helpers/http.js';
import { captureQueries, judge } from './list-plans/explain.js';
import { clinicWorld, workforceWorld, type ClinicWorld, type WorkforceWorld } from './list-plans/worlds.js';

type WorkforceCaller = keyof WorkforceWorld['tokens'];
type ClinicCaller = keyof ClinicWorld['tokens'] | 'anonymous';

interface Case<W, C extends string> {
  caller: C;
  /** What varies besides the caller (a filter, a deep page). */
  variant?: string;
  path: (w: W) => string;
  /** The next page through meta.next_cursor (workforce lists). */
  follow?: boolean;
  /** A problem this case is known to have, and why no index can remove it. */
  allow?: { problem: RegExp; why: string };
}

// The matrix: list → the callers who may call it. A caller missing from a row cannot call that
// list (the policy answers 403 or 404 before any list query runs), and says so in `absent`.
const WORKFORCE: Record<string, { cases: Case<WorkforceWorld, WorkforceCaller>[]; absent: string }> = {
  'GET /attendances': {
    absent: 'partner (403)',
    cases: [
      { caller: 'systemAdmin', path: () => '/api/v1/attendances', follow: true },
      {
        caller: 'systemAdmin',
        variant: 'organization',
        path: (w) => `/api/v1/attendances?organization_id=${w.orgs.c}`,
        follow: true,
      },
      {
        caller: 'systemAdmin',
        variant: 'employee',
        path: () => '/api/v1/attendances?employee_id=PE7',
        follow: true,
      },
      { caller: 'orgAdmin', path: () => '/api/v1/attendances', follow: true },
      {
        caller: 'orgAdmin',
        variant: 'organization',
        path: (w) => `/api/v1/attendances?organization_id=${w.orgs.b}`,
        follow: true,
      },
      {
        caller: 'orgAdmin',
        variant: 'dates',
        path: () => '/api/v1/attendances?from=2025-02-01&to=2025-02-10',
        follow: true,
      },
      {
        caller: 'systemAdmin',
        variant: 'unit',
        path: (w) => `/api/v1/attendances?unit_id=${w.unitA}`,
        follow: true,
      },
      { caller: 'hr', path: () => '/api/v1/attendances', follow: true },
      { caller: 'hr', variant: 'employee', path: () => '/api/v1/attendances?employee_id=PE9', follow: true },
      { caller: 'hr', variant: 'unit', path: (w) => `/api/v1/attendances?unit_id=${w.unitA}`, follow: true },
      { caller: 'manager', path: () => '/api/v1/attendances', follow: true },
      { caller: 'employee', path: () => '/api/v1/attendances', follow: true },
      {
        caller: 'employee',
        variant: 'dates',
        path: () => '/api/v1/attendances?from=2025-01-10&to=2025-02-10',
        follow: true,
      },
      {
        caller: 'employee',
        variant: 'organization',
        path: (w) => `/api/v1/attendances?organization_id=${w.orgs.a}`,
        follow: true,
      },
    ],
  },
  'GET /audit-entries': {
    absent: 'manager, employee (403), partner (403)',
    cases: [
      { caller: 'systemAdmin', path: () => '/api/v1/audit-entries', follow: true },
      {
        caller: 'systemAdmin',
        variant: 'event',
        path: () => '/api/v1/audit-entries?event=attendance.lock',
        follow: true,
      },
      { caller: 'orgAdmin', path: () => '/api/v1/audit-entries', follow: true },
      {
        caller: 'orgAdmin',
        variant: 'organization',
        path: (w) => `/api/v1/audit-entries?organization_id=${w.orgs.b}`,
        follow: true,
      },
      { caller: 'hr', path: () => '/api/v1/audit-entries', follow: true },
    ],
  },
  ...Object.fromEntries(
    ['shift-assignments', 'leaves', 'regularizations', 'devices'].map((list) => [
      `GET /employees/{id}/${list}`,
      {
        absent: 'partner (403); an employee reads only their own',
        cases: [
          ...(['systemAdmin', 'orgAdmin', 'hr', 'manager'] as const).map((caller) => ({
            caller,
            path: (w: WorkforceWorld) => `/api/v1/employees/${w.employeeA}/${list}?limit=3`,
            follow: true,
          })),
          {
            caller: 'employee' as const,
            path: (w: WorkforceWorld) => `/api/v1/employees/${w.ownEmployee}/${list}?limit=3`,
            follow: true,
          },
        ],
      },
    ]),
  ),
  // Issue 28. manager and employee hold attendance.lock nowhere: their page is empty without a query
  // of the table (no organization in scope).
  'GET /attendance/correction-requests': {
    absent: 'manager, employee (an empty page), partner (403)',
    cases: [
      { caller: 'systemAdmin', path: () => '/api/v1/attendance/correction-requests', follow: true },
      {
        caller: 'hr',
        variant: 'pending',
        path: () => '/api/v1/attendance/correction-requests?status=pending',
        follow: true,
      },
      {
        caller: 'orgAdmin',
        variant: 'organization',
        path: (w) => `/api/v1/attendance/correction-requests?organization_id=${w.orgs.b}`,
        follow: true,
      },
    ],
  },
  'GET /integrations/payroll/pull': {
    absent: 'every user token (403: partners only)',
    cases: [
      {
        caller: 'partner',
        path: (w) => `/api/v1/integrations/payroll/pull?month=2025-02&org_id=${w.orgs.a}`,
      },
    ],
  },
  'GET /exports/attendance.csv': {
    absent: 'manager, employee (403), partner (403)',
    cases: [
      {
        caller: 'systemAdmin',
        path: (w) => `/api/v1/exports/attendance.csv?month=2025-02&org_id=${w.orgs.a}`,
      },
      { caller: 'hr', path: (w) => `/api/v1/exports/attendance.csv?month=2025-02&org_id=${w.orgs.a}` },
    ],
  },
};

const CLINIC: Record<string, { cases: Case<ClinicWorld, ClinicCaller>[]; absent: string }> = {
  'GET /tenant/{tenant}/members': {
    absent: 'vet, receptionist (403: member.manage), owner (404)',
    cases: [
      { caller: 'admin', path: (w) => `/api/v1/tenant/${w.tenant}/members` },
      { caller: 'admin', variant: 'deep page', path: (w) => `/api/v1/tenant/${w.tenant}/members?page=90` },
    ],
  },
  'GET /tenant/{tenant}/clients': {
    absent: 'owner (404)',
    cases: [
      { caller: 'admin', path: (w) => `/api/v1/tenant/${w.tenant}/clients` },
      { caller: 'vet', variant: 'deep page', path: (w) => `/api/v1/tenant/${w.tenant}/clients?page=180` },
    ],
  },
  'GET /tenant/{tenant}/pets': {
    absent: 'owner (404)',
    cases: [
      { caller: 'admin', path: (w) => `/api/v1/tenant/${w.tenant}/pets` },
      { caller: 'vet', variant: 'deep page', path: (w) => `/api/v1/tenant/${w.tenant}/pets?page=600` },
    ],
  },
  'GET /tenant/{tenant}/appointments': {
    absent: 'owner (404)',
    cases: [
      { caller: 'admin', path: (w) => `/api/v1/tenant/${w.tenant}/appointments` },
      {
        caller: 'admin',
        variant: 'deep page',
        path: (w) => `/api/v1/tenant/${w.tenant}/appointments?page=900`,
      },
      {
        caller: 'vet',
        variant: 'veterinarian',
        path: (w) => `/api/v1/tenant/${w.tenant}/appointments?veterinarian_user_id=${w.vet}`,
      },
      {
        caller: 'admin',
        variant: 'dates',
        path: (w) =>
          `/api/v1/tenant/${w.tenant}/appointments?from=2025-07-01T00:00:00Z&to=2025-07-15T00:00:00Z`,
      },
    ],
  },
  'GET /tenant/{tenant}/invoices': {
    absent: 'owner (404)',
    cases: [
      { caller: 'admin', path: (w) => `/api/v1/tenant/${w.tenant}/invoices` },
      { caller: 'admin', variant: 'deep page', path: (w) => `/api/v1/tenant/${w.tenant}/invoices?page=600` },
    ],
  },
  'GET /tenant/{tenant}/orders': {
    absent: 'a clinic without order.read (403), owner (404)',
    cases: [
      { caller: 'pharmacist', path: (w) => `/api/v1/tenant/${w.pharmacy}/orders` },
      {
        caller: 'pharmacist',
        variant: 'all, deep page',
        path: (w) => `/api/v1/tenant/${w.pharmacy}/orders?status=all&page=200`,
      },
    ],
  },
  'GET /tenant/{tenant}/patients/{pet}/health-logs': {
    absent: 'receptionist (403: medical_record.read), owner (404)',
    cases: [{ caller: 'vet', path: (w) => `/api/v1/tenant/${w.tenant}/patients/${w.patient}/health-logs` }],
  },
  'GET /tenant/{tenant}/patients/{pet}/reminders': {
    absent: 'receptionist (403: medical_record.read), owner (404)',
    cases: [{ caller: 'vet', path: (w) => `/api/v1/tenant/${w.tenant}/patients/${w.patient}/reminders` }],
  },
  'GET /owner/me/clients': {
    absent: 'staff see their own (none)',
    cases: [{ caller: 'owner', path: () => '/api/v1/owner/me/clients' }],
  },
  'GET /owner/me/pets': { absent: '', cases: [{ caller: 'owner', path: () => '/api/v1/owner/me/pets' }] },
  'GET /owner/me/appointments': {
    absent: '',
    cases: [{ caller: 'owner', path: () => '/api/v1/owner/me/appointments' }],
  },
  'GET /owner/me/invoices': {
    absent: '',
    cases: [{ caller: 'owner', path: () => '/api/v1/owner/me/invoices' }],
  },
  'GET /owner/me/orders': { absent: '', cases: [{ caller: 'owner', path: () => '/api/v1/owner/me/orders' }] },
  'GET /owner/me/shares': { absent: '', cases: [{ caller: 'owner', path: () => '/api/v1/owner/me/shares' }] },
  'GET /owner/me/caregivers/shared-with-me': {
    absent: '',
    cases: [{ caller: 'caregiver', path: () => '/api/v1/owner/me/caregivers/shared-with-me' }],
  },
  ...Object.fromEntries(
    ['vaccinations', 'health-logs', 'caregivers', 'prescriptions', 'documents', 'reminders'].map((list) => [
      `GET /owner/me/pets/{pet}/${list}`,
      {
        absent: list === 'caregivers' ? 'a caregiver (owner only)' : '',
        cases: [
          { caller: 'owner' as const, path: (w: ClinicWorld) => `/api/v1/owner/me/pets/${w.pet}/${list}` },
          ...(list === 'caregivers'
            ? []
            : [
                {
                  caller: 'caregiver' as const,
                  path: (w: ClinicWorld) => `/api/v1/owner/me/pets/${w.pet}/${list}`,
                },
              ]),
        ],
      },
    ]),
  ),
  'GET /providers': {
    absent: '',
    cases: [
      { caller: 'anonymous', path: () => '/api/v1/providers' },
      {
        caller: 'owner',
        variant: 'type, deep page',
        path: () => '/api/v1/providers?business_type=groomer&page=20',
      },
      {
        caller: 'anonymous',
        variant: 'search',
        path: () => '/api/v1/providers?q=provider%2001',
        // The page itself walks (public, name, id); only its count reads every public tenant.
        allow: {
          problem: /^full scan of tenants$/,
          why: 'a substring search (LIKE %q%) of name and description: no B-tree index serves it',
        },
      },
      {
        caller: 'anonymous',
        variant: 'near',
        path: () => '/api/v1/providers?latitude=12.5&longitude=77.5&radius_km=5',
      },
    ],
  },
};

interface Outcome {
  list: string;
  caller: string;
  status: number;
  problems: string[];
}

async function runCases<W extends { tokens: Record<string, string>; large: Set<string> }>(
  app: TestApp,
  face: 'workforce' | 'clinic',
  world: W,
  lists: Record<string, { cases: Case<W, any>[] }>,
): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const details: string[] = [];
  for (const [list, { cases }] of Object.entries(lists)) {
    for (const c of cases) {
      const token = c.caller === 'anonymous' ? undefined : world.tokens[c.caller];
      let path: string | null = c.path(world);
      const problems: string[] = [];
      let status = 0;
      for (let page = 0; path && page < 2; page++) {
        const { result, queries } = await captureQueries(app.testDb.db, () =>
          app[face].request('GET', path!, { token }),
        );
        status = result.status;
        if (status !== 200) break;
        for (const q of queries) {
          const verdict = await judge(app.testDb.db, app.dialect, q, world.large);
          for (const p of verdict.problems.filter((x) => !c.allow?.problem.test(x))) {
            const problem = `${page ? 'page 2: ' : ''}${p}`;
            if (!problems.includes(problem)) problems.push(problem);
            details.push(`${list} as ${c.caller}: ${problem}\n  ${q.sql}\n  ${verdict.plan.join('\n  ')}`);
          }
        }
        const next: string | null | undefined = c.follow ? result.body?.meta?.next_cursor : null;
        path = next ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(next)}` : null;
      }
      out.push({ list, caller: c.caller + (c.variant ? ` (${c.variant})` : ''), status, problems });
    }
  }
  if (details.length && process.env.LIST_PLANS_VERBOSE) console.log(details.join('\n'));
  return out;
}

function report(outcomes: Outcome[]): string {
  const bad = outcomes.filter((o) => o.status !== 200 || o.problems.length);
  return bad
    .map(
      (o) => `${o.list} as ${o.caller}: ${o.status !== 200 ? `status ${o.status}` : o.problems.join('; ')}`,
    )
    .join('\n');
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] every workforce list, for every caller who may call it, reads through an index`, async (t) => {
    t.timeout(180_000);
    const app = await bootApp(dialect);
    t.teardown(() => app.close());
    const world = await workforceWorld(app);
    const outcomes = await runCases(app, 'workforce', world, WORKFORCE);
    t.log(`${outcomes.length} list × caller requests`);
    t.is(report(outcomes), '');

    // The merged branches list exactly what the scope rule says, in (date, id) order: the org
    // admin's organizations A and B plus their own employee row in C, page after page.
    const db = app.testDb.db;
    const expected = (
      await db('attendance')
        .whereBetween('date', ['2025-01-01', '2025-01-02'])
        .where((w) =>
          w
            .whereIn('organization_id', [world.orgs.a, world.orgs.b])
            .orWhere('employee_id', world.orgAdminOwnEmployee),
        )
        .orderBy([{ column: 'date' }, { column: 'id' }])
        .pluck('id')
    ).map(Number);
    const listed: number[] = [];
    let path: string | null = '/api/v1/attendances?from=2025-01-01&to=2025-01-02&limit=97';
    while (path) {
      const res: HttpResponse = await app.workforce.request('GET', path, { token: world.tokens.orgAdmin });
      t.is(res.status, 200);
      listed.push(...res.body.data.map((r: { id: number }) => r.id));
      const next: string | null = res.body.meta.next_cursor;
      path = next
        ? `/api/v1/attendances?from=2025-01-01&to=2025-01-02&limit=97&cursor=${encodeURIComponent(next)}`
        : null;
    }
    t.true(expected.includes(world.orgAdminOwnEmployeeRow));
    t.deepEqual(listed, expected);
  });

  test(`[${dialect}] every clinic list, for every caller who may call it, reads through an index`, async (t) => {
    t.timeout(180_000);
    const app = await bootApp(dialect);
    t.teardown(() => app.close());
    const world = await clinicWorld(app);
    const outcomes = await runCases(app, 'clinic', world, CLINIC);
    t.log(`${outcomes.length} list × caller requests`);
    t.is(report(outcomes), '');
  });
}

test('the matrix names every list route of both route tables', async (t) => {
  const { workforceRoutes } = await import('../../src/workforce/routes.js');
  const { clinicRoutes } = await import('../../src/clinic/routes.js');
  const listed = new Set([...Object.keys(WORKFORCE), ...Object.keys(CLINIC)]);
  const toKey = (path: string) =>
    'GET ' +
    path
      .replace('/api/v1', '')
      .replace(/:(\w+)/g, '{$1}')
      .replace('{id}', '{id}');
  const lists = [...workforceRoutes, ...clinicRoutes]
    .filter(
      (r: any) => r.method === 'GET' && /\.(list|shared-with-me|pull|export)$/.test(r.operation?.name ?? ''),
    )
    .map((r: any) => toKey(r.path));
  t.deepEqual(
    lists.filter((l) => !listed.has(l)),
    [],
  );
});
