// The public lost-pet tag: the owner's routes, the public JSON under /api/v1 and the HTML page at
// /p/{slug} outside the versioned prefix.
import { NotFoundError } from '../../core/errors.js';
import type { Operation } from '../../core/operation.js';
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import type { ClinicActor } from '../context.js';
import { clinicOperationRoute } from '../operation-route.js';
import {
  disableProfile,
  enableProfile,
  markFound,
  markLost,
  showPublicTag,
} from './operations/public-profile.js';
import { PAGE_HEADERS, renderNotFoundPage, renderTagPage } from './page.js';

import { PublicProfile, PublicTag, type ProfileView } from './serialize.js';

const PATH = '/api/v1/owner/me/pets/:pet/public-profile';
const one = Data(PublicProfile);
const notOwner = { 404: 'the pet does not exist or the caller is not its primary owner' };
const neverEnabled = { 404: `${notOwner[404]}, or the pet never had a public profile` };

function ownerRoute(
  method: 'POST' | 'DELETE',
  path: string,
  operation: Operation<ClinicActor, { pet_id: number }, ProfileView>,
  errors = notOwner,
) {
  return clinicOperationRoute(operation, {
    method,
    path,
    tags: ['public profile'],
    responses: { 200: { description: 'the public profile', schema: one } },
    errors,
    pathFields: { pet: 'pet_id' },
    reply: (profile) => ({ data: profile }),
  });
}

const tagPage = clinicOperationRoute(showPublicTag, {
  method: 'GET',
  path: '/p/:slug',
  summary: 'The lost-pet tag’s HTML landing page (public, outside /api/v1)',
  tags: ['public profile'],
  access: publicAccess,
  // The slug's rule is the operation's (any text): every slug reaches it, an unknown one is an HTML 404 page.
  responses: {
    200: { description: 'the tag page', contentType: 'text/html', schema: { type: 'string' } },
    404: {
      description: 'unknown or disabled tag (an HTML page)',
      contentType: 'text/html',
      schema: { type: 'string' },
    },
  },
  pathFields: { slug: 'slug' },
  reply: (tag) => Reply.html(200, renderTagPage(tag), PAGE_HEADERS),
});

export const publicProfileRoutes = [
  clinicOperationRoute(enableProfile, {
    method: 'POST',
    path: PATH,
    description:
      'Omitted fields keep their value, null clears one. microchip_id here is the opt-in: it is shown publicly.',
    tags: ['public profile'],
    responses: { 200: { description: 'the public profile', schema: one } },
    errors: notOwner,
    pathFields: { pet: 'pet_id' },
    reply: (profile) => ({ data: profile }),
  }),
  ownerRoute('DELETE', PATH, disableProfile, neverEnabled),
  ownerRoute('POST', `${PATH}/lost`, markLost),
  ownerRoute('DELETE', `${PATH}/lost`, markFound, neverEnabled),
  clinicOperationRoute(showPublicTag, {
    method: 'GET',
    path: '/api/v1/p/:slug',
    summary: 'The public lost-pet tag as JSON (public); disabled or unknown → 404',
    tags: ['public profile'],
    access: publicAccess,
    responses: {
      200: { description: 'the tag', schema: Data(PublicTag) },
    },
    errors: { 404: 'unknown or disabled tag' },
    pathFields: { slug: 'slug' },
    reply: (tag) => ({ data: tag }),
  }),
  {
    ...tagPage,
    // The page answers an unknown or disabled tag itself, as HTML.
    async handler(input: Parameters<typeof tagPage.handler>[0]) {
      try {
        return await tagPage.handler(input);
      } catch (err) {
        if (err instanceof NotFoundError) return Reply.html(404, renderNotFoundPage(), PAGE_HEADERS);
        throw err;
      }
    },
  },
];
