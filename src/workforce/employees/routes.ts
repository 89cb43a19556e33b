// Employee endpoints: read the record and its lists; offboard.
import type { Operation } from '../../core/operation.js';
import { yup } from '../../core/validation.js';
import type { WorkforceActor } from '../context.js';
import { DEPLOYMENT_SCHEMA } from '../deployments/serialize.js';
import { DEVICE_SCHEMA } from '../devices/serialize.js';
import { operationRoute } from '../operation-route.js';
import { listQueryFields, pageSchema, type Page } from '../listing.js';
import { dryRunQuery, idParams } from '../params.js';
import { LEAVE_SCHEMA, REGULARIZATION_SCHEMA } from '../requests/serialize.js';
import { SHIFT_SCHEMA } from '../shifts/serialize.js';
import {
  listDevices,
  listLeaves,
  listRegularizations,
  listShiftAssignments,
} from './operations/employee-lists.js';
import { offboardEmployee } from './operations/offboard-employee.js';
import { getEmployee } from './operations/read-employees.js';
import { offboardBody } from './schemas.js';
import { EMPLOYEE_SCHEMA } from './serialize.js';

const tags = ['employees'];
const listQuery = yup.object(listQueryFields);
const readErrors = { 403: 'An employee reading another employee of the organization' };

const OFFBOARD_RESULT_SCHEMA = {
  type: 'object',
  properties: {
    dry_run: { type: 'boolean' },
    employee: EMPLOYEE_SCHEMA,
    deployments_ended: { type: 'array', items: { type: 'integer' } },
    shifts_cancelled: { type: 'array', items: { type: 'integer' } },
    devices_revoked: { type: 'array', items: { type: 'integer' } },
    tokens_deleted: { type: 'array', items: { type: 'integer' } },
    leaves_rejected: { type: 'array', items: { type: 'integer' } },
    regularizations_rejected: { type: 'array', items: { type: 'integer' } },
    roles_removed: {
      type: 'array',
      items: {
        type: 'object',
        properties: { role: { type: 'string' }, organization_id: { type: 'integer', nullable: true } },
      },
    },
    user_deactivated: { type: 'integer', nullable: true, description: 'the user id, when there is one' },
  },
};

const list = (
  path: string,
  item: Record<string, unknown>,
  op: Operation<WorkforceActor, { employee_id: number; limit: number; cursor?: string }, Page<unknown>>,
) =>
  operationRoute(op, {
    method: 'GET',
    path: `/api/v1/employees/:id/${path}`,
    tags,
    params: idParams,
    query: listQuery,
    responses: { 200: { description: 'a page, keyset-paginated', schema: pageSchema(item) } },
    errors: readErrors,
    toInput: ({ params, query }) => ({ ...query, employee_id: params.id }),
  });

export const employeeRoutes = [
  operationRoute(getEmployee, {
    method: 'GET',
    path: '/api/v1/employees/:id',
    tags,
    params: idParams,
    responses: {
      200: {
        description: 'the employee',
        schema: {
          ...EMPLOYEE_SCHEMA,
          properties: {
            ...EMPLOYEE_SCHEMA.properties,
            deployments: { type: 'array', items: DEPLOYMENT_SCHEMA },
          },
        },
      },
    },
    errors: readErrors,
    toInput: ({ params }) => ({ employee_id: params.id }),
  }),
  list('shift-assignments', SHIFT_SCHEMA, listShiftAssignments),
  list('leaves', LEAVE_SCHEMA, listLeaves),
  list('regularizations', REGULARIZATION_SCHEMA, listRegularizations),
  list('devices', DEVICE_SCHEMA, listDevices),
  operationRoute(offboardEmployee, {
    method: 'POST',
    path: '/api/v1/employees/:id/offboard',
    description:
      'Ends deployments on the last working day, cancels future planned shifts, revokes devices, ' +
      'deletes tokens, rejects open leaves and regularizations ending after the last day, removes ' +
      'roles, deactivates the user and soft-deletes the employee. ?dry_run=true returns the same ' +
      'summary and changes nothing.',
    tags,
    params: idParams,
    query: dryRunQuery,
    body: offboardBody,
    responses: { 200: { description: 'the cascade summary', schema: OFFBOARD_RESULT_SCHEMA } },
    errors: { 403: 'Missing employee.update', 409: 'Already offboarded (code ALREADY_OFFBOARDED)' },
    toInput: ({ params, body }) => ({ ...body, employee_id: params.id }),
    dryRun: ({ query }) => query.dry_run,
  }),
];
