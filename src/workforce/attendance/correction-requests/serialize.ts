// A correction request as the API and the CLI show it.
import type { Knex } from 'knex';
import {
  DateOnly,
  DateTime,
  Enum,
  Int,
  Nullable,
  Obj,
  Str,
  type Shape,
  fromRow,
} from '../../../core/shape.js';

import { REQUEST_STATUSES } from './schemas.js';

/** A correction request against a day of a locked month (issue 28). */
export const CorrectionRequest = Obj({
  id: Int(),
  organization_id: Int(),
  organization_code: Str({ example: 'ACME' }),
  employee_id: Str({ example: 'E042', description: 'the employee code' }),
  date: DateOnly({ description: 'the day in the unit’s time zone' }),
  proposed_check_in: Nullable(DateTime()),
  proposed_check_out: Nullable(DateTime()),
  reason: Str(),
  status: Enum(REQUEST_STATUSES),
  requested_by: Int({ description: 'user id of the employee or manager who asked' }),
  decided_by: Nullable(Int()),
  decided_at: Nullable(DateTime()),
  decision_reason: Nullable(Str({ description: 'the reason given with a rejection' })),
  lock_id: Nullable(Int({ description: 'on approval: the lock the day kept' })),
  attendance_id: Nullable(Int({ description: 'on approval: the row corrected' })),
  created_at: Nullable(DateTime()),
});
export type CorrectionRequestView = Shape<typeof CorrectionRequest>;

/** The request rows with the codes the view shows (employee and organization). */
export function selectRequests(db: Knex): Knex.QueryBuilder {
  return db('attendance_correction_requests as r')
    .join('employees as e', 'e.id', 'r.employee_id')
    .join('organizations as o', 'o.id', 'r.organization_id')
    .select('r.*', 'e.employee_id as employee_code', 'o.code as organization_code');
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializeRequest(r: any): CorrectionRequestView {
  return fromRow(CorrectionRequest, r, {
    organization_code: String(r.organization_code),
    employee_id: String(r.employee_code),
    date: String(r.date).slice(0, 10),
    reason: String(r.reason),
    decided_by: num(r.decided_by),
    lock_id: num(r.lock_id),
    attendance_id: num(r.attendance_id),
  });
}
