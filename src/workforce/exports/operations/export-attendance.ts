// attendance.export: the locked month of an organization (or one of its units), ready to stream as
// CSV. Permission export.create in the organization (hr, org_admin, system_admin); another
// organization is a 404. An unlocked month is refused with LOCK_PENDING unless allow_unlocked,
// which exports the rows as they are (locked or not). The export is audited as attendance.exported.
//
// The lock check, the count and every page are read in the operation's transaction, REPEATABLE READ
// on MySQL (one snapshot; on SQLite no writer commits meanwhile): an unlock, or a correction after
// an unlock, that commits while the month is being read cannot change what the export holds or
// the record count it announces. The CSV is spooled to a temporary file in that transaction and
// streamed from it as fast as the reader takes it, so no transaction waits on a slow client.
import { Transform, type Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { WorkforceRun } from '../../context.js';
import { requireLockedMonth } from '../../partners/locked-months.js';
import { spoolToTempFile } from '../../../core/spool.js';
import { monthRecordPages, type DailyRecord, type MonthScope } from '../../partners/records.js';
import { recordsToCsv } from '../csv.js';
import { idOrName, organizationRef, unitRef } from '../../refs.js';
import { exportInput } from '../schemas.js';

export interface AttendanceExport {
  organization_code: string;
  unit_code: string | null;
  month: string;
  records: number;
  filename: string;
  /** The CSV (header and `records` lines), read from the operation's snapshot. */
  body: Readable;
}

export const exportAttendance = defineWrite('attendance.export', 'export.create', {
  summary: 'Export a locked month (of an organization or one unit) as CSV',
  input: exportInput,
  isolation: 'repeatable read',
  async run(ctx: WorkforceRun & { exportTools?: ExportTools }, input): Promise<AttendanceExport> {
    const { db } = ctx;
    const orgId = await idOrName(input.org_id, input.organization, 'org_id', (ref) =>
      organizationRef(db, ref),
    );
    await ctx.authorize(orgId, 'Organization');
    const org = await db('organizations').where({ id: orgId }).first('id', 'code');
    if (!org) throw new NotFoundError('Organization not found.');
    // A unit the CLI names (BLR, ACME/BLR) is one of this organization, or the refs' 404 naming it.
    const unitId = input.unit ? (await unitRef(db, Number(org.id), input.unit)).id : input.unit_id;
    const unit = unitId
      ? await db('organization_units').where({ id: unitId, organization_id: org.id }).first('id', 'code')
      : null;
    if (unitId && !unit) throw new NotFoundError('Unit not found.');
    const scope: MonthScope = {
      organizationId: Number(org.id),
      unitId: unit ? Number(unit.id) : null,
      month: input.month,
    };
    const what = unit ? `unit ${org.code}/${unit.code}` : `organization ${org.code}`;
    if (!input.allow_unlocked) await requireLockedMonth(db, scope, what);
    let records = 0;
    const body = await spoolToTempFile(
      'export',
      recordsToCsv(counted(monthRecordPages(db, scope), (n) => (records += n), ctx.exportTools)),
    );
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
      body,
    };
  },
});

export interface ExportTools {
  /** Called after each page is passed on, inside the transaction (tests unlock the month here). */
  onPage?: (index: number) => Promise<void> | void;
}

async function* counted(pages: AsyncIterable<DailyRecord[]>, add: (n: number) => void, tools?: ExportTools) {
  let index = 0;
  for await (const page of pages) {
    add(page.length);
    yield page;
    await tools?.onPage?.(index++);
  }
}

/**
 * The export's CSV as the reader takes it; `onRecord` is called once per record line passed on (a
 * progress bar). Lines are counted by their newlines, so a record with a line break inside a quoted
 * cell counts twice: the count is capped at the records the export holds.
 */
export function attendanceCsv(result: AttendanceExport, onRecord?: () => void): Readable {
  if (!onRecord) return result.body;
  let lines = -1; // the header
  const counting = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        if (++lines > 0 && lines <= result.records) onRecord();
      }
      done(null, chunk);
    },
  });
  result.body.on('error', (err) => counting.destroy(err));
  return result.body.pipe(counting);
}
