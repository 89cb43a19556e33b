// Financial years, leave types and requests written straight to the database.
import type { Knex } from 'knex';

const NOW = '2026-01-01 00:00:00.000';

export async function createFinancialYear(
  db: Knex,
  organizationId: number,
  opts: { name?: string; startsOn?: string; endsOn?: string } = {},
) {
  const name = opts.name ?? 'FY2025';
  const [id] = await db('financial_years').insert({
    organization_id: organizationId,
    name,
    starts_on: opts.startsOn ?? '2025-01-01',
    ends_on: opts.endsOn ?? '2025-12-31',
    status: 'open',
    created_at: NOW,
    updated_at: NOW,
  });
  return { id: Number(id), name };
}

export async function createLeaveType(
  db: Knex,
  organizationId: number,
  code: string,
  annualQuota: number,
  carryForwardMax: number,
) {
  const [id] = await db('leave_types').insert({
    organization_id: organizationId,
    code,
    name: `${code} leave`,
    annual_quota: annualQuota,
    carry_forward_max: carryForwardMax,
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

export async function createRequest(
  db: Knex,
  table: 'leave_requests' | 'regularization_requests',
  opts: { employeeId: number; from: string; to: string; state: string; leaveTypeId?: number },
) {
  const row: Record<string, unknown> = {
    employee_id: opts.employeeId,
    from_date: opts.from,
    to_date: opts.to,
    state: opts.state,
    decision_trail: '[]',
    created_at: NOW,
    updated_at: NOW,
  };
  if (table === 'leave_requests') row.leave_type_id = opts.leaveTypeId;
  else row.reason = 'forgot to punch';
  const [id] = await db(table).insert(row);
  return Number(id);
}
