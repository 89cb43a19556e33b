// Deployment endpoints: create (demoting an overlapping primary), read, close or delete.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { userAccess } from '../identity/access.js';
import { dryRunQuery, idParams } from '../params.js';
import { closeDeployment } from './operations/close-deployment.js';
import { createDeployment } from './operations/create-deployment.js';
import { getDeployment } from './read.js';
import { closeDeploymentQuery, createDeploymentBody } from './schemas.js';
import { DEPLOYMENT_SCHEMA } from './serialize.js';

const tags = ['deployments'];

export const deploymentRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/deployments',
    summary: 'Deploy an employee at a unit; a primary deployment demotes the primaries it overlaps',
    description:
      'The employee row is locked while overlapping primaries are demoted to secondary, so two ' +
      'concurrent creations never leave two overlapping primaries. ?dry_run=true returns the ' +
      'summary (deployment.id null) and changes nothing.',
    tags,
    access: userAccess,
    permission: 'employee.update',
    query: dryRunQuery,
    body: createDeploymentBody,
    responses: {
      201: {
        description: 'created',
        schema: {
          type: 'object',
          properties: {
            dry_run: { type: 'boolean' },
            deployment: DEPLOYMENT_SCHEMA,
            demoted_primary_deployment_ids: { type: 'array', items: { type: 'integer' } },
          },
        },
      },
    },
    errors: {
      404: 'The employee is unknown or outside the caller’s scope',
      403: 'Missing employee.update',
      409: 'The employee is offboarded (code EMPLOYEE_OFFBOARDED)',
    },
    handler: async ({ services, principal, query, body }) =>
      Reply.json(
        201,
        await createDeployment(
          { services, actor: principal },
          {
            employeeId: body.employee_id,
            unitId: body.organization_unit_id,
            startsOn: body.starts_on,
            endsOn: body.ends_on ?? null,
            isPrimary: body.is_primary,
          },
          { dryRun: query.dry_run },
        ),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/deployments/:id',
    summary: 'A deployment',
    tags,
    access: userAccess,
    permission: null,
    params: idParams,
    responses: { 200: { description: 'the deployment', schema: DEPLOYMENT_SCHEMA } },
    errors: { 403: 'An employee reading another employee’s deployment' },
    handler: ({ services, principal, params }) => getDeployment({ services, actor: principal }, params.id),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/deployments/:id',
    summary: 'Close a deployment (ends_on = today in the organization’s timezone); force=true deletes it',
    tags,
    access: userAccess,
    permission: 'employee.update',
    params: idParams,
    query: closeDeploymentQuery,
    responses: {
      200: {
        description: 'closed, or deleted with force',
        schema: {
          type: 'object',
          properties: {
            dry_run: { type: 'boolean' },
            deleted: { type: 'boolean' },
            deployment: { ...DEPLOYMENT_SCHEMA, description: 'as it is now, or as it was when deleted' },
          },
        },
      },
    },
    errors: {
      403: 'Missing employee.update',
      409: 'Already ended (DEPLOYMENT_ALREADY_CLOSED) or not yet started (DEPLOYMENT_NOT_STARTED)',
    },
    handler: ({ services, principal, params, query }) =>
      closeDeployment(
        { services, actor: principal },
        { deploymentId: params.id, force: query.force },
        { dryRun: query.dry_run },
      ),
  }),
];
