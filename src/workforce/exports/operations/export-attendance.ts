// exportAttendance: the locked month of an organization (or one of its units) as a CSV stream.
// Permission export.create in the organization (hr, org_admin, system_admin); another organization
// is a 404. An unlocked month is refused with LOCK_PENDING unless allowUnlocked, which exports the
// rows as they are (locked or not). The export is audited as attendance.exported.
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import type { WorkforceContext } from '../../context.js';
import { authorize } from '../../identity/principal.js';
import { requireLockedMonth } from '../../partners/locked-months.js';
import { countMonthRecords, monthRecordPages, type MonthScope } from '../../partners/records.js';
import { recordsToCsv } from '../csv.js';

export interface ExportInput {
  organizationId: number;
  unitId?: number | null;
  month: string;
  allowUnlocked?: boolean;
}

export interface AttendanceExport {
  organization_code: string;
  unit_code: string | null;
  month: string;
  records: number;
  filename: string;
  csv: Readable;
}

export async function exportAttendance(
  ctx: WorkforceContext & { onRecord?: () => void },
  input: ExportInput,
): Promise<AttendanceExport> {
  const { db, clock } = ctx.services;
  authorize(ctx.actor, 'export.create', input.organizationId, 'Organization');
  const org = await db('organizations').where({ id: input.organizationId }).first('id', 'code');
  if (!org) throw new NotFoundError('Organization not found.');
  const unit = input.unitId
    ? await db('organization_units').where({ id: input.unitId, organization_id: org.id }).first('id', 'code')
    : null;
  if (input.unitId && !unit) throw new NotFoundError('Unit not found.');
  const scope: MonthScope = {
    organizationId: Number(org.id),
    unitId: unit ? Number(unit.id) : null,
    month: input.month,
  };
  const what = unit ? `unit ${org.code}/${unit.code}` : `organization ${org.code}`;
  if (!input.allowUnlocked) await requireLockedMonth(db, scope, what);
  const records = await countMonthRecords(db, scope);
  await inTransaction(db, (trx) =>
    recordAudit(trx, clock, {
      event: 'attendance.exported',
      actorUserId: ctx.actor.userId,
      subjectType: unit ? 'organization_unit' : 'organization',
      subjectId: unit ? Number(unit.id) : Number(org.id),
      organizationId: Number(org.id),
      context: {
        month: input.month,
        unit_id: unit ? Number(unit.id) : null,
        allow_unlocked: Boolean(input.allowUnlocked),
        records,
      },
    }),
  );
  return {
    organization_code: org.code,
    unit_code: unit?.code ?? null,
    month: input.month,
    records,
    filename: `attendance-${org.code}${unit ? `-${unit.code}` : ''}-${input.month}.csv`.replace(
      /[^A-Za-z0-9._-]/g,
      '_',
    ),
    csv: recordsToCsv(monthRecordPages(db, scope), ctx.onRecord),
  };
}
