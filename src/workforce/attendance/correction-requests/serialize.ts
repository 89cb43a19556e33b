// A correction request as the API and the CLI show it.
import type { Knex } from 'knex';
import { isoOrNull } from '../../../db/time.js';
import { REQUEST_STATUSES, type RequestStatus } from './schemas.js';

export interface CorrectionRequestView {
  id: number;
  organization_code: string;
  employee_id: string;
  date: string;
  proposed_check_in: string | null;
  proposed_check_out: string | null;
  reason: string;
  status: RequestStatus;
  requested_by: number;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
  lock_id: number | null;
  attendance_id: number | null;
  created_at: string | null;
}

/** The request rows with the codes the view shows (employee and organization). */
export function selectRequests(db: Knex): Knex.QueryBuilder {
  return db('attendance_correction_requests as r')
    .join('employees as e', 'e.id', 'r.employee_id')
    .join('organizations as o', 'o.id', 'r.organization_id')
    .select('r.*', 'e.employee_id as employee_code', 'o.code as organization_code');
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializeRequest(r: any): CorrectionRequestView {
  return {
    id: Number(r.id),
    organization_code: String(r.organization_code),
    employee_id: String(r.employee_code),
    date: String(r.date).slice(0, 10),
    proposed_check_in: isoOrNull(r.proposed_check_in),
    proposed_check_out: isoOrNull(r.proposed_check_out),
    reason: String(r.reason),
    status: r.status,
    requested_by: Number(r.requested_by),
    decided_by: num(r.decided_by),
    decided_at: isoOrNull(r.decided_at),
    decision_reason: r.decision_reason ?? null,
    lock_id: num(r.lock_id),
    attendance_id: num(r.attendance_id),
    created_at: isoOrNull(r.created_at),
  };
}

export const CORRECTION_REQUEST_SCHEMA = {
  type: 'object',
  required: ['id', 'organization_code', 'employee_id', 'date', 'reason', 'status', 'requested_by'],
  properties: {
    id: { type: 'integer' },
    organization_code: { type: 'string', example: 'ACME' },
    employee_id: { type: 'string', example: 'E042', description: 'the employee code' },
    date: { type: 'string', format: 'date', description: 'the day in the unit’s time zone' },
    proposed_check_in: { type: 'string', format: 'date-time', nullable: true },
    proposed_check_out: { type: 'string', format: 'date-time', nullable: true },
    reason: { type: 'string' },
    status: { type: 'string', enum: [...REQUEST_STATUSES] },
    requested_by: { type: 'integer', description: 'user id of the employee or manager who asked' },
    decided_by: { type: 'integer', nullable: true },
    decided_at: { type: 'string', format: 'date-time', nullable: true },
    decision_reason: { type: 'string', nullable: true, description: 'the reason given with a rejection' },
    lock_id: { type: 'integer', nullable: true, description: 'on approval: the lock the day kept' },
    attendance_id: { type: 'integer', nullable: true, description: 'on approval: the row corrected' },
    created_at: { type: 'string', format: 'date-time' },
  },
};
