// attendance.correction-request.list (issue 28): the requests hr and org_admin decide, oldest first
// (a pending list reads as a queue), in the organizations where the caller holds attendance.lock;
// filtered by status, employee code and month. An organization or employee filter outside that
// scope is a 404, as in the attendances list.
import { NotFoundError } from '../../../../core/errors.js';
import { defineOperation } from '../../../../core/operation.js';
import type { WorkforceRun } from '../../../context.js';
import { keysetPage, type Page } from '../../../listing.js';
import { listRequestsSchema } from '../schemas.js';
import { selectRequests, serializeRequest, type CorrectionRequestView } from '../serialize.js';

export const listCorrectionRequests = defineOperation({
  name: 'attendance.correction-request.list',
  summary: 'Correction requests against locked months, oldest first',
  input: listRequestsSchema,
  permission: 'attendance.lock',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<CorrectionRequestView>> {
    const { db } = ctx;
    const q = selectRequests(db);
    if (input.organization_id !== undefined) {
      const org = await db('organizations').where({ id: input.organization_id }).first('id');
      if (!org) throw new NotFoundError('Organization not found.');
      await ctx.authorize(Number(org.id), 'Organization');
      q.where('r.organization_id', Number(org.id));
    } else {
      const scopes = await ctx.scopes();
      if (scopes !== null) q.whereIn('r.organization_id', scopes);
    }
    if (input.employee_id !== undefined) {
      const employee = await db('employees')
        .where({ employee_id: input.employee_id })
        .first('id', 'organization_id');
      if (!employee) throw new NotFoundError('Employee not found.');
      await ctx.authorize(Number(employee.organization_id), 'Employee');
      q.where('r.employee_id', Number(employee.id));
    }
    if (input.status) q.where('r.status', input.status);
    if (input.month) q.where('r.month', input.month);
    return keysetPage(
      q,
      {
        limit: input.limit,
        cursor: input.cursor,
        keys: [{ column: 'r.id', field: 'id', direction: 'asc' }],
      },
      serializeRequest,
    );
  },
});
