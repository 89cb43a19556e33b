// A financial year as served: its status and, once closed, the frozen leave-type snapshot.
import type { Knex } from 'knex';
import { isoOrNull } from '../../db/time.js';

export interface LeaveTypeSnapshot {
  leave_type_id: number;
  code: string;
  name: string;
  annual_quota: number;
  carry_forward_max: number;
}

export interface FinancialYearView {
  id: number;
  organization_id: number;
  name: string;
  starts_on: string;
  ends_on: string;
  status: 'open' | 'closing' | 'closed';
  closed_at: string | null;
  close_job_id: number | null;
  leave_type_snapshot: LeaveTypeSnapshot[] | null;
}

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

export const FINANCIAL_YEAR_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    organization_id: { type: 'integer' },
    name: { type: 'string', example: 'FY2025' },
    starts_on: { type: 'string', format: 'date' },
    ends_on: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['open', 'closing', 'closed'] },
    closed_at: { type: 'string', format: 'date-time', nullable: true },
    close_job_id: { type: 'integer', nullable: true },
    leave_type_snapshot: {
      type: 'array',
      nullable: true,
      description: 'null until closed; quota values frozen at close',
      items: {
        type: 'object',
        properties: {
          leave_type_id: { type: 'integer' },
          code: { type: 'string' },
          name: { type: 'string' },
          annual_quota: { type: 'number' },
          carry_forward_max: { type: 'number' },
        },
      },
    },
  },
};
