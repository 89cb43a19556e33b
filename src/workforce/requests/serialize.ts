// Leave and regularization requests as the API shows them.
import {
  DateOnly,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Obj,
  Str,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import { parseTrail } from './auto-reject.js';

export const REQUEST_STATES = [
  'pending',
  'shift_manager_approved',
  'approved',
  'rejected',
  'cancelled',
] as const;

/** One decision on a request; an automatic rejection is of system origin. */
export const DecisionTrailEntry = Obj({
  at: DateTime(),
  by: Nullable(Int({ description: 'user id of the decider or of the trigger' })),
  origin: Enum(['user', 'system'] as const),
  action: Str({ example: 'rejected' }),
  note: Nullable(Str()),
});

const requestFields = {
  id: Int(),
  employee_id: Int(),
  from: DateOnly(),
  to: DateOnly(),
  state: Enum(REQUEST_STATES),
  decision_trail: List(DecisionTrailEntry),
  created_at: Nullable(DateTime()),
  updated_at: Nullable(DateTime()),
};

export const LeaveRequest = Obj({
  ...requestFields,
  leave_type_id: Int(),
  leave_type_code: Nullable(Str({ example: 'CL' })),
});

export const RegularizationRequest = Obj({ ...requestFields, reason: Str() });

export function serializeLeave(row: any): Shape<typeof LeaveRequest> {
  return fromRow(LeaveRequest, row, {
    from: row.from_date,
    to: row.to_date,
    decision_trail: parseTrail(row.decision_trail),
  });
}

export function serializeRegularization(row: any): Shape<typeof RegularizationRequest> {
  return fromRow(RegularizationRequest, row, {
    from: row.from_date,
    to: row.to_date,
    decision_trail: parseTrail(row.decision_trail),
  });
}
