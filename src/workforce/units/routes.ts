// Unit endpoints: read, retire.
import { operationRoute } from '../operation-route.js';
import { dryRunQuery } from '../params.js';
import { getUnit } from './operations/read-units.js';
import { retireUnit } from './operations/retire-unit.js';

import { OrganizationUnit, UnitRetireResult } from './serialize.js';

const tags = ['units'];

export const unitRoutes = [
  operationRoute(getUnit, {
    method: 'GET',
    path: '/api/v1/units/:id',
    tags,
    responses: { 200: { description: 'the unit', schema: OrganizationUnit } },
    pathFields: { id: 'unit_id' },
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
    query: dryRunQuery,
    responses: { 200: { description: 'the cascade summary', schema: UnitRetireResult } },
    errors: {
      403: 'Missing unit.delete',
      409: 'Already retired (code UNIT_ALREADY_RETIRED)',
      500: 'The last active unit of an active organization (code LAST_ACTIVE_UNIT)',
    },
    pathFields: { id: 'unit_id' },
    dryRun: ({ query }) => query.dry_run,
  }),
];
