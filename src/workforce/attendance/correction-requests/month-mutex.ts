// The one mutex a correction request's approval shares with the lock and unlock of its month.
import type { Knex } from 'knex';
import { lockForUpdate } from '../../../db/knex.js';

/**
 * Holds, until the transaction ends, the mutex lock-month.ts and unlock-month.ts take: today the
 * organization row FOR UPDATE. An approval holding it either runs wholly before a lock or unlock of
 * the month or wholly after it, so it never corrects a day that an unlock is reopening or a re-lock
 * is stamping. Called from exactly one place per operation; when lock and unlock move to a
 * per-(organization, month) mutex, this body is the one line to change (it already gets the month).
 */
export async function holdMonthMutex(trx: Knex, organizationId: number, _month: string): Promise<void> {
  await lockForUpdate(trx('organizations').where({ id: organizationId }), trx).first('id');
}
