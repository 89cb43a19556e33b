// A deployment as the API shows it.
import { isoOrNull } from '../../db/time.js';
import { bool } from '../context.js';

export function serializeDeployment(row: any) {
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    organization_unit_id: Number(row.organization_unit_id),
    starts_on: row.starts_on,
    ends_on: row.ends_on ?? null,
    is_primary: bool(row.is_primary),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type DeploymentView = ReturnType<typeof serializeDeployment>;

export const DEPLOYMENT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'integer', description: 'the employee record id' },
    organization_unit_id: { type: 'integer' },
    starts_on: { type: 'string', format: 'date' },
    ends_on: { type: 'string', format: 'date', nullable: true, description: 'null: open' },
    is_primary: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
