// An audit entry as GET /audit-entries shows it.
import { Type } from '@sinclair/typebox';
import { DateTime, Dict, Enum, Int, Nullable, Obj, Str, type Shape } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';

export const AuditEntry = Obj({
  id: Int(),
  event: Str({ example: 'organization_unit.retired' }),
  actor_user_id: Nullable(Int()),
  actor_type: Enum(['user', 'system', 'partner'] as const),
  subject_type: Str({ example: 'organization_unit' }),
  subject_id: Int(),
  organization_id: Nullable(Int()),
  context: Dict(Type.Unknown(), {
    description: 'event-specific; the cascade summary for lifecycle flows',
  }),
  created_at: Nullable(DateTime()),
});
export type AuditEntryView = Shape<typeof AuditEntry>;

export function serializeAuditEntry(row: any): AuditEntryView {
  let context: Record<string, unknown> = {};
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
