// Caregivers: the primary owner invites, lists and revokes; anyone with a clinic account accepts
// an invite with its token and then sees the pet under shared-with-me.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { acceptInvite } from './operations/accept-invite.js';
import { inviteCaregiver } from './operations/invite-caregiver.js';
import { listCaregivers, revokeCaregiver, sharedWithMe } from './operations/manage-caregivers.js';
import {
  acceptInviteSchema,
  caregiverParams,
  inviteCaregiverSchema,
  pageOnlyQuery,
  petParams,
  type AcceptInviteInput,
  type InviteCaregiverInput,
} from './schemas.js';
import {
  CAREGIVER_JSON,
  PET_SUMMARY_JSON,
  SHARED_JSON,
  serializeCaregiver,
  serializePetSummary,
  serializeShared,
} from './serialize.js';

const one = (schema: Record<string, unknown>) => ({ type: 'object', properties: { data: schema } });
const PET_404 = 'The pet does not exist or the caller is not its primary owner';

export const caregiverRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/caregivers',
    summary: 'Every caregiver row of the pet, with status_label and access_level (primary owner only)',
    description: 'Newest first, 50 per page. status_label: pending, active, expired or revoked.',
    tags: ['caregivers'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    query: pageOnlyQuery,
    responses: { 200: { description: 'caregivers', schema: pageSchema(CAREGIVER_JSON) } },
    errors: { 404: PET_404 },
    handler: async ({ services, principal, params, query, request }) => {
      const page = await listCaregivers(httpContext(services, principal.userId), {
        petId: params.pet,
        userId: principal.userId,
        page: query.page,
      });
      const now = services.clock.now();
      return pageBody(page, request.path, query, (row) => serializeCaregiver(row, now));
    },
  }),
  defineRoute<any, InviteCaregiverInput>({
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/caregivers',
    summary: 'Invite a caregiver by email (primary owner only); dispatches SendCaregiverInviteEmailJob',
    description:
      'Creates a pending invite valid for 7 days. The 48-character token is sent only in the invite ' +
      'email (never in this response); only its SHA-256 is stored. One open (pending or active) invite ' +
      'per email and pet; the owner’s own email is refused.',
    tags: ['caregivers'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    body: inviteCaregiverSchema,
    responses: { 200: { description: 'the pending invite', schema: one(CAREGIVER_JSON) } },
    errors: { 404: PET_404 },
    handler: async ({ services, principal, params, body }) => {
      const row = await inviteCaregiver(httpContext(services, principal.userId), {
        ...body,
        petId: params.pet,
        userId: principal.userId,
      });
      return Reply.json(200, { data: serializeCaregiver(row, services.clock.now()) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/caregivers/:caregiver/revoke',
    summary: 'Revoke a pending or active caregiver (primary owner only); revoked_at set',
    description: 'Revoking an already revoked caregiver changes nothing and answers 200.',
    tags: ['caregivers'],
    access: clinicUserAccess,
    permission: null,
    params: caregiverParams,
    responses: { 200: { description: 'the revoked caregiver', schema: one(CAREGIVER_JSON) } },
    errors: { 404: `${PET_404}, or the caregiver is not the pet’s` },
    handler: async ({ services, principal, params }) => {
      const row = await revokeCaregiver(httpContext(services, principal.userId), {
        petId: params.pet,
        caregiverId: params.caregiver,
        userId: principal.userId,
      });
      return { data: serializeCaregiver(row, services.clock.now()) };
    },
  }),
  defineRoute<any, AcceptInviteInput>({
    method: 'POST',
    path: '/api/v1/caregivers/accept',
    summary: 'Accept a caregiver invite with its 48-character token; binds it to the caller',
    tags: ['caregivers'],
    access: clinicUserAccess,
    permission: null,
    body: acceptInviteSchema,
    responses: {
      200: {
        description: 'the pet and the access level granted',
        schema: one({
          type: 'object',
          properties: { pet: PET_SUMMARY_JSON, access_level: { type: 'string', enum: ['view', 'full'] } },
        }),
      },
    },
    errors: {
      404: 'No invite has this token',
      409: 'The invite has already been accepted (code INVITE_ALREADY_ACCEPTED)',
      410: 'The invite was revoked (INVITE_REVOKED) or has expired (INVITE_EXPIRED)',
    },
    handler: async ({ services, principal, body }) => {
      const accepted = await acceptInvite(httpContext(services, principal.userId), {
        token: body.token,
        userId: principal.userId,
      });
      return { data: { pet: serializePetSummary(accepted.pet), access_level: accepted.access_level } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/caregivers/shared-with-me',
    summary: 'Pets shared with the caller (accepted and not revoked), newest first, 20 per page',
    tags: ['caregivers'],
    access: clinicUserAccess,
    permission: null,
    query: pageOnlyQuery,
    responses: { 200: { description: 'shared pets', schema: pageSchema(SHARED_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await sharedWithMe(httpContext(services, principal.userId), {
        userId: principal.userId,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeShared);
    },
  }),
];
