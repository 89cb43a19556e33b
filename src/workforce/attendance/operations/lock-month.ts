// attendance.lock: stamps locked_at and lock_id on every unlocked attendance row of one pay month,
// for a unit or the whole organization, with one set-based UPDATE, and records the lock.
//
// Overlaps: locking a scope already covered is a 409 naming the covering lock (a unit inside an
// organization-locked month included). An organization lock over a month where some units are
// already locked covers the rest: those units' rows keep their unit lock_id, so unlocking the
// organization lock later restores exactly the rows it stamped.
import type { Knex } from 'knex';
import { ValidationError, NotFoundError } from '../../../core/errors.js';
import { monthBounds, zonedParts } from '../../../core/calendar.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { toDbTime } from '../../../db/time.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import {
  alreadyLocked,
  describeLock,
  locksOfMonth,
  LockResult as LockResultShape,
  normalizeLock,
  ORG_SCOPE,
  unitScope,
} from '../locks.js';
import { holdMonth } from '../month-mutex.js';
import { lockZones } from '../lock-due.js';
import { lockInput } from '../schemas.js';
import { organizationRef, unitRef } from '../../refs.js';

export type LockResult = Shape<typeof LockResultShape>;

export const lockMonth = defineWrite('attendance.lock', 'attendance.lock', {
  summary: 'Lock a pay month for a unit or the whole organization',
  input: lockInput,
  // Every read after the month's mutex must see what committed while it waited (an unlock of the
  // month, a punch into it); READ COMMITTED also keeps the stamping UPDATE from locking the gap
  // after the month in the (organization, locked_at, date) index, where today's rows are inserted.
  isolation: 'read committed',
  async run(ctx: WorkforceRun, input): Promise<LockResult> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const orgId = input.organization_id ?? (await namedOrganization(trx, input.organization)).id;
    const org = await trx('organizations').where({ id: orgId }).first();
    if (!org) throw new NotFoundError('Organization not found.');
    await ctx.authorize(Number(org.id), 'Organization');

    const unitId =
      input.organization_unit_id ?? (input.unit ? (await unitRef(trx, Number(org.id), input.unit)).id : null);
    let unit: { id: number; code: string; timezone: string } | null = null;
    if (unitId !== null) {
      unit = await trx('organization_units')
        .where({ id: unitId, organization_id: org.id })
        .first('id', 'code', 'status', 'timezone');
      if (!unit) {
        throw ValidationError.field(
          'organization_unit_id',
          'The organization_unit_id field must name a unit of this organization.',
        );
      }
      // A retired unit's months are locked with its organization (an organization lock covers its
      // rows); a lock of its own would outlive the unit.
      if ((unit as { status?: string }).status !== 'active') {
        throw ValidationError.field('organization_unit_id', `Unit ${unit.code} is retired.`);
      }
    }
    // Only a month that has ended, in every zone the lock covers (a unit's own; for the organization,
    // its zone and each active unit's, lock-due.ts): a lock of a running month would refuse the rest of
    // its punches, and a pull or push would hand partners a part of it as the whole.
    const now = services.clock.now();
    const zones = unit ? [unit.timezone] : await lockZones(trx, Number(org.id), org.timezone);
    const running = zones.find((zone) => input.month >= zonedParts(now, zone).month);
    if (running !== undefined) {
      throw ValidationError.field(
        'month',
        input.month === zonedParts(now, running).month
          ? `${input.month} has not ended yet in ${running}: a month can be locked once it has ended in every time zone it covers.`
          : `${input.month} has not started yet.`,
      );
    }
    // The month's mutex (month-mutex.ts): locks and unlocks of this month serialise, a write into it
    // either committed before or waits for this lock; other months, today's included, go on.
    await holdMonth(trx, Number(org.id), input.month, 'exclusive');

    const existing = await locksOfMonth(trx, Number(org.id), input.month);
    const orgLock = existing.find((l) => l.scope_key === ORG_SCOPE);
    if (orgLock) throw alreadyLocked(orgLock, input.month);
    const scopeKey = unit ? unitScope(Number(unit.id)) : ORG_SCOPE;
    const same = existing.find((l) => l.scope_key === scopeKey);
    if (same) throw alreadyLocked(same, input.month);

    const [lockId] = await trx('attendance_locks').insert({
      organization_id: org.id,
      organization_unit_id: unit ? unit.id : null,
      month: input.month,
      scope_key: scopeKey,
      locked_by: actor.userId,
      created_at: toDbTime(now),
    });
    const { first, next } = monthBounds(input.month);
    const rowsQuery = trx('attendance')
      .where('organization_id', org.id)
      .where('date', '>=', first)
      .where('date', '<', next)
      .whereNull('locked_at');
    if (unit) rowsQuery.where('organization_unit_id', unit.id);
    const rowsLocked = await rowsQuery.update({
      locked_at: toDbTime(now),
      lock_id: Number(lockId),
      updated_at: toDbTime(now),
    });

    const lock = normalizeLock(await trx('attendance_locks').where({ id: lockId }).first());
    const unitsAlreadyLocked = unit
      ? []
      : existing.map((l) => ({ lock_id: l.id, organization_unit_id: l.organization_unit_id as number }));
    ctx.audit({
      action: 'attendance.lock',
      subjectType: 'attendance_lock',
      subjectId: lock.id,
      scopeId: Number(org.id),
      details: {
        month: input.month,
        organization_unit_id: lock.organization_unit_id,
        rows_locked: rowsLocked,
        units_already_locked: unitsAlreadyLocked,
      },
    });
    return {
      ...describeLock(lock),
      lock_id: ctx.dryRun ? null : lock.id,
      dry_run: ctx.dryRun,
      organization_code: String(org.code),
      unit_code: unit ? String(unit.code) : null,
      rows_locked: Number(rowsLocked),
      units_already_locked: unitsAlreadyLocked,
    };
  },
});

/** The organization the CLI names (`organization`) when the body's organization_id is absent. */
function namedOrganization(trx: Knex, organization: string | undefined) {
  if (organization === undefined) {
    throw ValidationError.field('organization_id', 'The organization_id field is required.');
  }
  return organizationRef(trx, organization);
}
