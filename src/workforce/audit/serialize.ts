// An audit entry as GET /audit-entries shows it.
import { Type } from '@sinclair/typebox';
import { DateTime, Dict, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

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
  return fromRow(AuditEntry, row, {
    context,
  });
}
