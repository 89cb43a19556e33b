// What an operator types, for the ids a result carries: an organization's code (and time zone), a
// unit as ORG/UNIT, an employee's code, a user's e-mail, a clinic tenant's time zone. Views show these instead of internal ids
// (`organization ACME`, not `organization 1`). Loaded by the command (CommandSpec.names) only when a
// view is drawn; JSON keeps the ids, as the contracts say.
import type { Knex } from 'knex';

export interface NameRequest {
  organizations?: Array<number | null | undefined>;
  units?: Array<number | null | undefined>;
  employees?: Array<number | null | undefined>;
  users?: Array<number | null | undefined>;
  /** Clinic tenants by id or slug (for their time zones); the command's --tenant is added by the runner. */
  tenants?: Array<number | string | null | undefined>;
  /** The tenant the command acts in (its --tenant): `tenantZone()` without an argument. */
  tenant?: number | string;
}

export interface Names {
  organization(id: number | null | undefined): string;
  /** The organization's IANA time zone (UTC when unknown). */
  zone(organizationId: number | null | undefined): string;
  unit(id: number | null | undefined): string;
  employee(id: number | null | undefined): string;
  user(id: number | null | undefined): string;
  /**
   * A clinic tenant's IANA time zone, by id or slug; without one, the command's own tenant's (UTC
   * when unknown, or for mail that belongs to no tenant).
   */
  tenantZone(ref?: number | string | null): string;
}

const ids = (list: Array<number | null | undefined> = []) => [
  ...new Set(list.filter((v): v is number => v !== null && v !== undefined).map(Number)),
];

/** Without a database (tests of a view alone): ids shown as `#id`. */
export const NO_NAMES: Names = names(new Map(), new Map(), new Map(), new Map(), new Map());

export async function loadNames(db: Knex, want: NameRequest): Promise<Names> {
  const orgs = new Map<number, { code: string; timezone: string }>();
  const units = new Map<number, string>();
  const employees = new Map<number, string>();
  const users = new Map<number, string>();
  const unitIds = ids(want.units);
  const unitRows = unitIds.length
    ? await db('organization_units')
        .join('organizations', 'organizations.id', 'organization_units.organization_id')
        .whereIn('organization_units.id', unitIds)
        .select('organization_units.id as id', 'organizations.code as org', 'organization_units.code as code')
    : [];
  for (const u of unitRows) units.set(Number(u.id), `${u.org}/${u.code}`);
  const orgIds = ids(want.organizations);
  if (orgIds.length) {
    for (const o of await db('organizations').whereIn('id', orgIds).select('id', 'code', 'timezone')) {
      orgs.set(Number(o.id), { code: String(o.code), timezone: String(o.timezone) });
    }
  }
  const employeeIds = ids(want.employees);
  if (employeeIds.length) {
    for (const e of await db('employees').whereIn('id', employeeIds).select('id', 'employee_id')) {
      employees.set(Number(e.id), String(e.employee_id));
    }
  }
  const userIds = ids(want.users);
  if (userIds.length) {
    for (const u of await db('users').whereIn('id', userIds).select('id', 'email')) {
      users.set(Number(u.id), String(u.email));
    }
  }
  const zones = new Map<string, string>();
  const tenantRefs = [
    ...new Set([...(want.tenants ?? []), want.tenant].filter((r) => r != null).map(String)),
  ];
  if (tenantRefs.length) {
    const byId = tenantRefs.filter((r) => /^\d+$/.test(r)).map(Number);
    const bySlug = tenantRefs.map((r) => r.toLowerCase());
    const rows = await db('tenants')
      .whereIn('id', byId)
      .orWhereIn('slug', bySlug)
      .select('id', 'slug', 'timezone');
    for (const t of rows) {
      zones.set(String(t.id), String(t.timezone ?? 'UTC'));
      zones.set(String(t.slug), String(t.timezone ?? 'UTC'));
    }
    if (want.tenant != null) {
      const own = zones.get(String(want.tenant).toLowerCase()) ?? zones.get(String(want.tenant));
      if (own) zones.set(OWN_TENANT, own);
    }
  }
  return names(orgs, units, employees, users, zones);
}

const OWN_TENANT = '\u0000own';

function names(
  orgs: Map<number, { code: string; timezone: string }>,
  units: Map<number, string>,
  employees: Map<number, string>,
  users: Map<number, string>,
  tenantZones: Map<string, string>,
): Names {
  const shown = (map: Map<number, string>) => (id: number | null | undefined) =>
    id === null || id === undefined ? '—' : (map.get(Number(id)) ?? `#${id}`);
  return {
    organization: (id) => (id === null || id === undefined ? '—' : (orgs.get(Number(id))?.code ?? `#${id}`)),
    zone: (id) => (id === null || id === undefined ? 'UTC' : (orgs.get(Number(id))?.timezone ?? 'UTC')),
    unit: shown(units),
    employee: shown(employees),
    user: shown(users),
    tenantZone: (ref) =>
      tenantZones.get(ref === undefined ? OWN_TENANT : String(ref ?? '').toLowerCase()) ?? 'UTC',
  };
}
