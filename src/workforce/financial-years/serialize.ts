// A financial year as served: its status and, once closed, the frozen leave-type snapshot.
import type { Knex } from 'knex';
import {
  Bool,
  DateOnly,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Num,
  Obj,
  Str,
  type Shape,
} from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';

export const FINANCIAL_YEAR_STATUSES = ['open', 'closing', 'closed'] as const;

/** A leave type's quota values as frozen when the year closed. */
export const LeaveTypeSnapshot = Obj({
  leave_type_id: Int(),
  code: Str(),
  name: Str(),
  annual_quota: Num(),
  carry_forward_max: Num(),
});
export type LeaveTypeSnapshot = Shape<typeof LeaveTypeSnapshot>;

/** The contract's Financial year. */
export const FinancialYear = Obj({
  id: Int(),
  organization_id: Int(),
  name: Str({ example: 'FY2025' }),
  starts_on: DateOnly(),
  ends_on: DateOnly(),
  status: Enum(FINANCIAL_YEAR_STATUSES),
  closed_at: Nullable(DateTime()),
  close_job_id: Nullable(Int()),
  leave_type_snapshot: Nullable(
    List(LeaveTypeSnapshot, { description: 'null until closed; quota values frozen at close' }),
  ),
});
export type FinancialYearView = Shape<typeof FinancialYear>;

/** POST /financial-years/{id}/close: accepted (202), the close job queued. */
export const FinancialYearCloseAccepted = Obj({
  id: Int(),
  organization_id: Int(),
  name: Str(),
  status: Enum(['closing'] as const),
  job_id: Nullable(Int({ description: 'the queued close job; null on a dry run, which queues none' })),
  dry_run: Bool({
    description: 'true for a preview (wfctl fy close --dry-run): nothing was queued or changed',
  }),
});

export async function viewFinancialYear(db: Knex, row: any): Promise<FinancialYearView> {
  const snapshot =
    row.status === 'closed'
      ? (
          await db('leave_type_snapshots')
            .where({ financial_year_id: row.id })
            .orderBy('code')
            .select('leave_type_id', 'code', 'name', 'annual_quota', 'carry_forward_max')
        ).map((s) => ({
          leave_type_id: Number(s.leave_type_id),
          code: String(s.code),
          name: String(s.name),
          annual_quota: Number(s.annual_quota),
          carry_forward_max: Number(s.carry_forward_max),
        }))
      : null;
  return {
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    name: String(row.name),
    starts_on: String(row.starts_on),
    ends_on: String(row.ends_on),
    status: row.status,
    closed_at: isoOrNull(row.closed_at),
    close_job_id:
      row.close_job_id === null || row.close_job_id === undefined ? null : Number(row.close_job_id),
    leave_type_snapshot: snapshot,
  };
}
