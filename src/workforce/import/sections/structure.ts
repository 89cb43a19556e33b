// Organizations, units, leave types and financial years: created when missing, left as they are
// when their natural key already exists.
import type { ImportDocument } from '../schema.js';
import { insertBatches, type ImportRun } from '../run.js';

type Rows<K extends keyof ImportDocument> = NonNullable<ImportDocument[K]>;

/** Flags a natural key seen twice in one section. */
function duplicates(run: ImportRun) {
  const seen = new Map<string, number>();
  return (key: string, path: string, index: number): boolean => {
    const first = seen.get(key);
    if (first !== undefined) {
      run.fail(path, `duplicate ${key} (first at index ${first})`);
      return true;
    }
    seen.set(key, index);
    return false;
  };
}

export async function importOrganizations(run: ImportRun, rows: Rows<'organizations'>): Promise<void> {
  await run.loadOrgs(rows.map((r) => r.code));
  const dup = duplicates(run);
  const fresh = rows.filter((r, i) => {
    if (dup(r.code, `organizations[${i}].code`, i)) return false;
    if (run.orgs.has(r.code)) run.count('organizations', 'existing');
    return !run.orgs.has(r.code);
  });
  run.stopOnErrors();
  // The device setting is the one field an import applies to an existing organization, when given.
  for (const r of rows) {
    const org = run.orgs.get(r.code);
    if (!org || r.require_device_for_punches === undefined) continue;
    await run
      .trx('organizations')
      .where({ id: org.id })
      .update({ require_device_for_punches: r.require_device_for_punches });
  }
  await insertBatches(
    run.trx,
    'organizations',
    fresh.map((r) => ({
      code: r.code,
      name: r.name,
      timezone: r.timezone,
      require_device_for_punches: r.require_device_for_punches ?? true,
      status: 'active',
      is_active: true,
      created_at: run.at,
      updated_at: run.at,
    })),
  );
  await run.loadOrgs(fresh.map((r) => r.code));
  for (const r of fresh) run.created.add(`organizations:${r.code}`);
  run.count('organizations', 'created', fresh.length);
}

export async function importUnits(run: ImportRun, rows: Rows<'units'>): Promise<void> {
  await run.loadOrgs(rows.map((r) => r.organization));
  const keys = rows.map((r) => `${r.organization}/${r.code}`);
  await run.loadUnits(keys.filter((_k, i) => run.orgs.has(rows[i].organization)));
  const dup = duplicates(run);
  const fresh = rows.filter((r, i) => {
    if (!run.orgs.has(r.organization)) {
      run.fail(`units[${i}].organization`, `unknown organization ${r.organization}`);
      return false;
    }
    if (dup(keys[i], `units[${i}].code`, i)) return false;
    if (run.units.has(keys[i])) run.count('units', 'existing');
    return !run.units.has(keys[i]);
  });
  run.stopOnErrors();
  await insertBatches(
    run.trx,
    'organization_units',
    fresh.map((r) => {
      const org = run.orgs.get(r.organization)!;
      return {
        organization_id: org.id,
        code: r.code,
        name: r.name,
        timezone: r.timezone ?? org.timezone,
        status: 'active',
        is_active: true,
        created_at: run.at,
        updated_at: run.at,
      };
    }),
  );
  const freshKeys = fresh.map((r) => `${r.organization}/${r.code}`);
  await run.loadUnits(freshKeys);
  for (const k of freshKeys) run.created.add(`units:${k}`);
  run.count('units', 'created', fresh.length);
}

export async function importLeaveTypes(run: ImportRun, rows: Rows<'leave_types'>): Promise<void> {
  await run.loadOrgs(rows.map((r) => r.organization));
  await loadLeaveTypes(
    run,
    rows.map((r) => r.organization),
  );
  const dup = duplicates(run);
  const fresh = rows.filter((r, i) => {
    const org = run.orgs.get(r.organization);
    if (!org) {
      run.fail(`leave_types[${i}].organization`, `unknown organization ${r.organization}`);
      return false;
    }
    const key = `${org.id}/${r.code}`;
    if (dup(key, `leave_types[${i}].code`, i)) return false;
    if (run.leaveTypes.has(key)) run.count('leave_types', 'existing');
    return !run.leaveTypes.has(key);
  });
  run.stopOnErrors();
  await insertBatches(
    run.trx,
    'leave_types',
    fresh.map((r) => ({
      organization_id: run.orgs.get(r.organization)!.id,
      code: r.code,
      name: r.name,
      annual_quota: r.annual_quota,
      carry_forward_max: r.carry_forward_max,
      created_at: run.at,
      updated_at: run.at,
    })),
  );
  await loadLeaveTypes(
    run,
    fresh.map((r) => r.organization),
  );
  run.count('leave_types', 'created', fresh.length);
}

/** Every leave type of the given organizations, keyed 'orgId/CODE'. */
export async function loadLeaveTypes(run: ImportRun, orgCodes: string[]): Promise<void> {
  // The organizations may be known only from the database (a document with leaves and no
  // organizations or leave_types section refers to them by code).
  await run.loadOrgs(orgCodes);
  const ids = [
    ...new Set(orgCodes.map((c) => run.orgs.get(c)?.id).filter((x): x is number => x !== undefined)),
  ];
  if (!ids.length) return;
  const rows = await run
    .trx('leave_types')
    .whereIn('organization_id', ids)
    .select('id', 'organization_id', 'code');
  for (const r of rows) run.leaveTypes.set(`${r.organization_id}/${r.code}`, Number(r.id));
}

export async function importFinancialYears(run: ImportRun, rows: Rows<'financial_years'>): Promise<void> {
  await run.loadOrgs(rows.map((r) => r.organization));
  const load = async () => {
    const orgIds = [
      ...new Set(rows.map((r) => run.orgs.get(r.organization)?.id).filter((x) => x !== undefined)),
    ];
    if (!orgIds.length) return;
    const existing = await run
      .trx('financial_years')
      .join('organizations', 'organizations.id', 'financial_years.organization_id')
      .whereIn('financial_years.organization_id', orgIds as number[])
      .select('financial_years.id', 'financial_years.name', 'organizations.code');
    for (const r of existing) run.financialYears.set(`${r.code}/${r.name}`, Number(r.id));
  };
  await load();
  const dup = duplicates(run);
  const fresh = rows.filter((r, i) => {
    if (!run.orgs.has(r.organization)) {
      run.fail(`financial_years[${i}].organization`, `unknown organization ${r.organization}`);
      return false;
    }
    const key = `${r.organization}/${r.name}`;
    if (dup(key, `financial_years[${i}].name`, i)) return false;
    if (run.financialYears.has(key)) run.count('financial_years', 'existing');
    return !run.financialYears.has(key);
  });
  run.stopOnErrors();
  await insertBatches(
    run.trx,
    'financial_years',
    fresh.map((r) => ({
      organization_id: run.orgs.get(r.organization)!.id,
      name: r.name,
      starts_on: r.starts_on,
      ends_on: r.ends_on,
      status: 'open',
      created_at: run.at,
      updated_at: run.at,
    })),
  );
  await load();
  for (const r of fresh) run.created.add(`financial_years:${r.organization}/${r.name}`);
  run.count('financial_years', 'created', fresh.length);
}

export { duplicates };
