// Leave and regularization requests as the API shows them.
import { isoOrNull } from '../../db/time.js';
import { parseTrail } from './auto-reject.js';

const REQUEST_STATES = ['pending', 'shift_manager_approved', 'approved', 'rejected', 'cancelled'];

export function serializeLeave(row: any) {
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    leave_type_id: Number(row.leave_type_id),
    leave_type_code: row.leave_type_code ?? null,
    from: row.from_date,
    to: row.to_date,
    state: row.state,
    decision_trail: parseTrail(row.decision_trail),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export function serializeRegularization(row: any) {
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    from: row.from_date,
    to: row.to_date,
    reason: row.reason,
    state: row.state,
    decision_trail: parseTrail(row.decision_trail),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

const TRAIL_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time' },
      by: { type: 'integer', nullable: true, description: 'user id of the decider or of the trigger' },
      origin: { type: 'string', enum: ['user', 'system'] },
      action: { type: 'string', example: 'rejected' },
      note: { type: 'string', nullable: true },
    },
  },
};

const COMMON = {
  id: { type: 'integer' },
  employee_id: { type: 'integer' },
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
  state: { type: 'string', enum: REQUEST_STATES },
  decision_trail: TRAIL_SCHEMA,
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
};

export const LEAVE_SCHEMA = {
  type: 'object',
  properties: {
    ...COMMON,
    leave_type_id: { type: 'integer' },
    leave_type_code: { type: 'string', example: 'CL' },
  },
};

export const REGULARIZATION_SCHEMA = {
  type: 'object',
  properties: { ...COMMON, reason: { type: 'string' } },
};
