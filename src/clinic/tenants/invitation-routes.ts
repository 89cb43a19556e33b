// The invited user's side of tenant invitations: accept or decline one. The pending invitations
// themselves are listed in the user resource (GET /me `invitations`).
import { Data } from '../../core/shape.js';
import { User } from '../identity/serialize.js';
import { clinicOperationRoute } from '../operation-route.js';
import { acceptInvitation } from './operations/accept-invitation.js';
import { declineInvitation } from './operations/decline-invitation.js';

export const invitationRoutes = [
  clinicOperationRoute(acceptInvitation, {
    method: 'POST',
    path: '/api/v1/me/invitations/:tenant/accept',
    description:
      'The tenant becomes the caller’s current tenant when they have none. Answers the user resource, as ' +
      'GET /me does. No pending invitation of the caller to this tenant (or a tenant id that is not a number) ' +
      'is a 404.',
    tags: ['auth'],
    responses: { 200: { description: 'the caller, now a member', schema: Data(User) } },
    errors: { 404: 'The caller has no pending invitation to this tenant' },
    pathFields: { tenant: 'tenant_id' },
    reply: (user) => ({ data: user }),
  }),
  clinicOperationRoute(declineInvitation, {
    method: 'POST',
    path: '/api/v1/me/invitations/:tenant/decline',
    description: 'Answers the user resource, as GET /me does. No pending invitation is a 404.',
    tags: ['auth'],
    responses: { 200: { description: 'the caller', schema: Data(User) } },
    errors: { 404: 'The caller has no pending invitation to this tenant' },
    pathFields: { tenant: 'tenant_id' },
    reply: (user) => ({ data: user }),
  }),
];
