// A veterinarian is in one appointment at a time. Booking or moving an appointment with a
// veterinarian takes that veterinarian's membership row FOR UPDATE first, so two bookings for the
// same veterinarian run one after the other (MySQL; SQLite's one writer already serialises them),
// then looks for an active appointment overlapping [start, start + duration). Cancelled and no-show
// appointments free their slot. The check is per tenant: another clinic's calendar is not ours to
// read, nor to name in an error.
import type { Knex } from 'knex';
import { ConflictError } from '../../core/errors.js';
import { lockForUpdate } from '../../db/knex.js';
import { isoOrNull, toDbTime } from '../../db/time.js';
import { APPOINTMENT_MINUTES } from './schemas.js';

export const SLOT_FREEING_STATUSES = ['cancelled', 'no_show'];

export interface Slot {
  tenantId: number;
  veterinarianId: number | null;
  start: Date;
  minutes: number;
  /** The appointment being moved: it does not conflict with itself. */
  exceptId?: number;
}

export const slotEnd = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** Serialises the veterinarian's bookings and refuses an overlap with a 409 naming the appointment. */
export async function reserveSlot(db: Knex, slot: Slot): Promise<void> {
  if (slot.veterinarianId == null) return; // no veterinarian, nobody to double-book
  await lockForUpdate(
    db('tenant_memberships').where({ tenant_id: slot.tenantId, user_id: slot.veterinarianId }),
    db,
  ).first('user_id');
  const end = slotEnd(slot.start, slot.minutes);
  // An overlapping appointment started less than the longest duration before our start: that
  // bound keeps the scan on the (tenant, veterinarian, scheduled_at) index short.
  const earliest = new Date(slot.start.getTime() - APPOINTMENT_MINUTES.max * 60_000);
  const q = db('appointments')
    .where({ tenant_id: slot.tenantId, veterinarian_user_id: slot.veterinarianId })
    .where('scheduled_at', '>', toDbTime(earliest))
    .where('scheduled_at', '<', toDbTime(end))
    .where('ends_at', '>', toDbTime(slot.start))
    .whereNotIn('status', SLOT_FREEING_STATUSES)
    .orderBy('scheduled_at')
    .first('id', 'scheduled_at', 'ends_at');
  if (slot.exceptId !== undefined) q.whereNot('id', slot.exceptId);
  // A locking read: it sees what a booking committed while we waited for the lock, which a plain
  // read of MySQL's older snapshot would not.
  const clash = await lockForUpdate(q, db);
  if (!clash) return;
  const from = isoOrNull(clash.scheduled_at);
  const to = isoOrNull(clash.ends_at);
  throw new ConflictError(
    `The veterinarian already has appointment ${clash.id} from ${from} to ${to}.`,
    'APPOINTMENT_OVERLAP',
    { conflicting_appointment_id: Number(clash.id), conflicting_scheduled_at: from, conflicting_ends_at: to },
  );
}
