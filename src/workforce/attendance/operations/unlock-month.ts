// attendance.unlock: clears locked_at on exactly the rows the lock stamped (its lock_id), only in
// the lock's organization and scope, and deletes the lock record. Other organizations' rows, and
// rows another lock stamped, are never touched.
//
// A unit lock inside an organization-locked month is refused (409 naming the organization lock):
// otherwise that unit's rows would reopen while the month still reads as locked for payroll.
// Unlock the organization lock first. (Proved under a forced interleaving in
// test/cluster/attendance.test.ts.)
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import {
  describeLock,
  locksOfMonth,
  normalizeLock,
  ORG_SCOPE,
  UnlockResult as UnlockResultShape,
} from '../locks.js';
import { holdMonth } from '../month-mutex.js';
import { unlockSchema } from '../schemas.js';

export type UnlockResult = Shape<typeof UnlockResultShape>;

export const unlockMonth = defineWrite('attendance.unlock', 'attendance.unlock', {
  summary: 'Unlock the rows a lock stamped and delete the lock',
  input: unlockSchema,
  // Every read after the month's mutex must see what committed while it waited: under
  // REPEATABLE READ the first read (the lock's lookup) fixed the snapshot, so an organization lock
  // committed meanwhile was invisible and a unit unlock reopened rows inside it.
  isolation: 'read committed',
  async run(ctx: WorkforceRun, input): Promise<UnlockResult> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const found = await trx('attendance_locks').where({ id: input.lock_id }).first();
    if (!found) throw new NotFoundError('Lock not found.');
    await ctx.authorize(Number(found.organization_id), 'Lock');
    // The month's mutex (month-mutex.ts), as attendance.lock takes it: a lock's month never changes.
    await holdMonth(trx, Number(found.organization_id), String(found.month), 'exclusive');
    const row = await lockForUpdate(trx('attendance_locks').where({ id: input.lock_id }), trx).first();
    if (!row) throw new NotFoundError('Lock not found.');
    const lock = normalizeLock(row);

    if (lock.scope_key !== ORG_SCOPE) {
      const orgLock = (await locksOfMonth(trx, lock.organization_id, lock.month)).find(
        (l) => l.scope_key === ORG_SCOPE,
      );
      if (orgLock) {
        throw new ConflictError(
          `${lock.month} is also locked for the whole organization (lock ${orgLock.id}); unlock that first.`,
          'ORGANIZATION_LOCK_COVERS_MONTH',
          { lock_id: orgLock.id },
        );
      }
    }

    const now = services.clock.now();
    const rows = trx('attendance').where({ lock_id: lock.id, organization_id: lock.organization_id });
    if (lock.organization_unit_id !== null) rows.where('organization_unit_id', lock.organization_unit_id);
    const rowsUnlocked = await rows.update({ locked_at: null, lock_id: null, updated_at: toDbTime(now) });
    await trx('attendance_locks').where({ id: lock.id }).delete();

    ctx.audit({
      action: 'attendance.unlock',
      subjectType: 'attendance_lock',
      subjectId: lock.id,
      scopeId: lock.organization_id,
      details: {
        reason: input.reason,
        month: lock.month,
        organization_unit_id: lock.organization_unit_id,
        rows_unlocked: rowsUnlocked,
      },
    });
    return {
      ...describeLock(lock),
      dry_run: ctx.dryRun,
      rows_unlocked: Number(rowsUnlocked),
      reason: input.reason,
      unlocked_by: actor.userId,
    };
  },
});
