// audit-entry.list (GET /audit-entries): newest first, keyset-paginated, filtered by event,
// subject and organization.
// Who reads the trail (the contract is silent): system_admin everything; otherwise the entries of
// the organizations where the caller holds employee.update (hr, org_admin). Nobody else (403).
import { ForbiddenError, NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { keysetPage, listQueryFields, type Page } from '../../listing.js';
import { serializeAuditEntry, type AuditEntryView } from '../serialize.js';

export const auditQuery = yup.object({
  ...listQueryFields,
  event: yup.string().max(64).meta({ example: 'employee.offboarded' }),
  subject_type: yup.string().max(64).meta({ example: 'employee' }),
  subject_id: idNumber(),
  organization_id: idNumber(),
});

export const listAuditEntries = defineRead('audit-entry.list', 'employee.update', {
  summary: 'The audit trail, newest first',
  input: auditQuery,
  async run(ctx: WorkforceRun, query): Promise<Page<AuditEntryView>> {
    const q = ctx.db('audit_entries').select();
    // null: every organization (system_admin); otherwise where the caller holds employee.update.
    const readable = await ctx.scopes();
    if (readable !== null) {
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
  },
});
