// The public provider directory.
import { publicAccess } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { getProvider, listProviders } from './operations/providers.js';

import { Provider, ProviderPage } from './serialize.js';

export const providerRoutes = [
  clinicOperationRoute(listProviders, {
    method: 'GET',
    path: '/api/v1/providers',
    description:
      'q: text in the name or description (case-insensitive). business_type: clinic, groomer, breeder, ' +
      'trainer or all (default; all also lists pharmacy and retail tenants). latitude, longitude and ' +
      'radius_km go together (else 422): only providers within the radius, nearest first, with distance_km. ' +
      'Without them: by name.',
    tags: ['providers'],
    access: publicAccess,
    responses: { 200: { description: 'a page of providers', schema: ProviderPage } },
    reply: pageReply,
  }),
  clinicOperationRoute(getProvider, {
    method: 'GET',
    path: '/api/v1/providers/:tenant',
    tags: ['providers'],
    access: publicAccess,
    responses: {
      200: { description: 'the provider', schema: Data(Provider) },
    },
    pathFields: { tenant: 'tenant' },
    reply: (provider) => ({ data: provider }),
  }),
];
