// Unit endpoints: read, retire.
import { operationRoute } from '../operation-route.js';
import { dryRunQuery, idParams } from '../params.js';
import { getUnit } from './operations/read-units.js';
import { retireUnit } from './operations/retire-unit.js';
import { retireUnitBody } from './schemas.js';
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

export const unitRoutes = [
  operationRoute(getUnit, {
    method: 'GET',
    path: '/api/v1/units/:id',
    tags,
    params: idParams,
    responses: { 200: { description: 'the unit', schema: UNIT_SCHEMA } },
    toInput: ({ params }) => ({ unit_id: params.id }),
  }),
  operationRoute(retireUnit, {
    method: 'POST',
    path: '/api/v1/units/:id/retire',
    description:
      'transfer_map moves the listed employees’ primary deployments to the target unit from the day ' +
      'after effective_date; other primary deployments end on effective_date; secondary ones stay. ' +
      'Retiring the last active unit of an active organization answers 500 with code ' +
      'LAST_ACTIVE_UNIT, as the contract says: retire the organization instead.',
    tags,
    params: idParams,
    query: dryRunQuery,
    body: retireUnitBody,
    responses: { 200: { description: 'the cascade summary', schema: RETIRE_UNIT_RESULT_SCHEMA } },
    errors: {
      403: 'Missing unit.delete',
      409: 'Already retired (code UNIT_ALREADY_RETIRED)',
      500: 'The last active unit of an active organization (code LAST_ACTIVE_UNIT)',
    },
    toInput: ({ params, body }) => ({ ...body, unit_id: params.id }),
    dryRun: ({ query }) => query.dry_run,
  }),
];
