// Revoking personal access tokens: the row stays (revoked_at set) so `wfctl token revoke` and the
// audit trail can say which tokens stopped working and when.
import type { Knex } from 'knex';
import type { Clock } from '../../core/clock.js';
import { toDbTime } from '../../db/time.js';

export async function revokeUserTokens(
  trx: Knex,
  clock: Clock,
  filter: { userId: number; tokenId?: number; deviceFingerprint?: string },
): Promise<number[]> {
  const q = trx('personal_access_tokens').where({ user_id: filter.userId }).whereNull('revoked_at');
  if (filter.tokenId !== undefined) q.where({ id: filter.tokenId });
  if (filter.deviceFingerprint !== undefined) q.where({ device_fingerprint: filter.deviceFingerprint });
  const ids = (await q.clone().select('id').orderBy('id')).map((r) => Number(r.id));
  if (ids.length) {
    await trx('personal_access_tokens')
      .whereIn('id', ids)
      .update({ revoked_at: toDbTime(clock.now()) });
  }
  return ids;
}
