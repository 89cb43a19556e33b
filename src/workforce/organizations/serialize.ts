// An organization as the API shows it.
import { isoOrNull } from '../../db/time.js';
import { bool } from '../context.js';

export function serializeOrganization(row: any) {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    timezone: row.timezone,
    status: row.status,
    is_active: bool(row.is_active),
    require_device_for_punches: bool(row.require_device_for_punches),
    retired_at: isoOrNull(row.retired_at),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type OrganizationView = ReturnType<typeof serializeOrganization>;

export const ORGANIZATION_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string', example: 'ACME' },
    name: { type: 'string' },
    timezone: { type: 'string', example: 'Asia/Kolkata' },
    status: { type: 'string', enum: ['active', 'retired'] },
    is_active: { type: 'boolean' },
    require_device_for_punches: {
      type: 'boolean',
      description: "an employee's own punches need an approved device (X-Device-Fingerprint)",
    },
    retired_at: { type: 'string', format: 'date-time', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
