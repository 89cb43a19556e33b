// The payroll pull: a partner reads the full locked month of one of its organizations as a JSON
// array of daily attendance records, written as the database pages are read (never all in memory),
// and only as fast as the partner reads it (Readable.from pulls the next page on demand). A read:
// the pages are read on the pool after run() has returned, as the partner takes them.
import { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import { idNumber, isoMonth, yup } from '../../../core/validation.js';
import { actingPartner, type WorkforceRun } from '../../context.js';
import { requireLockedMonth } from '../locked-months.js';
import { monthRecordPages, type MonthScope } from '../records.js';

export const pullQuerySchema = yup
  .object({
    month: isoMonth().required(),
    org_id: idNumber().required(),
  })
  .required();

export type PullQuery = yup.InferType<typeof pullQuerySchema>;

export interface PulledMonth {
  organizationCode: string;
  month: string;
  body: Readable;
}

export const pullLockedMonth = defineOperation({
  name: 'payroll.pull',
  summary: 'The full locked month of a linked organization as daily attendance records (streamed)',
  input: pullQuerySchema,
  permission: 'partner',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<PulledMonth> {
    const { db } = ctx;
    const partner = actingPartner(ctx);
    // Not linked and not existing look the same: a partner learns nothing about other organizations.
    const org = partner.organizationIds.includes(input.org_id)
      ? await db('organizations').where({ id: input.org_id }).first('id', 'code')
      : undefined;
    if (!org) throw new NotFoundError('Organization not found.');
    const scope: MonthScope = { organizationId: Number(org.id), month: input.month };
    await requireLockedMonth(db, scope, `organization ${org.code}`);
    return {
      organizationCode: org.code,
      month: input.month,
      body: Readable.from(jsonArray(monthRecordPages(db, scope)), { objectMode: false }),
    };
  },
});

/** `[rec,rec,…]`, one chunk per page of records, so the socket gets few large writes. */
export async function* jsonArray(pages: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let open = '[';
  for await (const page of pages) {
    if (!page.length) continue;
    yield open + page.map((record) => JSON.stringify(record)).join(',');
    open = ',';
  }
  yield open === '[' ? '[]' : ']';
}
