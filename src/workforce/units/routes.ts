// Unit endpoints: read, retire.
import { defineRoute } from '../../core/routes.js';
import { userAccess } from '../identity/access.js';
import { dryRunQuery, idParams } from '../params.js';
import { retireUnit, type RetireUnitInput } from './operations/retire-unit.js';
import { getUnit } from './read.js';
import { retireUnitBody, type RetireUnitBody } from './schemas.js';
import { UNIT_SCHEMA } from './serialize.js';

const tags = ['units'];
const ids = { type: 'array', items: { type: 'integer' } };

export const RETIRE_UNIT_RESULT_SCHEMA = {
  type: 'object',
  properties: {
    dry_run: { type: 'boolean' },
    unit: UNIT_SCHEMA,
    effective_date: { type: 'string', format: 'date' },
    deployments_transferred: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          employee_id: { type: 'integer' },
          from_deployment_id: { type: 'integer', description: 'ended on effective_date' },
          to_deployment_id: {
            type: 'integer',
            nullable: true,
            description: 'the new primary, from the day after; null in a dry run (not yet created)',
          },
          target_unit_id: { type: 'integer' },
          demoted_primary_deployment_ids: ids,
        },
      },
    },
    deployments_ended: { ...ids, description: 'primary deployments of unlisted employees' },
    shifts_cancelled: { ...ids, description: 'planned shifts at the unit after effective_date' },
  },
};

export function retireUnitInput(unitId: number, body: RetireUnitBody): RetireUnitInput {
  return {
    unitId,
    effectiveDate: body.effective_date,
    reason: body.reason,
    transferMap: (body.transfer_map ?? []).map((m) => ({
      employeeId: m.employee_id,
      targetUnitId: m.target_unit_id,
    })),
  };
}

export const unitRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/units/:id',
    summary: 'An organization unit',
    tags,
    access: userAccess,
    permission: null,
    params: idParams,
    responses: { 200: { description: 'the unit', schema: UNIT_SCHEMA } },
    handler: ({ services, principal, params }) => getUnit({ services, actor: principal }, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/units/:id/retire',
    summary: 'Retire a unit: transfer or end its primary deployments, cancel its later shifts',
    description:
      'transfer_map moves the listed employees’ primary deployments to the target unit from the day ' +
      'after effective_date; other primary deployments end on effective_date; secondary ones stay. ' +
      'Retiring the last active unit of an active organization answers 500 with code ' +
      'LAST_ACTIVE_UNIT, as the contract says: retire the organization instead.',
    tags,
    access: userAccess,
    permission: 'unit.delete',
    params: idParams,
    query: dryRunQuery,
    body: retireUnitBody,
    responses: { 200: { description: 'the cascade summary', schema: RETIRE_UNIT_RESULT_SCHEMA } },
    errors: {
      403: 'Missing unit.delete',
      409: 'Already retired (code UNIT_ALREADY_RETIRED)',
      500: 'The last active unit of an active organization (code LAST_ACTIVE_UNIT)',
    },
    handler: ({ services, principal, params, query, body }) =>
      retireUnit({ services, actor: principal }, retireUnitInput(params.id, body), {
        dryRun: query.dry_run,
      }),
  }),
];
