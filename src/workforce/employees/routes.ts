// Employee endpoints: read the record and its lists; offboard.
import type { TSchema } from '@sinclair/typebox';
import type { Operation } from '../../core/operation.js';
import type { Shape } from '../../core/shape.js';
import type { WorkforceActor } from '../context.js';
import { EmployeeDevice } from '../devices/serialize.js';
import { operationRoute } from '../operation-route.js';
import { PageOf, type Page } from '../listing.js';
import { dryRunQuery } from '../params.js';
import { LeaveRequest, RegularizationRequest } from '../requests/serialize.js';
import { ShiftAssignment } from '../shifts/serialize.js';
import {
  listDevices,
  listLeaves,
  listRegularizations,
  listShiftAssignments,
} from './operations/employee-lists.js';
import { offboardEmployee } from './operations/offboard-employee.js';
import { getEmployee } from './operations/read-employees.js';
import { EmployeeWithDeployments, OffboardResult } from './serialize.js';

const tags = ['employees'];
const readErrors = { 403: 'An employee reading another employee of the organization' };

// The item's shape types the operation's page, so a list cannot serve what its document does not say.
const list = <S extends TSchema>(
  path: string,
  item: S,
  op: Operation<WorkforceActor, { employee_id: number; limit: number; cursor?: string }, Page<Shape<S>>>,
) =>
  operationRoute(op, {
    method: 'GET',
    path: `/api/v1/employees/:id/${path}`,
    tags,
    responses: { 200: { description: 'a page, keyset-paginated', schema: PageOf(item) } },
    errors: readErrors,
    pathFields: { id: 'employee_id' },
  });

export const employeeRoutes = [
  operationRoute(getEmployee, {
    method: 'GET',
    path: '/api/v1/employees/:id',
    tags,
    responses: {
      200: {
        description: 'the employee',
        schema: EmployeeWithDeployments,
      },
    },
    errors: readErrors,
    pathFields: { id: 'employee_id' },
  }),
  list('shift-assignments', ShiftAssignment, listShiftAssignments),
  list('leaves', LeaveRequest, listLeaves),
  list('regularizations', RegularizationRequest, listRegularizations),
  list('devices', EmployeeDevice, listDevices),
  operationRoute(offboardEmployee, {
    method: 'POST',
    path: '/api/v1/employees/:id/offboard',
    description:
      'Ends deployments on the last working day, cancels future planned shifts, revokes devices, ' +
      'deletes tokens, rejects open leaves and regularizations ending after the last day, removes ' +
      'roles, deactivates the user and soft-deletes the employee. ?dry_run=true returns the same ' +
      'summary and changes nothing.',
    tags,
    query: dryRunQuery,
    responses: { 200: { description: 'the cascade summary', schema: OffboardResult } },
    errors: { 403: 'Missing employee.update', 409: 'Already offboarded (code ALREADY_OFFBOARDED)' },
    pathFields: { id: 'employee_id' },
    dryRun: ({ query }) => query.dry_run,
  }),
];
