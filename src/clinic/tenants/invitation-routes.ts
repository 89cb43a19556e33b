// The invited user's side of tenant invitations: accept or decline one. The pending invitations
// themselves are listed in the user resource (GET /me `invitations`).
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { serializeUser, USER_DATA_JSON } from '../identity/serialize.js';
import { acceptInvitation } from './operations/accept-invitation.js';
import { declineInvitation } from './operations/decline-invitation.js';
import { invitationParams } from './schemas.js';

export const invitationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/me/invitations/:tenant/accept',
    summary: 'Accept the caller’s invitation to a tenant: they become a member with the role offered',
    description:
      'The tenant becomes the caller’s current tenant when they have none. Answers the user resource, as ' +
      'GET /me does. No pending invitation of the caller to this tenant (or a tenant id that is not a number) ' +
      'is a 404.',
    tags: ['auth'],
    access: clinicUserAccess,
    permission: null,
    params: invitationParams,
    responses: { 200: { description: 'the caller, now a member', schema: USER_DATA_JSON } },
    errors: { 404: 'The caller has no pending invitation to this tenant' },
    handler: async ({ services, principal, params }) => ({
      data: serializeUser(
        await acceptInvitation(httpContext(services, principal.userId), {
          userId: principal.userId,
          tenantId: params.tenant,
        }),
      ),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/me/invitations/:tenant/decline',
    summary: 'Decline the caller’s invitation to a tenant (it is deleted)',
    description: 'Answers the user resource, as GET /me does. No pending invitation is a 404.',
    tags: ['auth'],
    access: clinicUserAccess,
    permission: null,
    params: invitationParams,
    responses: { 200: { description: 'the caller', schema: USER_DATA_JSON } },
    errors: { 404: 'The caller has no pending invitation to this tenant' },
    handler: async ({ services, principal, params }) => ({
      data: serializeUser(
        await declineInvitation(httpContext(services, principal.userId), {
          userId: principal.userId,
          tenantId: params.tenant,
        }),
      ),
    }),
  }),
];
