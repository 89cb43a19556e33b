// `wfctl device list [--pending] [--org ORG]`: the devices an operator may approve or revoke, oldest
// first (a pending list reads as a queue), with their employee. Scoped like approve: the
// organizations where the actor updates employees; a system_admin sees all.
import type { InferType } from 'yup';
import { NotFoundError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { isoOrNull } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { keysetPage, listQueryFields, type Page } from '../../listing.js';
import { deviceBody, type DeviceBody } from '../serialize.js';

export const listDevicesInput = yup.object({
  organization_id: idNumber().meta({ description: 'only this organization' }),
  status: yup
    .string()
    .oneOf(['pending', 'approved', 'revoked'])
    .meta({ description: 'only devices in this status' }),
  ...listQueryFields,
});
export type ListDevicesInput = InferType<typeof listDevicesInput>;

export type DeviceListItem = DeviceBody & { organization_code: string; created_at: string | null };

export const listAllDevices = defineOperation({
  name: 'device.list-all',
  summary: 'Devices of the employees the caller may approve devices for, oldest first',
  input: listDevicesInput,
  permission: 'employee.update',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<DeviceListItem>> {
    const q = ctx
      .db('devices')
      .join('employees', 'employees.id', 'devices.employee_id')
      .join('organizations', 'organizations.id', 'employees.organization_id')
      .select(
        'devices.*',
        'employees.employee_id as employee_code',
        'organizations.code as organization_code',
      );
    if (input.status) q.where('devices.status', input.status);
    if (input.organization_id !== undefined) {
      const org = await ctx.db('organizations').where('id', input.organization_id).first('id');
      if (!org) throw new NotFoundError('Organization not found.');
      await ctx.authorize(Number(org.id), 'Organization');
      q.where('employees.organization_id', Number(org.id));
    } else {
      const scopes = await ctx.scopes();
      if (scopes !== null) q.whereIn('employees.organization_id', scopes);
    }
    return keysetPage(
      q,
      {
        limit: input.limit,
        cursor: input.cursor,
        keys: [{ column: 'devices.id', field: 'id', direction: 'asc' }],
      },
      (row) => ({
        ...deviceBody(row, row.employee_code),
        organization_code: row.organization_code,
        created_at: isoOrNull(row.created_at),
      }),
    );
  },
});
