// financial-year.list: an organization's financial years, oldest first, each with its status (and
// its leave-type snapshot once closed). Readable by anyone with a role in the organization.
import { defineRead } from '../../../core/operation.js';
import type { WorkforceRun } from '../../context.js';
import { organizationRef } from '../../refs.js';
import { financialYearListInput } from '../schemas.js';
import { viewFinancialYear, type FinancialYearView } from '../serialize.js';

export interface FinancialYearList {
  organization_id: number;
  organization_code: string;
  financial_years: FinancialYearView[];
}

export const listFinancialYears = defineRead('financial-year.list', 'organization.view', {
  summary: "An organization's financial years with their status",
  input: financialYearListInput,
  async run(ctx: WorkforceRun, input): Promise<FinancialYearList> {
    const org = await organizationRef(ctx.db, input.organization);
    await ctx.authorize(org.id, 'Organization');
    const rows = await ctx
      .db('financial_years')
      .where({ organization_id: org.id })
      .orderBy([
        { column: 'starts_on', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    const years: FinancialYearView[] = [];
    for (const row of rows) years.push(await viewFinancialYear(ctx.db, row));
    return { organization_id: org.id, organization_code: org.code, financial_years: years };
  },
});
