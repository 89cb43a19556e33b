// The Access guards of the workforce listener: user bearer tokens (with mobile device binding)
// and partner tokens. Each kind of token is refused on the other kind's endpoints with a 401.
import { LockedError, UnauthorizedError } from '../../core/errors.js';
import type { Access } from '../../core/routes.js';
import { safeEqual, sha256Hex, splitBearer } from '../../core/crypto.js';
import { fromDbTime, toDbTime } from '../../db/time.js';
import { hotStatement } from './hot-statement.js';
import type { PartnerPrincipal, UserPrincipal } from './principal.js';
import { bearerFrom, findActiveUserToken, PARTNER_TOKEN_PREFIX, touchToken } from './tokens.js';

export const userAccess: Access<UserPrincipal> = {
  name: 'bearer token',
  securityScheme: 'bearerToken',
  failureStatuses: [401, 423],
  async authenticate(request, services) {
    const bearer = bearerFrom(request.headers.authorization);
    if (!bearer) throw new UnauthorizedError();
    if (bearer.startsWith(PARTNER_TOKEN_PREFIX)) {
      throw new UnauthorizedError('Partner tokens cannot be used on this endpoint.');
    }
    const { db, clock, config } = services;
    // Token, user and grants in one query (an inactive user's token is not active).
    const token = await findActiveUserToken(db, clock, bearer);
    if (!token) throw new UnauthorizedError();
    if (token.clientKind === 'mobile')
      await requireApprovedDevice(services.db, token.userId, token.deviceFingerprint, request.headers);
    // Whatever kind of token the app chose, a fingerprint it sends is checked: a web token must not
    // be a way around device binding (an unapproved device's header is a 423, never ignored).
    const sent = request.headers['x-device-fingerprint'];
    const device = sent === undefined ? null : await approvedDevice(db, token.userId, sent);
    await touchToken(db, clock, token, config.workforce.tokenLastUsedThrottleSeconds);
    return {
      kind: 'user',
      userId: token.userId,
      tokenId: token.id,
      clientKind: token.clientKind,
      grants: token.grants,
      deviceFingerprint: device,
      employeeId: token.employeeId,
    };
  },
  principalKey: (p) => `user:${p.userId}`,
};

/**
 * Mobile device binding: X-Device-Fingerprint must be the fingerprint the token was issued to, and
 * match a device of the authenticated employee whose status is approved; missing, another device's,
 * unknown, pending or revoked → 423 Locked.
 */
async function requireApprovedDevice(
  db: Parameters<Access['authenticate']>[1]['db'],
  userId: number,
  boundFingerprint: string | null,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const fingerprint = headers['x-device-fingerprint'];
  if (typeof fingerprint !== 'string' || fingerprint === '') {
    throw new LockedError(
      'This mobile token requires the X-Device-Fingerprint header of an approved device.',
      'DEVICE_NOT_APPROVED',
    );
  }
  // A token lifted from one phone does not work from another, even another approved one.
  if (boundFingerprint === null || !safeEqual(fingerprint, boundFingerprint)) {
    throw new LockedError('This mobile token is bound to another device.', 'DEVICE_NOT_APPROVED');
  }
  await approvedDevice(db, userId, fingerprint);
}

/** The fingerprint when it names an approved device of the user's employee record; 423 otherwise. */
async function approvedDevice(
  db: Parameters<Access['authenticate']>[1]['db'],
  userId: number,
  fingerprint: string | string[],
): Promise<string> {
  const device =
    typeof fingerprint === 'string' && fingerprint !== ''
      ? await db('devices')
          .join('employees', 'employees.id', 'devices.employee_id')
          .where({
            'employees.user_id': userId,
            'devices.fingerprint': fingerprint,
            'devices.status': 'approved',
          })
          .whereNull('employees.deleted_at')
          .first('devices.status')
      : undefined;
  if (!device) {
    throw new LockedError('This device is not approved for your account.', 'DEVICE_NOT_APPROVED');
  }
  return fingerprint as string;
}

// Compiled once (hot-statement.ts): every pull request runs it; the row is read fresh every time.
const partnerTokenRow = hotStatement((db, id: number) =>
  db('partner_tokens')
    .join('partners', 'partners.id', 'partner_tokens.partner_id')
    .where('partner_tokens.id', id)
    .select(
      'partner_tokens.id',
      'partner_tokens.partner_id',
      'partner_tokens.token_hash',
      'partner_tokens.revoked_at',
      'partner_tokens.last_used_at',
      'partners.is_active',
    ),
);

export const partnerAccess: Access<PartnerPrincipal> = {
  name: 'partner token',
  securityScheme: 'partnerToken',
  failureStatuses: [401],
  async authenticate(request, services) {
    const bearer = bearerFrom(request.headers.authorization);
    if (!bearer) throw new UnauthorizedError();
    if (!bearer.startsWith(PARTNER_TOKEN_PREFIX)) {
      throw new UnauthorizedError('This endpoint requires a partner token.');
    }
    const parts = splitBearer(bearer.slice(PARTNER_TOKEN_PREFIX.length));
    if (!parts) throw new UnauthorizedError();
    const { db, clock, config } = services;
    const [row] = await partnerTokenRow(db, parts.id);
    if (!row || !safeEqual(row.token_hash, sha256Hex(parts.secret)) || row.revoked_at || !row.is_active) {
      throw new UnauthorizedError();
    }
    const now = clock.now();
    const last = fromDbTime(row.last_used_at);
    if (!last || now.getTime() - last.getTime() >= config.workforce.tokenLastUsedThrottleSeconds * 1000) {
      await db('partner_tokens')
        .where({ id: row.id })
        .update({ last_used_at: toDbTime(now) });
    }
    const orgs = await db('partner_organizations')
      .where({ partner_id: row.partner_id })
      .select('organization_id');
    return {
      kind: 'partner',
      partnerId: Number(row.partner_id),
      tokenId: Number(row.id),
      organizationIds: orgs.map((o) => Number(o.organization_id)),
    };
  },
  principalKey: (p) => `partner:${p.partnerId}`,
};
