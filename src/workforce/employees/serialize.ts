// An employee as the API shows it.
import { isoOrNull } from '../../db/time.js';
import { bool } from '../context.js';

export function serializeEmployee(row: any) {
  return {
    id: Number(row.id),
    employee_id: row.employee_id,
    organization_id: Number(row.organization_id),
    user_id: row.user_id === null || row.user_id === undefined ? null : Number(row.user_id),
    name: row.name,
    email: row.email ?? null,
    is_active: bool(row.is_active),
    last_working_day: row.last_working_day ?? null,
    exit_reason: row.exit_reason ?? null,
    deleted_at: isoOrNull(row.deleted_at),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type EmployeeView = ReturnType<typeof serializeEmployee>;

export const EMPLOYEE_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'string', example: 'E042', description: 'the code used in attendance records' },
    organization_id: { type: 'integer' },
    user_id: { type: 'integer', nullable: true },
    name: { type: 'string' },
    email: { type: 'string', nullable: true },
    is_active: { type: 'boolean' },
    last_working_day: { type: 'string', format: 'date', nullable: true },
    exit_reason: { type: 'string', nullable: true },
    deleted_at: { type: 'string', format: 'date-time', nullable: true, description: 'set once offboarded' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
