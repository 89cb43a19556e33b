// `wfctl unit retire`: one unit's cascade (its primary deployments ended, its later shifts cancelled).
import { crashTests } from './harness.js';
import { buildWorld } from './world.js';
import { EFFECTIVE, FUTURE_SHIFTS, retirementState } from './retirement.js';

crashTests({
  name: 'unit retire',
  async prepare({ db }) {
    const world = await buildWorld(db, {
      code: 'RTU',
      units: 2,
      employees: 300,
      futureShifts: FUTURE_SHIFTS,
    });
    const unit = world.unitIds[0];
    const perUnit = 150;
    return {
      args: [
        'unit',
        'retire',
        `${world.code}/${world.unitCodes[0]}`,
        '--effective-date',
        EFFECTIVE,
        '--reason',
        'Crash test',
        '--yes',
      ],
      fingerprint: (q) => retirementState(q, world.organizationId),
      done: (before) => ({
        ...before,
        audit_entries: before.audit_entries + 1,
        units_active: before.units_active - 1,
        deployments_running: before.deployments_running - perUnit,
        shifts_planned: before.shifts_planned - perUnit * FUTURE_SHIFTS.days,
      }),
      probes: [
        (q) => q('organization_units').where('id', unit),
        (q) => q('employee_deployments').where('organization_unit_id', unit),
        (q) => q('shift_assignments').where('organization_unit_id', unit),
      ],
    };
  },
});
