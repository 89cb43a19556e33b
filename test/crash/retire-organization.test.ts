// `wfctl org retire`: every unit through the unit cascade (each primary deployment ended, later
// shifts cancelled), then the organization, in one transaction of hundreds of statements.
import { crashTests } from './harness.js';
import { buildWorld } from './world.js';
import { EFFECTIVE, FUTURE_SHIFTS, retirementState } from './retirement.js';

const UNITS = 4;

crashTests({
  name: 'organization retire',
  async prepare({ db }) {
    const world = await buildWorld(db, {
      code: 'RET',
      units: UNITS,
      employees: 400,
      futureShifts: FUTURE_SHIFTS,
    });
    return {
      args: ['org', 'retire', world.code, '--effective-date', EFFECTIVE, '--reason', 'Crash test', '--yes'],
      fingerprint: (q) => retirementState(q, world.organizationId),
      done: (before) => ({
        ...before,
        audit_entries: before.audit_entries + UNITS + 1,
        organization: 'retired',
        units_active: 0,
        deployments_running: 0,
        shifts_planned: 0,
      }),
      probes: [
        (q) => q('organizations').where('id', world.organizationId),
        (q) => q('organization_units').where('organization_id', world.organizationId),
        (q) => q('employees').where('organization_id', world.organizationId),
        (q) => q('employee_deployments').whereIn('organization_unit_id', world.unitIds),
        (q) => q('shift_assignments').whereIn('organization_unit_id', world.unitIds),
      ],
      moments: [
        // The third unit's cascade: two units retired in the open transaction, two to go.
        {
          label: 'third unit being retired',
          nth: 3,
          match: '^update [`"]organization_units[`"]',
          phase: 'done',
        },
      ],
    };
  },
});
