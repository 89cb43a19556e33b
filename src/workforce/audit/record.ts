// Audit entries are written by each operation inside its own transaction, so an entry exists
// exactly when the change it describes was committed.
import type { Knex } from 'knex';
import type { Clock } from '../../core/clock.js';
import { toDbTime } from '../../db/time.js';

export type AuditEvent =
  | 'employee.offboarded'
  | 'organization_unit.retired'
  | 'organization.retired'
  | 'attendance.lock'
  | 'attendance.unlock'
  | 'financial_year.closed'
  | 'employee_deployment.created'
  | 'employee_deployment.closed'
  | (string & {});

export interface AuditInput {
  event: AuditEvent;
  actorUserId: number | null;
  actorType?: 'user' | 'system' | 'partner';
  subjectType: string;
  subjectId: number;
  organizationId: number | null;
  context: Record<string, unknown>;
}

export async function recordAudit(trx: Knex, clock: Clock, entry: AuditInput): Promise<number> {
  const [id] = await trx('audit_entries').insert({
    event: entry.event,
    actor_user_id: entry.actorUserId,
    actor_type: entry.actorType ?? 'user',
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    organization_id: entry.organizationId,
    context: JSON.stringify(entry.context),
    created_at: toDbTime(clock.now()),
  });
  return Number(id);
}
