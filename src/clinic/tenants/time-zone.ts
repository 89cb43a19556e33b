// The clinic's wall clock: the IANA time zone a tenant keeps (tenants.timezone, default UTC). The
// day a clinic means by a date ("since 2026-03-01", "not after today") is the day in this zone.
import type { Knex } from 'knex';
import { isValidTimeZone, zonedParts } from '../../core/calendar.js';

/** The tenant's time zone; UTC for a tenant that is gone or holds a zone this runtime does not know. */
export async function tenantTimeZone(db: Knex, tenantId: unknown): Promise<string> {
  if (tenantId === null || tenantId === undefined) return 'UTC';
  const row = await db('tenants').where('id', Number(tenantId)).first('timezone');
  const zone = row?.timezone ? String(row.timezone) : 'UTC';
  return isValidTimeZone(zone) ? zone : 'UTC';
}

/** Today's date (YYYY-MM-DD) on the tenant's wall clock. */
export async function tenantToday(db: Knex, tenantId: unknown, now: Date): Promise<string> {
  return zonedParts(now, await tenantTimeZone(db, tenantId)).date;
}
