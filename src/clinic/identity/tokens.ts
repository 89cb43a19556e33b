// Clinic bearer tokens `<id>|<secret>`: the id finds the row, only the secret's SHA-256 is stored,
// and the comparison is constant-time. A token lives CLINIC_TOKEN_TTL_DAYS from its issue (not
// sliding); logout deletes its row.
import type { Knex } from 'knex';
import type { Clock } from '../../core/clock.js';
import { DAY } from '../../core/clock.js';
import { newTokenSecret, safeEqual, sha256Hex, splitBearer } from '../../core/crypto.js';
import { fromDbTime, toDbTime } from '../../db/time.js';

export interface IssuedClinicToken {
  id: number;
  token: string;
  expiresAt: Date;
}

export async function issueToken(
  trx: Knex,
  clock: Clock,
  userId: number,
  ttlDays: number,
): Promise<IssuedClinicToken> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ttlDays * DAY);
  const secret = newTokenSecret(48);
  // Expired tokens of this user are of no further use: the login sweeps them.
  await trx('clinic_access_tokens')
    .where('user_id', userId)
    .where('expires_at', '<=', toDbTime(now))
    .delete();
  const [id] = await trx('clinic_access_tokens').insert({
    user_id: userId,
    token_hash: secret.hash,
    expires_at: toDbTime(expiresAt),
    created_at: toDbTime(now),
  });
  return { id: Number(id), token: `${id}|${secret.plain}`, expiresAt };
}

export interface VerifiedToken {
  tokenId: number;
  userId: number;
}

/** The token's row when the bearer value is well-formed, matches and has not expired; else null. */
export async function verifyToken(db: Knex, clock: Clock, bearer: string): Promise<VerifiedToken | null> {
  const parts = splitBearer(bearer);
  if (!parts) return null;
  const row = await db('clinic_access_tokens')
    .where('id', parts.id)
    .first('id', 'user_id', 'token_hash', 'expires_at');
  if (!row) return null;
  if (!safeEqual(sha256Hex(parts.secret), String(row.token_hash))) return null;
  const expires = fromDbTime(row.expires_at);
  if (!expires || expires.getTime() <= clock.now().getTime()) return null;
  return { tokenId: Number(row.id), userId: Number(row.user_id) };
}

/** Deletes the token, when it is `userId`'s own. */
export async function revokeToken(trx: Knex, userId: number, tokenId: number): Promise<void> {
  await trx('clinic_access_tokens').where({ id: tokenId, user_id: userId }).delete();
}
