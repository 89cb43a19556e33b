// What the two retirements change, as one fingerprint: organization and unit status, primary
// deployments still running, planned shifts, audit entries.
import type { Knex } from 'knex';
import { counts } from './world.js';

export const EFFECTIVE = '2026-12-31';
/** Planned shifts after the effective date: the cascade cancels them. */
export const FUTURE_SHIFTS = { from: '2027-01-04', days: 5 };

export async function retirementState(q: Knex, organizationId: number) {
  const units = q('organization_units').where('organization_id', organizationId);
  const deployments = q('employee_deployments as d')
    .join('organization_units as u', 'u.id', 'd.organization_unit_id')
    .where('u.organization_id', organizationId);
  const shifts = q('shift_assignments as s')
    .join('organization_units as u', 'u.id', 's.organization_unit_id')
    .where('u.organization_id', organizationId);
  const n = async (qb: Knex.QueryBuilder) => Number((await qb.count({ n: '*' }))[0].n);
  return {
    ...(await counts(q, ['employee_deployments', 'shift_assignments', 'audit_entries'])),
    organization: (await q('organizations').where('id', organizationId).first('status')).status as string,
    units_active: await n(units.clone().where('status', 'active')),
    deployments_running: await n(deployments.clone().whereNull('d.ends_on')),
    shifts_planned: await n(shifts.clone().where('s.state', 'planned')),
  };
}
