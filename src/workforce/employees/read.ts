// The employee read endpoints: the record with its deployments, and its cursor-paginated lists.
import { isoOrNull } from '../../db/time.js';
import type { WorkforceContext } from '../context.js';
import { serializeDeployment } from '../deployments/serialize.js';
import { keysetPage, type Page } from '../listing.js';
import { serializeLeave, serializeRegularization } from '../requests/serialize.js';
import { serializeShift } from '../shifts/serialize.js';
import { serializeEmployee } from './serialize.js';
import { readableEmployee } from './visibility.js';

export interface PageInput {
  limit: number;
  cursor?: string;
}

export async function getEmployee({ services, actor }: WorkforceContext, id: number) {
  const row = await readableEmployee(services.db, actor, id);
  const deployments = await services
    .db('employee_deployments')
    .where('employee_id', row.id)
    .orderBy([{ column: 'starts_on' }, { column: 'id' }]);
  return { ...serializeEmployee(row), deployments: deployments.map(serializeDeployment) };
}

export async function listShiftAssignments(
  { services, actor }: WorkforceContext,
  id: number,
  page: PageInput,
): Promise<Page<ReturnType<typeof serializeShift>>> {
  const employee = await readableEmployee(services.db, actor, id);
  return keysetPage(
    services.db('shift_assignments').where('employee_id', employee.id).select(),
    {
      ...page,
      keys: [
        { column: 'assigned_for', field: 'assigned_for', direction: 'asc' },
        { column: 'id', field: 'id', direction: 'asc' },
      ],
    },
    serializeShift,
  );
}

export async function listLeaves({ services, actor }: WorkforceContext, id: number, page: PageInput) {
  const employee = await readableEmployee(services.db, actor, id);
  return keysetPage(
    services
      .db('leave_requests')
      .join('leave_types', 'leave_types.id', 'leave_requests.leave_type_id')
      .where('leave_requests.employee_id', employee.id)
      .select('leave_requests.*', 'leave_types.code as leave_type_code'),
    {
      ...page,
      keys: [
        { column: 'leave_requests.from_date', field: 'from_date', direction: 'asc' },
        { column: 'leave_requests.id', field: 'id', direction: 'asc' },
      ],
    },
    serializeLeave,
  );
}

export async function listRegularizations(
  { services, actor }: WorkforceContext,
  id: number,
  page: PageInput,
) {
  const employee = await readableEmployee(services.db, actor, id);
  return keysetPage(
    services.db('regularization_requests').where('employee_id', employee.id).select(),
    {
      ...page,
      keys: [
        { column: 'from_date', field: 'from_date', direction: 'asc' },
        { column: 'id', field: 'id', direction: 'asc' },
      ],
    },
    serializeRegularization,
  );
}

export async function listDevices({ services, actor }: WorkforceContext, id: number, page: PageInput) {
  const employee = await readableEmployee(services.db, actor, id);
  return keysetPage(
    services.db('devices').where('employee_id', employee.id).select(),
    { ...page, keys: [{ column: 'id', field: 'id', direction: 'asc' }] },
    serializeDevice,
  );
}

export function serializeDevice(row: any) {
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    fingerprint: row.fingerprint,
    name: row.name ?? null,
    status: row.status,
    approved_at: isoOrNull(row.approved_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: isoOrNull(row.created_at),
  };
}

export const DEVICE_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'integer' },
    fingerprint: { type: 'string' },
    name: { type: 'string', nullable: true },
    status: { type: 'string', enum: ['pending', 'approved', 'revoked'] },
    approved_at: { type: 'string', format: 'date-time', nullable: true },
    revoked_at: { type: 'string', format: 'date-time', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
  },
};
