// Caregivers: the primary owner invites, lists and revokes; anyone with a clinic account accepts
// an invite with its token and then sees the pet under shared-with-me.
import { Reply } from '../../core/reply.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { acceptInvite } from './operations/accept-invite.js';
import { inviteCaregiver } from './operations/invite-caregiver.js';
import { listCaregivers, revokeCaregiver, sharedWithMe } from './operations/manage-caregivers.js';

import { AcceptedInvite, Caregiver, CaregiverPage, PetSharedWithMePage } from './serialize.js';

const PET_404 = 'The pet does not exist or the caller is not its primary owner';

export const caregiverRoutes = [
  clinicOperationRoute(listCaregivers, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/caregivers',
    description: 'Newest first, 50 per page. status_label: pending, active, expired or revoked.',
    tags: ['caregivers'],
    responses: { 200: { description: 'caregivers', schema: CaregiverPage } },
    errors: { 404: PET_404 },
    pathFields: { pet: 'pet_id' },
    reply: pageReply,
  }),
  clinicOperationRoute(inviteCaregiver, {
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/caregivers',
    description:
      'Creates a pending invite valid for 7 days. The 48-character token is sent only in the invite ' +
      'email (never in this response); only its SHA-256 is stored. One open (pending or active) invite ' +
      'per email and pet; the owner’s own email is refused.',
    tags: ['caregivers'],
    responses: { 200: { description: 'the pending invite', schema: Data(Caregiver) } },
    errors: { 404: PET_404 },
    pathFields: { pet: 'pet_id' },
    reply: (caregiver) => Reply.json(200, { data: caregiver }),
  }),
  clinicOperationRoute(revokeCaregiver, {
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/caregivers/:caregiver/revoke',
    description: 'Revoking an already revoked caregiver changes nothing and answers 200.',
    tags: ['caregivers'],
    responses: { 200: { description: 'the revoked caregiver', schema: Data(Caregiver) } },
    errors: { 404: `${PET_404}, or the caregiver is not the pet’s` },
    pathFields: { pet: 'pet_id', caregiver: 'caregiver_id' },
    reply: (caregiver) => ({ data: caregiver }),
  }),
  clinicOperationRoute(acceptInvite, {
    method: 'POST',
    path: '/api/v1/caregivers/accept',
    tags: ['caregivers'],
    responses: {
      200: {
        description: 'the pet and the access level granted',
        schema: Data(AcceptedInvite),
      },
    },
    errors: {
      404: 'No invite has this token',
      409: 'The invite has already been accepted (code INVITE_ALREADY_ACCEPTED)',
      410: 'The invite was revoked (INVITE_REVOKED) or has expired (INVITE_EXPIRED)',
    },
    reply: (accepted) => ({ data: accepted }),
  }),
  clinicOperationRoute(sharedWithMe, {
    method: 'GET',
    path: '/api/v1/owner/me/caregivers/shared-with-me',
    tags: ['caregivers'],
    responses: { 200: { description: 'shared pets', schema: PetSharedWithMePage } },
    reply: pageReply,
  }),
];
