// The payroll pull: a partner reads the full locked month of one of its organizations as a JSON
// array of daily attendance records, written as the database pages are read (never all in memory),
// and only as fast as the partner reads it (Readable.from pulls the next page on demand).
import { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import type { Services } from '../../../core/services.js';
import { idNumber, isoMonth, yup } from '../../../core/validation.js';
import type { PartnerPrincipal } from '../../identity/principal.js';
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

export async function pullLockedMonth(
  ctx: { services: Services; partner: PartnerPrincipal },
  input: PullQuery,
): Promise<PulledMonth> {
  const { db } = ctx.services;
  // Not linked and not existing look the same: a partner learns nothing about other organizations.
  const org = ctx.partner.organizationIds.includes(input.org_id)
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
}

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
