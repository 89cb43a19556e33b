// The public provider directory.
import { defineRoute, publicAccess } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { pageBody, pageSchema } from '../pagination.js';
import { getProvider, listProviders } from './operations/providers.js';
import { providerListQuery, providerParams, type ProviderListQuery } from './schemas.js';
import { PROVIDER_JSON, serializeProvider } from './serialize.js';

export const providerRoutes = [
  defineRoute<null, unknown, ProviderListQuery>({
    method: 'GET',
    path: '/api/v1/providers',
    summary: 'The public provider directory, 50 per page',
    description:
      'q: text in the name or description (case-insensitive). business_type: clinic, groomer, breeder, ' +
      'trainer or all (default; all also lists pharmacy and retail tenants). latitude, longitude and ' +
      'radius_km go together (else 422): only providers within the radius, nearest first, with distance_km. ' +
      'Without them: by name.',
    tags: ['providers'],
    access: publicAccess,
    permission: null,
    query: providerListQuery,
    responses: { 200: { description: 'a page of providers', schema: pageSchema(PROVIDER_JSON) } },
    handler: async ({ services, query, request }) => {
      const page = await listProviders(httpContext(services, null), query);
      return pageBody(page, request.path, query, serializeProvider);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/:tenant',
    summary: 'A provider’s public profile, by id or slug; unknown or unlisted → 404',
    tags: ['providers'],
    access: publicAccess,
    permission: null,
    params: providerParams,
    responses: {
      200: { description: 'the provider', schema: { type: 'object', properties: { data: PROVIDER_JSON } } },
    },
    handler: async ({ services, params }) => ({
      data: serializeProvider(await getProvider(httpContext(services, null), params.tenant)),
    }),
  }),
];
