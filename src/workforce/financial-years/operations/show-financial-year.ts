// financial-year.show (GET /financial-years/{id}): the year with its status and, once closed, the
// snapshot. Readable by anyone with a role in the organization.
import { NotFoundError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import type { WorkforceRun } from '../../context.js';
import { namedFinancialYearId } from '../../refs.js';
import { financialYearInput } from '../schemas.js';
import { viewFinancialYear, type FinancialYearView } from '../serialize.js';

export const showFinancialYear = defineOperation({
  name: 'financial-year.show',
  summary: 'A financial year: status open, closing or closed, and the leave-type snapshot once closed',
  input: financialYearInput,
  permission: 'organization.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<FinancialYearView> {
    const fy = await ctx
      .db('financial_years')
      .where({ id: await namedFinancialYearId(ctx.db, input) })
      .first();
    if (!fy) throw new NotFoundError('Financial year not found.');
    await ctx.authorize(Number(fy.organization_id), 'Financial year');
    return viewFinancialYear(ctx.db, fy);
  },
});
