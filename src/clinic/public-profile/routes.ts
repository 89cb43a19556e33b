// The public lost-pet tag: the owner's routes, the public JSON under /api/v1 and the HTML page at
// /p/{slug} outside the versioned prefix.
import { NotFoundError } from '../../core/errors.js';
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import {
  disableProfile,
  enableProfile,
  findPublicTag,
  markFound,
  markLost,
} from './operations/public-profile.js';
import { PAGE_HEADERS, renderNotFoundPage, renderTagPage } from './page.js';
import { petParams, publicProfileSchema, slugParams, type PublicProfileInput } from './schemas.js';
import { PROFILE_JSON, serializeProfile, serializeTag, TAG_JSON } from './serialize.js';

const PATH = '/api/v1/owner/me/pets/:pet/public-profile';
const one = { type: 'object', properties: { data: PROFILE_JSON } };
const notOwner = { 404: 'the pet does not exist or the caller is not its primary owner' };

type Operation = typeof disableProfile;

function ownerRoute(
  method: 'POST' | 'DELETE',
  path: string,
  summary: string,
  operation: Operation,
  errors = notOwner,
) {
  return defineRoute({
    method,
    path,
    summary,
    tags: ['public profile'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    responses: { 200: { description: 'the public profile', schema: one } },
    errors,
    handler: async ({ services, principal, params }) => {
      const row = await operation(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
      });
      return { data: serializeProfile(row, services.config.clinic.publicUrl) };
    },
  });
}

const neverEnabled = { 404: `${notOwner[404]}, or the pet never had a public profile` };

export const publicProfileRoutes = [
  defineRoute<any, PublicProfileInput>({
    method: 'POST',
    path: PATH,
    summary: 'Enable the pet’s public tag and set its fields (primary owner); the slug is minted once',
    description:
      'Omitted fields keep their value, null clears one. microchip_id here is the opt-in: it is shown publicly.',
    tags: ['public profile'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    body: publicProfileSchema,
    responses: { 200: { description: 'the public profile', schema: one } },
    errors: notOwner,
    handler: async ({ services, principal, params, body }) => {
      const row = await enableProfile(httpContext(services, principal.userId), {
        ...body,
        userId: principal.userId,
        petId: params.pet,
      });
      return { data: serializeProfile(row, services.config.clinic.publicUrl) };
    },
  }),
  ownerRoute(
    'DELETE',
    PATH,
    'Disable the tag (the slug is kept; lost mode is cleared)',
    disableProfile,
    neverEnabled,
  ),
  ownerRoute('POST', `${PATH}/lost`, 'Mark the pet lost (enables the tag if it was not)', markLost),
  ownerRoute('DELETE', `${PATH}/lost`, 'Mark the pet found', markFound, neverEnabled),
  defineRoute({
    method: 'GET',
    path: '/api/v1/p/:slug',
    summary: 'The public lost-pet tag as JSON (public); disabled or unknown → 404',
    tags: ['public profile'],
    access: publicAccess,
    permission: null,
    params: slugParams,
    responses: {
      200: { description: 'the tag', schema: { type: 'object', properties: { data: TAG_JSON } } },
    },
    errors: { 404: 'unknown or disabled tag' },
    handler: async ({ services, params }) => ({
      data: serializeTag(await findPublicTag(services.db, params.slug), services.config.clinic.publicUrl),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/p/:slug',
    summary: 'The lost-pet tag’s HTML landing page (public, outside /api/v1)',
    tags: ['public profile'],
    access: publicAccess,
    permission: null,
    // No params schema: any slug reaches the handler, which answers an HTML 404 page itself.
    responses: {
      200: { description: 'the tag page', contentType: 'text/html', schema: { type: 'string' } },
      404: {
        description: 'unknown or disabled tag (an HTML page)',
        contentType: 'text/html',
        schema: { type: 'string' },
      },
    },
    handler: async ({ services, params }) => {
      try {
        const tag = serializeTag(
          await findPublicTag(services.db, params.slug),
          services.config.clinic.publicUrl,
        );
        return Reply.html(200, renderTagPage(tag), PAGE_HEADERS);
      } catch (err) {
        if (err instanceof NotFoundError) return Reply.html(404, renderNotFoundPage(), PAGE_HEADERS);
        throw err;
      }
    },
  }),
];
