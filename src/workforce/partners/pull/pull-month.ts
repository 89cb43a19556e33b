// The payroll pull: a partner reads the full locked month of one of its organizations as a JSON
// array of daily attendance records. The lock check and every page are read inside one read-only
// transaction (snapshot.ts), so an unlock during the pull never puts unlocked rows under a 200; the
// month is spooled to a temporary file in that transaction (never all in memory) and streamed from
// it as fast as the partner reads.
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, isoMonth, yup } from '../../../core/validation.js';
import { actingPartner, type WorkforceRun } from '../../context.js';
import type { MonthScope } from '../records.js';
import { lockedMonthSnapshot, type SnapshotTools } from './snapshot.js';

export const pullQuerySchema = yup
  .object({
    month: isoMonth().required(),
    org_id: idNumber().required(),
  })
  .required();

export interface PulledMonth {
  organizationCode: string;
  month: string;
  body: Readable;
}

export const pullLockedMonth = defineRead('payroll.pull', 'partner', {
  summary: 'The full locked month of a linked organization as daily attendance records (streamed)',
  input: pullQuerySchema,
  async run(ctx: WorkforceRun & { pullTools?: SnapshotTools }, input): Promise<PulledMonth> {
    const { db } = ctx;
    const partner = actingPartner(ctx);
    // Not linked and not existing look the same: a partner learns nothing about other organizations.
    const org = partner.organizationIds.includes(input.org_id)
      ? await db('organizations').where({ id: input.org_id }).first('id', 'code')
      : undefined;
    if (!org) throw new NotFoundError('Organization not found.');
    const scope: MonthScope = { organizationId: Number(org.id), month: input.month };
    return {
      organizationCode: org.code,
      month: input.month,
      body: await lockedMonthSnapshot(db, scope, `organization ${org.code}`, ctx.pullTools),
    };
  },
});
