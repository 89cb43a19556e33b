// PATCH /tenant/{tenant}/appointments/{appointment}: only the status moves, along
// APPOINTMENT_TRANSITIONS. Asking for the status it already has changes nothing (a safe retry);
// any other move out of a final status, or a skipped step, is a 422 on status.
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { loadAppointment } from '../queries.js';
import { APPOINTMENT_TRANSITIONS, type AppointmentStatus } from '../schemas.js';

export async function changeAppointmentStatus(
  ctx: ClinicContext,
  input: { tenantId: number; appointmentId: number; status: AppointmentStatus },
): Promise<Record<string, any>> {
  const { db, clock } = ctx.services;
  return inTransaction(db, async (trx) => {
    const row = await lockForUpdate(
      trx('appointments').where({ id: input.appointmentId, tenant_id: input.tenantId }),
      db,
    ).first('id', 'status');
    if (!row) throw new NotFoundError('Appointment not found.');
    const from = row.status as AppointmentStatus;
    if (from !== input.status) {
      const allowed = APPOINTMENT_TRANSITIONS[from] ?? [];
      if (!allowed.includes(input.status)) {
        const next = allowed.length ? `it can move to: ${allowed.join(', ')}` : 'it is final';
        throw ValidationError.field(
          'status',
          `An appointment that is ${from} cannot become ${input.status}; ${next}.`,
        );
      }
      await trx('appointments')
        .where('id', input.appointmentId)
        .update({ status: input.status, updated_at: toDbTime(clock.now()) });
      await recordAudit(trx, ctx, {
        tenantId: input.tenantId,
        action: 'appointment.status_changed',
        subjectType: 'appointment',
        subjectId: input.appointmentId,
        details: { from, to: input.status },
      });
    }
    return loadAppointment(trx, input.appointmentId);
  });
}
