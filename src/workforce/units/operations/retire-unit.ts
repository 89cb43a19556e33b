// Retiring a unit, in one transaction:
//  - the transfer_map's employees move: their primary deployment at the unit ends on
//    effective_date and a new primary at the target unit starts the day after;
//  - every other primary deployment at the unit ends on effective_date (secondary ones stay);
//  - planned shifts at the unit after effective_date are cancelled;
//  - the unit becomes retired and inactive; audit organization_unit.retired with the summary.
// The last active unit of an active organization cannot be retired (500, as the contract says);
// organization retirement runs this same code with that guard bypassed. The route names the unit
// and the transfer_map by id; the CLI by name (UNIT as ORG/UNIT, `transfer` as employee codes and
// ORG/UNIT targets), resolved here through refs.ts.
import type { Knex } from 'knex';
import type { InferType } from 'yup';
import {
  AppError,
  ConflictError,
  NotFoundError,
  ValidationError,
  type FieldErrors,
} from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { byName, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { addDays, maxDate } from '../../calendar.js';
import { bool, chunks, type WorkforceRun } from '../../context.js';
import { endDeployments, openDeployment } from '../../deployments/open.js';
import { employeeRef, namedUnitId, unitNaming, unitPathRef } from '../../refs.js';
import { cancelPlannedShifts } from '../../shifts/cancel.js';
import { retireUnitBody } from '../schemas.js';
import {
  serializeUnit,
  type UnitRetireResult,
  type UnitTransfer as UnitTransferShape,
} from '../serialize.js';

/** transfer_map as a person types it (the CLI's --transfer E042=ACME/MUM); no route passes it. */
const transferByName = byName(
  yup
    .array()
    .of(
      yup.object({
        employee: yup.string().trim().required().max(64).meta({ description: 'employee code (E042) or id' }),
        unit: yup.string().trim().required().max(130).meta({ description: 'target unit as ORG/UNIT or id' }),
      }),
    )
    .max(100000)
    .optional()
    .meta({ description: 'employees to move, by code, to a unit named ORG/UNIT' }),
);

export const retireUnitInput = retireUnitBody.shape({ ...unitNaming, transfer: transferByName });
export type RetireUnitInput = InferType<typeof retireUnitInput>;

/** One entry of the transfer map, with the input fields its errors name. */
interface Move {
  employee_id: number;
  target_unit_id: number;
  employeeField: string;
  unitField: string;
  /** How the caller named them, for messages: the ids on HTTP, the codes typed on the CLI. */
  employeeLabel: string;
  unitLabel: string;
}

/** What the unit cascade takes: the unit by id, the moves resolved. */
interface CascadeInput {
  unit_id: number;
  effective_date: string;
  reason: string;
  transfer_map?: Move[];
}

export type UnitTransfer = Shape<typeof UnitTransferShape>;
export type RetireUnitResult = Shape<typeof UnitRetireResult>;

export const retireUnit = defineWrite('unit.retire', 'unit.delete', {
  summary: 'Retire a unit: transfer or end its primary deployments, cancel its later shifts',
  input: retireUnitInput,
  async run(ctx: WorkforceRun, input): Promise<RetireUnitResult> {
    const unitId = await namedUnitId(ctx.db, input);
    // A plain read: the unit's organization never changes, and locks are taken organization first.
    const unit = await ctx.db('organization_units').where('id', unitId).first('organization_id');
    if (!unit) throw new NotFoundError('Unit not found.');
    await ctx.authorize(Number(unit.organization_id), 'Unit');
    const byId = (input.transfer_map ?? []).map((m, i): Move => ({
      ...m,
      employeeField: `transfer_map[${i}].employee_id`,
      unitField: `transfer_map[${i}].target_unit_id`,
      employeeLabel: String(m.employee_id),
      unitLabel: String(m.target_unit_id),
    }));
    const moves = [...byId, ...(await namedMoves(ctx.db, input.transfer ?? []))];
    return retireUnitCascade(
      ctx,
      { unit_id: unitId, effective_date: input.effective_date, reason: input.reason, transfer_map: moves },
      {},
    );
  },
});

/**
 * The unit cascade inside the caller's operation (organization retirement runs it per unit, under
 * its own organization.delete check, with the last-unit guard bypassed). Its audit entry is
 * recorded on the calling operation.
 */
export async function retireUnitCascade(
  ctx: WorkforceRun,
  input: CascadeInput,
  opts: { bypassLastUnitGuard?: boolean },
): Promise<RetireUnitResult> {
  const trx = ctx.db;
  const now = ctx.services.clock.now();
  const at = toDbTime(now);
  const effective = input.effective_date;
  // The organization row is the lock that serialises retirements (the last-unit guard counts units).
  const unitOrg = await trx('organization_units').where('id', input.unit_id).first('organization_id');
  if (!unitOrg) throw new NotFoundError('Unit not found.');
  const org = await lockForUpdate(trx('organizations').where('id', unitOrg.organization_id).first(), trx);
  const unit = await lockForUpdate(trx('organization_units').where('id', input.unit_id).first(), trx);
  const label = `${org.code}/${unit.code}`;
  if (unit.status === 'retired') {
    throw new ConflictError(`Unit ${label} is already retired.`, 'UNIT_ALREADY_RETIRED');
  }

  const running = () =>
    trx('employee_deployments')
      .where({ organization_unit_id: unit.id, is_primary: true })
      .where((w) => w.whereNull('ends_on').orWhere('ends_on', '>', effective));
  // The employees' rows before their deployments, in id order, as every operation that changes
  // deployments takes them: a concurrent POST /deployments waits instead of deadlocking.
  const employeeIds = (await running().distinct('employee_id')).map((r: any) => Number(r.employee_id));
  for (const part of chunks(employeeIds.sort((a, b) => a - b))) {
    await lockForUpdate(trx('employees').whereIn('id', part).select('id').orderBy('id'), trx);
  }
  const primaries = await lockForUpdate(running().select().orderBy('id'), trx);
  const transfers = await checkTransferMap(trx, unit, primaries, input.transfer_map ?? []);

  if (!opts.bypassLastUnitGuard && bool(org.is_active)) {
    const others = await lockForUpdate(
      trx('organization_units')
        .where({ organization_id: org.id, status: 'active' })
        .whereNot('id', unit.id)
        .select('id'),
      trx,
    );
    if (others.length === 0) {
      throw new AppError(
        500,
        `Cannot retire ${label}: it is the last active unit of the active organization ${org.code}. ` +
          'Retire the organization instead.',
        { code: 'LAST_ACTIVE_UNIT', refusal: true },
      );
    }
  }

  const transferred: UnitTransfer[] = [];
  const ended: number[] = [];
  for (const d of primaries) {
    const target = transfers.get(Number(d.employee_id));
    await endDeployments(trx, now, [Number(d.id)], effective);
    if (target === undefined) {
      ended.push(Number(d.id));
      continue;
    }
    const opened = await openDeployment(trx, now, {
      employeeId: Number(d.employee_id),
      unitId: target,
      startsOn: maxDate(addDays(effective, 1), d.starts_on),
      endsOn: d.ends_on ?? null,
      isPrimary: true,
    });
    transferred.push({
      employee_id: Number(d.employee_id),
      from_deployment_id: Number(d.id),
      to_deployment_id: ctx.dryRun ? null : opened.id,
      target_unit_id: target,
      demoted_primary_deployment_ids: opened.demotedPrimaryIds,
    });
    // The opening's own record: what a forced delete of the new deployment would have to give back
    // (deployments/undo.ts; a primary at a retired unit cannot be, so such a delete is refused).
    ctx.audit({
      action: 'employee_deployment.created',
      subjectType: 'employee_deployment',
      subjectId: opened.id,
      scopeId: Number(org.id),
      details: {
        employee_id: Number(d.employee_id),
        via: 'unit_retirement',
        organization_unit_id: target,
        starts_on: maxDate(addDays(effective, 1), d.starts_on),
        ends_on: d.ends_on ?? null,
        is_primary: true,
        transferred_from_deployment_id: Number(d.id),
        demoted_primary_deployment_ids: opened.demotedPrimaryIds,
        primary_changes: opened.primaryChanges,
        ended_primary: { deployment_id: Number(d.id), ends_on_before: d.ends_on ?? null, ends_on: effective },
      },
    });
  }

  const shiftsCancelled = await cancelPlannedShifts(trx, now, {
    unitId: unit.id,
    from: addDays(effective, 1),
  });

  await trx('organization_units')
    .where('id', unit.id)
    .update({ status: 'retired', is_active: false, retired_at: at, updated_at: at });

  const result: RetireUnitResult = {
    dry_run: ctx.dryRun,
    unit: serializeUnit(await trx('organization_units').where('id', unit.id).first()),
    effective_date: effective,
    deployments_transferred: transferred,
    deployments_ended: ended,
    shifts_cancelled: shiftsCancelled,
  };
  ctx.audit({
    action: 'organization_unit.retired',
    subjectType: 'organization_unit',
    subjectId: Number(unit.id),
    scopeId: Number(org.id),
    details: {
      reason: input.reason,
      effective_date: effective,
      via_organization_retirement: Boolean(opts.bypassLastUnitGuard),
      deployments_transferred: transferred,
      deployments_ended: ended,
      shifts_cancelled: shiftsCancelled,
    },
  });
  return result;
}

/**
 * `transfer` resolved: each employee by code, each target unit as ORG/UNIT; an unknown name is the
 * refs' 404 naming `transfer` (the CLI's --transfer), with the nearest existing name.
 */
async function namedMoves(trx: Knex, transfer: NonNullable<RetireUnitInput['transfer']>): Promise<Move[]> {
  const moves: Move[] = [];
  for (const [i, t] of transfer.entries()) {
    moves.push({
      employee_id: (await employeeRef(trx, t.employee, 'transfer')).id,
      target_unit_id: (await unitPathRef(trx, t.unit, 'transfer')).id,
      employeeField: `transfer[${i}].employee`,
      unitField: `transfer[${i}].unit`,
      employeeLabel: t.employee,
      unitLabel: t.unit,
    });
  }
  return moves;
}

/**
 * transfer_map → employee id → target unit id. Each target must be another active unit of the same
 * organization; each employee must have a primary deployment at the unit that is still running.
 */
async function checkTransferMap(
  trx: Knex,
  unit: any,
  primaries: any[],
  map: Move[],
): Promise<Map<number, number>> {
  const errors: FieldErrors = {};
  const out = new Map<number, number>();
  const withPrimary = new Set(primaries.map((d) => Number(d.employee_id)));
  const targetIds = [...new Set(map.map((m) => m.target_unit_id))];
  const targets = new Map<number, any>();
  for (const part of chunks(targetIds)) {
    const rows = await lockForUpdate(trx('organization_units').whereIn('id', part).select(), trx);
    for (const r of rows) targets.set(Number(r.id), r);
  }
  map.forEach((entry) => {
    const target = targets.get(entry.target_unit_id);
    const field = entry.unitField;
    if (!target || Number(target.organization_id) !== Number(unit.organization_id)) {
      errors[field] = [`Unit ${entry.unitLabel} is not a unit of this organization.`];
    } else if (Number(target.id) === Number(unit.id)) {
      errors[field] = ['The target unit cannot be the unit being retired.'];
    } else if (target.status !== 'active') {
      errors[field] = [`Unit ${target.code} is retired.`];
    }
    const employeeField = entry.employeeField;
    if (out.has(entry.employee_id)) {
      errors[employeeField] = [`Employee ${entry.employeeLabel} is listed more than once.`];
    } else if (!withPrimary.has(entry.employee_id)) {
      errors[employeeField] = [
        `Employee ${entry.employeeLabel} has no running primary deployment at this unit to transfer.`,
      ];
    }
    out.set(entry.employee_id, entry.target_unit_id);
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}
