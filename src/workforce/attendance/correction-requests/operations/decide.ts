// What approving and rejecting share: the request read for its decision (404 outside the caller's
// scope, 403 inside without attendance.lock) and the refusal of a request already decided.
import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../../../core/errors.js';
import { lockForUpdate } from '../../../../db/knex.js';
import type { WorkforceRun } from '../../../context.js';

export const REQUEST_ALREADY_DECIDED = 'REQUEST_ALREADY_DECIDED';

/** The request, authorized for deciding (a plain read: the caller locks it once it holds its mutex). */
export async function requestToDecide(ctx: WorkforceRun, id: number) {
  const found = await ctx
    .db('attendance_correction_requests')
    .where({ id })
    .first('id', 'organization_id', 'month');
  if (!found) throw new NotFoundError('Correction request not found.');
  await ctx.authorize(Number(found.organization_id), 'Correction request');
  return { id: Number(found.id), organizationId: Number(found.organization_id), month: String(found.month) };
}

/** The request row FOR UPDATE, refused unless it is still pending. */
export async function lockPending(trx: Knex, id: number) {
  const row = await lockForUpdate(trx('attendance_correction_requests').where({ id }), trx).first();
  if (!row) throw new NotFoundError('Correction request not found.');
  if (row.status !== 'pending') {
    throw new ConflictError(`Correction request ${id} is already ${row.status}.`, REQUEST_ALREADY_DECIDED, {
      status: row.status,
    });
  }
  return row;
}
