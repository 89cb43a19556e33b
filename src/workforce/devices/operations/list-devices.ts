// `wfctl device list [--pending] [--org ORG]`: the devices an operator may approve or revoke, oldest
// first (a pending list reads as a queue), with their employee. Scoped like approve: the
// organizations where the actor updates employees; a system_admin sees all.
import { defineRead } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { isoOrNull } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import {
  ascending,
  keysetPage,
  ofReadableOrganizations,
  organizationListFields,
  type Page,
} from '../../listing.js';
import { deviceBody, type DeviceBody } from '../serialize.js';

export const listDevicesInput = yup.object({
  status: yup
    .string()
    .oneOf(['pending', 'approved', 'revoked'])
    .meta({ description: 'pending, approved or revoked' }),
  ...organizationListFields,
});

export type DeviceListItem = DeviceBody & { organization_code: string; created_at: string | null };

export const listAllDevices = defineRead('device.list-all', 'employee.update', {
  summary: 'Devices of the employees the caller may approve devices for, oldest first',
  input: listDevicesInput,
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
    await ofReadableOrganizations(ctx, q, 'employees.organization_id', input.organization);
    return keysetPage(q, { ...input, keys: ascending('devices.id') }, (row) => ({
      ...deviceBody(row, row.employee_code),
      organization_code: row.organization_code,
      created_at: isoOrNull(row.created_at),
    }));
  },
});
