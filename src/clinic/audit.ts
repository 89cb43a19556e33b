// The clinic audit trail: every operation that changes records writes one entry in its own
// transaction, so an entry exists exactly when the change does.
import type { Knex } from 'knex';
import { toDbTime } from '../db/time.js';
import type { ClinicContext } from './context.js';

export interface AuditEntry {
  tenantId: number | null;
  action: string;
  subjectType: string;
  subjectId: number | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(
  trx: Knex.Transaction,
  ctx: ClinicContext,
  entry: AuditEntry,
): Promise<void> {
  await trx('clinic_audit_entries').insert({
    tenant_id: entry.tenantId,
    actor_user_id: ctx.actor.userId,
    via: ctx.actor.via,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: toDbTime(ctx.services.clock.now()),
  });
}
