// Share codes: the owner's routes under /owner/me/shares and the clinic's preview and redeem.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { createShare, listActiveShares, revokeShare } from './operations/owner-shares.js';
import { previewShare, redeemShare } from './operations/redeem-share.js';
import {
  createShareSchema,
  redeemShareSchema,
  shareCodeParams,
  shareListQuery,
  shareParams,
  type CreateShareInput,
  type RedeemShareInput,
} from './schemas.js';
import {
  PREVIEW_JSON,
  REDEEM_JSON,
  serializePreview,
  serializeShare,
  serializeSharedPet,
  SHARE_JSON,
} from './serialize.js';

const one = { type: 'object', properties: { data: SHARE_JSON } };

export const shareRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/shares',
    summary: 'The caller’s active share codes (not revoked, redeemed or expired), newest first, 50 per page',
    tags: ['shares'],
    access: clinicUserAccess,
    permission: null,
    query: shareListQuery,
    responses: { 200: { description: 'a page of active shares', schema: pageSchema(SHARE_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listActiveShares(httpContext(services, principal.userId), {
        userId: principal.userId,
        page: query.page,
      });
      const now = services.clock.now();
      return pageBody(page, request.path, query, (row) => serializeShare(row, now));
    },
  }),
  defineRoute<any, CreateShareInput>({
    method: 'POST',
    path: '/api/v1/owner/me/shares',
    summary: 'Mint a share code for a pet the caller owns (primary owner)',
    description:
      'The code is 8 characters from ABCDEFGHJKMNPQRSTUVWXYZ23456789. expires_in_minutes is 5..1440, ' +
      'default SHARE_TTL_MINUTES. A pet_id that is missing or not the caller’s own is a 422 on pet_id.',
    tags: ['shares'],
    access: clinicUserAccess,
    permission: null,
    body: createShareSchema,
    responses: { 201: { description: 'created', schema: one } },
    handler: async ({ services, principal, body }) => {
      const row = await createShare(httpContext(services, principal.userId), {
        ...body,
        userId: principal.userId,
      });
      return Reply.json(201, { data: serializeShare(row, services.clock.now()) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/owner/me/shares/:share/revoke',
    summary: 'Revoke one of the caller’s share codes (again: unchanged)',
    tags: ['shares'],
    access: clinicUserAccess,
    permission: null,
    params: shareParams,
    responses: { 200: { description: 'the revoked share', schema: one } },
    errors: { 404: 'no such share of the caller', 422: 'the share was already redeemed' },
    handler: async ({ services, principal, params }) => {
      const row = await revokeShare(httpContext(services, principal.userId), {
        userId: principal.userId,
        shareId: params.share,
      });
      return { data: serializeShare(row, services.clock.now()) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/shares/:code',
    summary: 'Preview a share code: the pet and the owner’s name (any clinic bearer token; changes nothing)',
    description:
      'Not among the contract’s public endpoints, so it needs a bearer token (the scanning clinic’s ' +
      'user, or any account). Unknown, expired, revoked or redeemed codes are a 404. 60 previews per ' +
      'minute per user.',
    tags: ['shares'],
    access: clinicUserAccess,
    permission: null,
    params: shareCodeParams,
    // Whoever reads the logs could otherwise redeem the code while it lives.
    secretParams: ['code'],
    rateLimit: {
      name: 'share-preview',
      limit: () => 60,
      windowSeconds: 60,
      key: (principal) => `user:${principal.userId}`,
    },
    responses: {
      200: { description: 'the preview', schema: { type: 'object', properties: { data: PREVIEW_JSON } } },
    },
    errors: { 404: 'unknown, expired, revoked or redeemed code' },
    handler: async ({ services, params }) => ({
      data: serializePreview(await previewShare(httpContext(services, null), { code: params.code })),
    }),
  }),
  defineRoute<any, RedeemShareInput>({
    method: 'POST',
    path: '/api/v1/shares/redeem',
    summary: 'Redeem a share code: the pet moves to the scanning tenant (single use)',
    description:
      'Needs a clinic bearer token whose user is user_id (else 403 USER_MISMATCH) and a member of ' +
      'tenant_id (else 403 NOT_A_MEMBER); the tenant must be a clinic, groomer, breeder or trainer. ' +
      'Creates the owner’s Client row in that tenant when there is none.',
    tags: ['shares'],
    access: clinicUserAccess,
    permission: null,
    // Codes are 8 characters from 31 symbols, so guessing is impractical; the limit keeps it that way.
    rateLimit: {
      name: 'share-redeem',
      limit: () => 30,
      windowSeconds: 60,
      key: (principal) => `user:${principal.userId}`,
    },
    body: redeemShareSchema,
    responses: { 200: { description: 'the pet moved', schema: REDEEM_JSON } },
    errors: {
      403: 'user_id is not the caller, or the caller is not a member of tenant_id',
      422: 'unknown, expired, revoked or used code; unknown or non-care tenant',
    },
    handler: async ({ services, principal, body }) => {
      const done = await redeemShare(httpContext(services, principal.userId), {
        ...body,
        callerUserId: principal.userId,
      });
      return {
        data: {
          pet: serializeSharedPet(done.pet),
          client_id: done.clientId,
          message: done.clientCreated
            ? `${done.pet.name} is now a patient of ${done.tenantName} (new client record).`
            : `${done.pet.name} is now a patient of ${done.tenantName}.`,
        },
      };
    },
  }),
];
