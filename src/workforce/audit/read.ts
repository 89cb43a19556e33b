// GET /audit-entries: newest first, keyset-paginated, filtered by event, subject and organization.
// Who reads the trail (the contract is silent): system_admin everything; otherwise the entries of
// the organizations where the caller holds employee.update (hr, org_admin). Nobody else (403).
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { isoOrNull } from '../../db/time.js';
import { idNumber, yup } from '../../core/validation.js';
import type { WorkforceContext } from '../context.js';
import { hasPermission, isSystemAdmin } from '../identity/principal.js';
import { keysetPage, listQueryFields } from '../listing.js';

export const auditQuery = yup.object({
  ...listQueryFields,
  event: yup.string().max(64).meta({ example: 'employee.offboarded' }),
  subject_type: yup.string().max(64).meta({ example: 'employee' }),
  subject_id: idNumber(),
  organization_id: idNumber(),
});

export type AuditQuery = yup.InferType<typeof auditQuery>;

export async function listAuditEntries({ services, actor }: WorkforceContext, query: AuditQuery) {
  const q = services.db('audit_entries').select();
  if (!isSystemAdmin(actor)) {
    const readable = [
      ...new Set(
        actor.grants
          .filter(
            (g) => g.organizationId !== null && hasPermission(actor, 'employee.update', g.organizationId),
          )
          .map((g) => g.organizationId as number),
      ),
    ];
    if (readable.length === 0) throw new ForbiddenError('You may not read the audit trail.');
    if (query.organization_id !== undefined && !readable.includes(query.organization_id)) {
      throw new NotFoundError('Organization not found.');
    }
    q.whereIn('organization_id', readable);
  }
  if (query.organization_id !== undefined) q.where('organization_id', query.organization_id);
  if (query.event) q.where('event', query.event);
  if (query.subject_type) q.where('subject_type', query.subject_type);
  if (query.subject_id !== undefined) q.where('subject_id', query.subject_id);
  return keysetPage(
    q,
    { limit: query.limit, cursor: query.cursor, keys: [{ column: 'id', field: 'id', direction: 'desc' }] },
    serializeAuditEntry,
  );
}

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
