// Deployment endpoints: create (demoting an overlapping primary), read, close or delete.
import { Reply } from '../../core/reply.js';
import { operationRoute } from '../operation-route.js';
import { dryRunQuery, idParams } from '../params.js';
import { closeDeployment } from './operations/close-deployment.js';
import { createDeployment } from './operations/create-deployment.js';
import { getDeployment } from './operations/read-deployment.js';
import { closeDeploymentQuery, createDeploymentBody } from './schemas.js';
import { DeploymentClosed, DeploymentCreated, EmployeeDeployment } from './serialize.js';

const tags = ['deployments'];

export const deploymentRoutes = [
  operationRoute(createDeployment, {
    method: 'POST',
    path: '/api/v1/deployments',
    description:
      'The employee row is locked while overlapping primaries give way, so two concurrent creations ' +
      'never leave two overlapping primaries. An overlapping primary gives way only on the shared ' +
      'days: one inside the new span is demoted whole; one that starts earlier stays primary until ' +
      'the day before and its overlap becomes a secondary piece (split), as does its part after a ' +
      'bounded new span (primary again). primary_changes lists each. ?dry_run=true returns the ' +
      'summary (deployment.id null) and changes nothing.',
    tags,
    body: createDeploymentBody,
    toInput: ({ body }) => body,
    query: dryRunQuery,
    responses: {
      201: { description: 'created', schema: DeploymentCreated },
    },
    errors: {
      404: 'The employee is unknown or outside the caller’s scope',
      403: 'Missing employee.update',
      409: 'The employee is offboarded (code EMPLOYEE_OFFBOARDED)',
    },
    dryRun: ({ query }) => query.dry_run,
    reply: (result) => Reply.json(201, result),
  }),
  operationRoute(getDeployment, {
    method: 'GET',
    path: '/api/v1/deployments/:id',
    tags,
    responses: { 200: { description: 'the deployment', schema: EmployeeDeployment } },
    errors: { 403: 'An employee reading another employee’s deployment' },
    pathFields: { id: 'deployment_id' },
  }),
  operationRoute(closeDeployment, {
    method: 'DELETE',
    path: '/api/v1/deployments/:id',
    tags,
    params: idParams,
    query: closeDeploymentQuery,
    responses: {
      200: { description: 'closed, or deleted with force', schema: DeploymentClosed },
    },
    errors: {
      403: 'Missing employee.update',
      409:
        'Already ended (DEPLOYMENT_ALREADY_CLOSED) or not yet started (DEPLOYMENT_NOT_STARTED); with force, ' +
        'a deletion that would leave days without a primary deployment because what the opening took ' +
        'cannot be given back (DEPLOYMENT_DELETE_LEAVES_GAP, with uncovered [{from, to}] and deployment_ids)',
    },
    toInput: ({ params, query }) => ({ deployment_id: params.id, force: query.force }),
    dryRun: ({ query }) => query.dry_run,
  }),
];
