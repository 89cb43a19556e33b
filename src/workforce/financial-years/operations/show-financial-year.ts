// financial-year.show (GET /financial-years/{id}): the year with its status and, once closed, the
// snapshot. Readable by anyone with a role in the organization.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import type { WorkforceRun } from '../../context.js';
import { namedFinancialYearId } from '../../refs.js';
import { financialYearInput } from '../schemas.js';
import { viewFinancialYear, type FinancialYearView } from '../serialize.js';

export const showFinancialYear = defineRead('financial-year.show', 'organization.view', {
  summary: 'A financial year: status open, closing or closed, and the leave-type snapshot once closed',
  input: financialYearInput,
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
