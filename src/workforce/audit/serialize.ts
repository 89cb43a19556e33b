// An audit entry as GET /audit-entries shows it.
import { isoOrNull } from '../../db/time.js';

export function serializeAuditEntry(row: any) {
  let context: unknown = {};
  try {
    context = JSON.parse(row.context);
  } catch {
    context = {};
  }
  return {
    id: Number(row.id),
    event: row.event,
    actor_user_id: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actor_type: row.actor_type,
    subject_type: row.subject_type,
    subject_id: Number(row.subject_id),
    organization_id: row.organization_id === null ? null : Number(row.organization_id),
    context,
    created_at: isoOrNull(row.created_at),
  };
}

export type AuditEntryView = ReturnType<typeof serializeAuditEntry>;

export const AUDIT_ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    event: { type: 'string', example: 'organization_unit.retired' },
    actor_user_id: { type: 'integer', nullable: true },
    actor_type: { type: 'string', enum: ['user', 'system', 'partner'] },
    subject_type: { type: 'string', example: 'organization_unit' },
    subject_id: { type: 'integer' },
    organization_id: { type: 'integer', nullable: true },
    context: { type: 'object', description: 'event-specific; the cascade summary for lifecycle flows' },
    created_at: { type: 'string', format: 'date-time' },
  },
};
