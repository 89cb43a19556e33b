// The appointment resource, with its pet, client and veterinarian (null when none is assigned).
import { DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

import { clientRef, ClientRef } from '../clients/serialize.js';
import { PageOf } from '../pagination.js';
import { petRef, PetRef } from '../pets/serialize.js';
import { APPOINTMENT_MINUTES, APPOINTMENT_STATUSES } from './schemas.js';

export const Appointment = Obj({
  id: Int(),
  tenant_id: Int(),
  pet_id: Int(),
  client_id: Int(),
  veterinarian_user_id: Nullable(Int()),
  scheduled_at: DateTime(),
  duration_minutes: Int({
    minimum: APPOINTMENT_MINUTES.min,
    maximum: APPOINTMENT_MINUTES.max,
    description: 'length of the appointment',
  }),
  ends_at: DateTime({ description: 'scheduled_at + duration_minutes: the slot is [scheduled_at, ends_at)' }),
  status: Enum(APPOINTMENT_STATUSES),
  reason: Nullable(Str()),
  notes: Nullable(Str()),
  pet: PetRef,
  client: ClientRef,
  veterinarian: Nullable(Obj({ id: Int(), name: Str(), email: Str({ format: 'email' }) })),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type AppointmentView = Shape<typeof Appointment>;

export const AppointmentPage = PageOf(Appointment);

export function serializeAppointment(row: Record<string, any>): AppointmentView {
  const vetId = row.veterinarian_user_id === null ? null : Number(row.veterinarian_user_id);
  return fromRow(Appointment, row, {
    veterinarian_user_id: vetId,
    pet: petRef(row),
    client: clientRef(row),
    veterinarian: vetId === null ? null : { id: vetId, name: row.vet_name, email: row.vet_email },
  });
}
