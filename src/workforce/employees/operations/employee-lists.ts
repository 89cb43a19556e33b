// An employee's cursor-paginated lists: shift assignments, leave and regularization requests,
// devices (GET /employees/{id}/…). Readable by whoever may read the employee (visibility.ts).
import { defineOperation } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { serializeDevice } from '../../devices/serialize.js';
import { keysetPage, listQueryFields, type Page } from '../../listing.js';
import { serializeLeave, serializeRegularization } from '../../requests/serialize.js';
import { serializeShift } from '../../shifts/serialize.js';
import { readableEmployee } from '../visibility.js';

export const employeeListInput = yup.object({ employee_id: idNumber().required(), ...listQueryFields });

export const listShiftAssignments = defineOperation({
  name: 'shift-assignment.list',
  summary: "The employee's shift assignments",
  input: employeeListInput,
  permission: 'organization.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<ReturnType<typeof serializeShift>>> {
    const employee = await readableEmployee(ctx, input.employee_id);
    return keysetPage(
      ctx.db('shift_assignments').where('employee_id', employee.id).select(),
      {
        limit: input.limit,
        cursor: input.cursor,
        keys: [
          { column: 'assigned_for', field: 'assigned_for', direction: 'asc' },
          { column: 'id', field: 'id', direction: 'asc' },
        ],
      },
      serializeShift,
    );
  },
});

export const listLeaves = defineOperation({
  name: 'leave.list',
  summary: "The employee's leave requests",
  input: employeeListInput,
  permission: 'organization.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<ReturnType<typeof serializeLeave>>> {
    const employee = await readableEmployee(ctx, input.employee_id);
    return keysetPage(
      ctx
        .db('leave_requests')
        .join('leave_types', 'leave_types.id', 'leave_requests.leave_type_id')
        .where('leave_requests.employee_id', employee.id)
        .select('leave_requests.*', 'leave_types.code as leave_type_code'),
      {
        limit: input.limit,
        cursor: input.cursor,
        keys: [
          { column: 'leave_requests.from_date', field: 'from_date', direction: 'asc' },
          { column: 'leave_requests.id', field: 'id', direction: 'asc' },
        ],
      },
      serializeLeave,
    );
  },
});

export const listRegularizations = defineOperation({
  name: 'regularization.list',
  summary: "The employee's regularization requests",
  input: employeeListInput,
  permission: 'organization.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<ReturnType<typeof serializeRegularization>>> {
    const employee = await readableEmployee(ctx, input.employee_id);
    return keysetPage(
      ctx.db('regularization_requests').where('employee_id', employee.id).select(),
      {
        limit: input.limit,
        cursor: input.cursor,
        keys: [
          { column: 'from_date', field: 'from_date', direction: 'asc' },
          { column: 'id', field: 'id', direction: 'asc' },
        ],
      },
      serializeRegularization,
    );
  },
});

export const listDevices = defineOperation({
  name: 'device.list',
  summary: "The employee's devices",
  input: employeeListInput,
  permission: 'organization.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<ReturnType<typeof serializeDevice>>> {
    const employee = await readableEmployee(ctx, input.employee_id);
    return keysetPage(
      ctx.db('devices').where('employee_id', employee.id).select(),
      { limit: input.limit, cursor: input.cursor, keys: [{ column: 'id', field: 'id', direction: 'asc' }] },
      serializeDevice,
    );
  },
});
