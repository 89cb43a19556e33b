// The tenant's clients (pet owners linked to it), for the clinic side.
import { tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';

import { listClients } from './operations/list-clients.js';
import { ClientPage } from './serialize.js';

export const clientRoutes = [
  tenantOperationRoute(listClients, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/clients',
    tags: ['clients'],
    responses: { 200: { description: 'clients', schema: ClientPage } },
    reply: pageReply,
  }),
];
