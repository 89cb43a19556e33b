// GET /financial-years/{id}: the year with its status and, once closed, the snapshot.
import { NotFoundError } from '../../../core/errors.js';
import { authorizeRead } from '../../identity/principal.js';
import type { OperationContext } from '../../attendance/context.js';
import { viewFinancialYear, type FinancialYearView } from '../serialize.js';

export async function showFinancialYear(
  ctx: OperationContext,
  input: { id: number },
): Promise<FinancialYearView> {
  const { db } = ctx.services;
  const fy = await db('financial_years').where({ id: input.id }).first();
  if (!fy) throw new NotFoundError('Financial year not found.');
  authorizeRead(ctx.actor, Number(fy.organization_id), 'Financial year');
  return viewFinancialYear(db, fy);
}
