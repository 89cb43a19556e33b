// attendance.list-locks: the month-by-month picture of one organization's year: which months are
// locked, for the whole organization or which units, by whom and when, and how many rows each month
// holds and has locked. The year defaults to this year in the organization's time zone.
import { addMonths, zonedParts } from '../../../core/calendar.js';
import { defineRead } from '../../../core/operation.js';
import { DATE_RANGE_YEARS, yup } from '../../../core/validation.js';
import { isoOrNull } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { organizationName, organizationRef } from '../../refs.js';

export interface LockGridLock {
  lock_id: number;
  unit_code: string | null;
  /** The acting user's id, as the lock's own answer gives it; the e-mail beside it for people. */
  locked_by: number;
  locked_by_email: string;
  locked_at: string | null;
}

export interface LockGridMonth {
  month: string;
  state: 'locked' | 'partly locked' | 'open';
  organization_lock: LockGridLock | null;
  unit_locks: LockGridLock[];
  rows: number;
  rows_locked: number;
}

export interface LockGrid {
  organization_id: number;
  organization_code: string;
  year: number;
  months: LockGridMonth[];
}

export const lockGridInput = yup.object({
  organization: organizationName().required(),
  year: yup.number().integer().min(DATE_RANGE_YEARS.min).max(DATE_RANGE_YEARS.max).optional(),
});

export const lockGrid = defineRead('attendance.list-locks', 'organization.view', {
  summary: "A month-by-month grid of an organization's locks for a year",
  input: lockGridInput,
  async run(ctx: WorkforceRun, input): Promise<LockGrid> {
    const org = await organizationRef(ctx.db, input.organization);
    await ctx.authorize(org.id, 'Organization');
    const year = input.year ?? zonedParts(ctx.services.clock.now(), org.timezone).year;
    return {
      organization_code: org.code,
      ...(await grid(ctx, { organization_id: org.id, year })),
    };
  },
});

async function grid(
  ctx: WorkforceRun,
  input: { organization_id: number; year: number },
): Promise<Omit<LockGrid, 'organization_code'>> {
  const { db } = ctx;
  const months = Array.from({ length: 12 }, (_, i) => addMonths(`${input.year}-01`, i));
  const locks = await db('attendance_locks as l')
    .join('users as u', 'u.id', 'l.locked_by')
    .leftJoin('organization_units as ou', 'ou.id', 'l.organization_unit_id')
    .where('l.organization_id', input.organization_id)
    .whereIn('l.month', months)
    .orderBy('l.id')
    .select(
      'l.id',
      'l.month',
      'l.scope_key',
      'l.created_at',
      'l.locked_by',
      'u.email',
      'ou.code as unit_code',
    );
  const counts = await db('attendance')
    .where('organization_id', input.organization_id)
    .where('date', '>=', `${input.year}-01-01`)
    .where('date', '<=', `${input.year}-12-31`)
    .select(db.raw('substr(??, 1, 7) as month', ['date']))
    .count({ rows: '*' })
    .count({ rows_locked: 'locked_at' })
    .groupByRaw('substr(??, 1, 7)', ['date']);
  const byMonth = new Map(counts.map((c: any) => [String(c.month), c]));
  return {
    organization_id: input.organization_id,
    year: input.year,
    months: months.map((month) => {
      const here = locks.filter((l) => l.month === month);
      const describe = (l: any): LockGridLock => ({
        lock_id: Number(l.id),
        unit_code: l.unit_code ?? null,
        locked_by: Number(l.locked_by),
        locked_by_email: String(l.email),
        locked_at: isoOrNull(l.created_at),
      });
      const org = here.find((l) => l.scope_key === 'org');
      const units = here.filter((l) => l.scope_key !== 'org').map(describe);
      const c: any = byMonth.get(month);
      return {
        month,
        state: org ? 'locked' : units.length ? 'partly locked' : 'open',
        organization_lock: org ? describe(org) : null,
        unit_locks: units,
        rows: Number(c?.rows ?? 0),
        rows_locked: Number(c?.rows_locked ?? 0),
      };
    }),
  };
}
