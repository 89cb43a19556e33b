// Share codes: the owner's routes under /owner/me/shares and the clinic's preview and redeem.
import { Reply } from '../../core/reply.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { createShare, listActiveShares, revokeShare } from './operations/owner-shares.js';
import { previewShare, redeemShare } from './operations/redeem-share.js';

import { Redeemed, Share, SharePage, SharePreview } from './serialize.js';

const one = Data(Share);

export const shareRoutes = [
  clinicOperationRoute(listActiveShares, {
    method: 'GET',
    path: '/api/v1/owner/me/shares',
    tags: ['shares'],
    responses: { 200: { description: 'a page of active shares', schema: SharePage } },
    reply: pageReply,
  }),
  clinicOperationRoute(createShare, {
    method: 'POST',
    path: '/api/v1/owner/me/shares',
    description:
      'The code is 8 characters from ABCDEFGHJKMNPQRSTUVWXYZ23456789. expires_in_minutes is 5..1440, ' +
      'default SHARE_TTL_MINUTES. A pet_id that is missing or not the caller’s own is a 422 on pet_id.',
    tags: ['shares'],
    responses: { 201: { description: 'created', schema: one } },
    reply: (share) => Reply.json(201, { data: share }),
  }),
  clinicOperationRoute(revokeShare, {
    method: 'POST',
    path: '/api/v1/owner/me/shares/:share/revoke',
    tags: ['shares'],
    responses: { 200: { description: 'the revoked share', schema: one } },
    errors: { 404: 'no such share of the caller', 422: 'the share was already redeemed' },
    pathFields: { share: 'share_id' },
    reply: (share) => ({ data: share }),
  }),
  clinicOperationRoute(previewShare, {
    method: 'GET',
    path: '/api/v1/shares/:code',
    description:
      'Not among the contract’s public endpoints, so it needs a bearer token (the scanning clinic’s ' +
      'user, or any account). Unknown, expired, revoked or redeemed codes are a 404. 60 previews per ' +
      'minute per user.',
    tags: ['shares'],
    // Whoever reads the logs could otherwise redeem the code while it lives.
    secretParams: ['code'],
    rateLimit: {
      name: 'share-preview',
      limit: () => 60,
      windowSeconds: 60,
      key: (principal) => `user:${principal.userId}`,
    },
    responses: {
      200: { description: 'the preview', schema: Data(SharePreview) },
    },
    errors: { 404: 'unknown, expired, revoked or redeemed code' },
    pathFields: { code: 'code' },
    reply: (preview) => ({ data: preview }),
  }),
  clinicOperationRoute(redeemShare, {
    method: 'POST',
    path: '/api/v1/shares/redeem',
    description:
      'Needs a clinic bearer token whose user is user_id (else 403 USER_MISMATCH) and a member of ' +
      'tenant_id (else 403 NOT_A_MEMBER); the tenant must be a clinic, groomer, breeder or trainer. ' +
      'Creates the owner’s Client row in that tenant when there is none.',
    tags: ['shares'],
    // Codes are 8 characters from 31 symbols, so guessing is impractical; the limit keeps it that way.
    rateLimit: {
      name: 'share-redeem',
      limit: () => 30,
      windowSeconds: 60,
      key: (principal) => `user:${principal.userId}`,
    },
    responses: { 200: { description: 'the pet moved', schema: Data(Redeemed) } },
    errors: {
      403: 'user_id is not the caller, or the caller is not a member of tenant_id',
      422: 'unknown, expired, revoked or used code; unknown or non-care tenant',
    },
    reply: (redeemed) => ({ data: redeemed }),
  }),
];
