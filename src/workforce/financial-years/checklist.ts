// The financial-year close checklist: every month of the year locked for the whole organization
// (an organization-scope lock; unit locks alone do not close a month), and no leave or
// regularization request still pending or shift_manager_approved inside the year.
// Returns field errors keyed by what fails: months.YYYY-MM, leave_requests.ID, regularization_requests.ID.
import type { Knex } from 'knex';
import { monthsBetween } from '../../core/calendar.js';
import type { FieldErrors } from '../../core/errors.js';

export const OPEN_REQUEST_STATES = ['pending', 'shift_manager_approved'];

export interface FinancialYearRow {
  id: number;
  organization_id: number;
  name: string;
  starts_on: string;
  ends_on: string;
  status: string;
}

export async function closeChecklist(trx: Knex, fy: FinancialYearRow): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const months = monthsBetween(String(fy.starts_on), String(fy.ends_on));
  const locked = await trx('attendance_locks')
    .where({ organization_id: fy.organization_id, scope_key: 'org' })
    .whereIn('month', months)
    .pluck('month');
  for (const month of months) {
    if (!locked.includes(month)) {
      errors[`months.${month}`] = [`The month ${month} is not locked for the whole organization.`];
    }
  }
  for (const table of ['leave_requests', 'regularization_requests'] as const) {
    const open = await trx(`${table} as r`)
      .join('employees as e', 'e.id', 'r.employee_id')
      .where('e.organization_id', fy.organization_id)
      .whereIn('r.state', OPEN_REQUEST_STATES)
      .where('r.from_date', '<=', fy.ends_on)
      .where('r.to_date', '>=', fy.starts_on)
      .orderBy('r.id')
      .select('r.id', 'r.state', 'r.from_date', 'r.to_date', 'e.employee_id as code');
    const what = table === 'leave_requests' ? 'Leave request' : 'Regularization request';
    for (const r of open) {
      errors[`${table}.${r.id}`] = [
        `${what} ${r.id} of ${r.code} (${r.from_date} to ${r.to_date}) is still ${r.state}.`,
      ];
    }
  }
  return errors;
}
