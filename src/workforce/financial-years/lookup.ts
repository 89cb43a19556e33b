// CLI lookup: a financial year named ORG/NAME (ACME/FY2025) or by numeric id.
import type { Knex } from 'knex';
import { UsageError } from '../../core/errors.js';

export async function resolveFinancialYear(db: Knex, ref: string): Promise<number> {
  let row: { id: number } | undefined;
  if (/^\d+$/.test(ref)) {
    row = await db('financial_years').where('id', Number(ref)).first('id');
  } else {
    const slash = ref.lastIndexOf('/');
    if (slash <= 0) {
      throw new UsageError(`Name the financial year as ORG/NAME (e.g. ACME/FY2025) or by id, not "${ref}".`, {
        year: ['expected ORG/NAME or an id'],
      });
    }
    row = await db('financial_years as f')
      .join('organizations as o', 'o.id', 'f.organization_id')
      .where({ 'o.code': ref.slice(0, slash), 'f.name': ref.slice(slash + 1) })
      .first('f.id');
  }
  if (!row) throw new UsageError(`No financial year ${ref}.`, { year: [`unknown financial year ${ref}`] });
  return Number(row.id);
}
