// attendance.export: the locked month of an organization (or one of its units), ready to stream as
// CSV. Permission export.create in the organization (hr, org_admin, system_admin); another
// organization is a 404. An unlocked month is refused with LOCK_PENDING unless allow_unlocked,
// which exports the rows as they are (locked or not). The export is audited as attendance.exported.
//
// The operation decides and audits; the rows are read afterwards, page by page, as fast as the
// reader takes them (`attendanceCsv`), on the pool rather than in the operation's transaction.
import type { Knex } from 'knex';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import type { WorkforceRun } from '../../context.js';
import { requireLockedMonth } from '../../partners/locked-months.js';
import { countMonthRecords, monthRecordPages, type MonthScope } from '../../partners/records.js';
import { recordsToCsv } from '../csv.js';
import { exportQuerySchema } from '../schemas.js';

export interface AttendanceExport {
  organization_code: string;
  unit_code: string | null;
  month: string;
  records: number;
  filename: string;
  /** What the CSV holds: read by attendanceCsv once the export is decided. */
  scope: MonthScope;
}

export const exportAttendance = defineOperation({
  name: 'attendance.export',
  summary: 'Export a locked month (of an organization or one unit) as CSV',
  input: exportQuerySchema,
  permission: 'export.create',
  async run(ctx: WorkforceRun, input): Promise<AttendanceExport> {
    const { db } = ctx;
    await ctx.authorize(input.org_id, 'Organization');
    const org = await db('organizations').where({ id: input.org_id }).first('id', 'code');
    if (!org) throw new NotFoundError('Organization not found.');
    const unit = input.unit_id
      ? await db('organization_units')
          .where({ id: input.unit_id, organization_id: org.id })
          .first('id', 'code')
      : null;
    if (input.unit_id && !unit) throw new NotFoundError('Unit not found.');
    const scope: MonthScope = {
      organizationId: Number(org.id),
      unitId: unit ? Number(unit.id) : null,
      month: input.month,
    };
    const what = unit ? `unit ${org.code}/${unit.code}` : `organization ${org.code}`;
    if (!input.allow_unlocked) await requireLockedMonth(db, scope, what);
    const records = await countMonthRecords(db, scope);
    ctx.audit({
      action: 'attendance.exported',
      subjectType: unit ? 'organization_unit' : 'organization',
      subjectId: unit ? Number(unit.id) : Number(org.id),
      scopeId: Number(org.id),
      details: {
        month: input.month,
        unit_id: unit ? Number(unit.id) : null,
        allow_unlocked: Boolean(input.allow_unlocked),
        records,
      },
    });
    return {
      organization_code: org.code,
      unit_code: unit?.code ?? null,
      month: input.month,
      records,
      filename: `attendance-${org.code}${unit ? `-${unit.code}` : ''}-${input.month}.csv`.replace(
        /[^A-Za-z0-9._-]/g,
        '_',
      ),
      scope,
    };
  },
});

/**
 * The export's CSV, read from `db` (the pool: the operation's transaction has ended) page by page
 * as the stream is read; `onRecord` is called once per record written (a progress bar).
 */
export function attendanceCsv(db: Knex, result: AttendanceExport, onRecord?: () => void): Readable {
  return recordsToCsv(monthRecordPages(db, result.scope), onRecord);
}
