// attendance.correction-request.list (issue 28): the requests hr and org_admin decide, oldest first
// (a pending list reads as a queue), in the organizations where the caller holds attendance.lock;
// filtered by status, employee code and month. An organization or employee filter outside that
// scope is a 404, as in the attendances list.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../../core/errors.js';
import { defineRead } from '../../../../core/operation.js';
import type { WorkforceRun } from '../../../context.js';
import { ascending, keysetPage, ofReadableOrganizations, type Page } from '../../../listing.js';
import { listRequestsInput } from '../schemas.js';
import { serializeRequest, type CorrectionRequestView } from '../serialize.js';

export const listCorrectionRequests = defineRead('attendance.correction-request.list', 'attendance.lock', {
  summary: 'Correction requests against locked months, oldest first',
  input: listRequestsInput,
  async run(ctx: WorkforceRun, input): Promise<Page<CorrectionRequestView>> {
    const { db } = ctx;
    // The page from the requests table alone (its own indexes: docs/list-plans.md), then the codes
    // of its employees and organizations: joined in, SQLite drove an empty table's page from
    // employees and sorted them.
    const q = db('attendance_correction_requests as r').select('r.*');
    if (input.organization_id !== undefined) {
      const org = await db('organizations').where({ id: input.organization_id }).first('id');
      if (!org) throw new NotFoundError('Organization not found.');
      await ctx.authorize(Number(org.id), 'Organization');
      q.where('r.organization_id', Number(org.id));
    } else {
      await ofReadableOrganizations(ctx, q, 'r.organization_id', input.organization);
    }
    if (input.employee_id !== undefined) {
      const employee = await db('employees')
        .where({ employee_id: input.employee_id })
        .first('id', 'organization_id');
      if (!employee) throw new NotFoundError('Employee not found.');
      await ctx.authorize(Number(employee.organization_id), 'Employee');
      q.where('r.employee_id', Number(employee.id));
    }
    if (input.status) q.where('r.status', input.status);
    if (input.month) q.where('r.month', input.month);
    const page = await keysetPage(q, { ...input, keys: ascending('r.id') }, (row) => row);
    const codes = await codesOf(db, page.data);
    return {
      ...page,
      data: page.data.map((r) =>
        serializeRequest({
          ...r,
          employee_code: codes.employees.get(Number(r.employee_id)),
          organization_code: codes.organizations.get(Number(r.organization_id)),
        }),
      ),
    };
  },
});

/** The employee and organization codes of a page's requests, two small lookups by primary key. */
async function codesOf(db: Knex, rows: any[]) {
  const ids = (key: string) => [...new Set(rows.map((r) => Number(r[key])))];
  const [employees, organizations] = await Promise.all([
    rows.length ? db('employees').whereIn('id', ids('employee_id')).select('id', 'employee_id as code') : [],
    rows.length ? db('organizations').whereIn('id', ids('organization_id')).select('id', 'code') : [],
  ]);
  const map = (list: any[]) => new Map<number, string>(list.map((x) => [Number(x.id), String(x.code)]));
  return { employees: map(employees), organizations: map(organizations) };
}
