// A device as the CLI and the approve/revoke endpoints show it.
import { isoOrNull } from '../../db/time.js';

export interface DeviceBody {
  id: number;
  employee_id: string;
  fingerprint: string;
  name: string | null;
  status: string;
  approved_at: string | null;
  revoked_at: string | null;
}

export function deviceBody(row: Record<string, any>, employeeCode: string): DeviceBody {
  return {
    id: Number(row.id),
    employee_id: employeeCode,
    fingerprint: row.fingerprint,
    name: row.name ?? null,
    status: row.status,
    approved_at: isoOrNull(row.approved_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

export const deviceJsonSchema = {
  type: 'object',
  required: ['id', 'employee_id', 'fingerprint', 'name', 'status', 'approved_at', 'revoked_at'],
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'string', example: 'E042' },
    fingerprint: { type: 'string' },
    name: { type: 'string', nullable: true },
    status: { type: 'string', enum: ['pending', 'approved', 'revoked'] },
    approved_at: { type: 'string', format: 'date-time', nullable: true },
    revoked_at: { type: 'string', format: 'date-time', nullable: true },
  },
};

/** A device in an employee's device list (GET /employees/{id}/devices). */
export function serializeDevice(row: any) {
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    fingerprint: row.fingerprint,
    name: row.name ?? null,
    status: row.status,
    approved_at: isoOrNull(row.approved_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: isoOrNull(row.created_at),
  };
}

export const DEVICE_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'integer' },
    fingerprint: { type: 'string' },
    name: { type: 'string', nullable: true },
    status: { type: 'string', enum: ['pending', 'approved', 'revoked'] },
    approved_at: { type: 'string', format: 'date-time', nullable: true },
    revoked_at: { type: 'string', format: 'date-time', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
  },
};
