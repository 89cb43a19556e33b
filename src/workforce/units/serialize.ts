// An organization unit as the API shows it.
import { isoOrNull } from '../../db/time.js';
import { bool } from '../context.js';

export function serializeUnit(row: any) {
  return {
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    code: row.code,
    name: row.name,
    timezone: row.timezone,
    status: row.status,
    is_active: bool(row.is_active),
    retired_at: isoOrNull(row.retired_at),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type UnitView = ReturnType<typeof serializeUnit>;

export const UNIT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    organization_id: { type: 'integer' },
    code: { type: 'string', example: 'BLR' },
    name: { type: 'string' },
    timezone: { type: 'string', example: 'Asia/Kolkata' },
    status: { type: 'string', enum: ['active', 'retired'] },
    is_active: { type: 'boolean' },
    retired_at: { type: 'string', format: 'date-time', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
