// An employee's cursor-paginated lists: shift assignments, leave and regularization requests,
// devices (GET /employees/{id}/…). Readable by whoever may read the employee (visibility.ts).
import type { Knex } from 'knex';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { serializeDevice } from '../../devices/serialize.js';
import { ascending, keysetPage, listQueryFields, type Page } from '../../listing.js';
import { serializeLeave, serializeRegularization } from '../../requests/serialize.js';
import { serializeShift } from '../../shifts/serialize.js';
import { readableEmployee } from '../visibility.js';

export const employeeListInput = yup.object({ employee_id: idNumber().required(), ...listQueryFields });

/** One of the lists: the employee's rows (`rows`), in the order of `keys`, each serialized. */
function employeeList<T>(list: {
  name: string;
  summary: string;
  rows: (db: Knex, employeeId: number) => Knex.QueryBuilder;
  keys: string[];
  serialize: (row: any) => T;
}) {
  return defineRead(list.name, 'organization.view', {
    summary: list.summary,
    input: employeeListInput,
    async run(ctx: WorkforceRun, input): Promise<Page<T>> {
      const employee = await readableEmployee(ctx, input.employee_id);
      const keys = ascending(...list.keys);
      return keysetPage(list.rows(ctx.db, Number(employee.id)), { ...input, keys }, list.serialize);
    },
  });
}

export const listShiftAssignments = employeeList({
  name: 'shift-assignment.list',
  summary: "The employee's shift assignments",
  rows: (db, id) => db('shift_assignments').where('employee_id', id).select(),
  keys: ['assigned_for', 'id'],
  serialize: serializeShift,
});

export const listLeaves = employeeList({
  name: 'leave.list',
  summary: "The employee's leave requests",
  rows: (db, id) =>
    db('leave_requests')
      .join('leave_types', 'leave_types.id', 'leave_requests.leave_type_id')
      .where('leave_requests.employee_id', id)
      .select('leave_requests.*', 'leave_types.code as leave_type_code'),
  keys: ['leave_requests.from_date', 'leave_requests.id'],
  serialize: serializeLeave,
});

export const listRegularizations = employeeList({
  name: 'regularization.list',
  summary: "The employee's regularization requests",
  rows: (db, id) => db('regularization_requests').where('employee_id', id).select(),
  keys: ['from_date', 'id'],
  serialize: serializeRegularization,
});

export const listDevices = employeeList({
  name: 'device.list',
  summary: "The employee's devices",
  rows: (db, id) => db('devices').where('employee_id', id).select(),
  keys: ['id'],
  serialize: serializeDevice,
});
