// appointment.change-status (PATCH /tenant/{tenant}/appointments/{appointment}, `wfctl appointment
// status`): only the status moves, along APPOINTMENT_TRANSITIONS. Asking for the status it already
// has changes nothing (a safe retry); any other move out of a final status, or a skipped step, is a
// 422 on status.
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { loadAppointment } from '../queries.js';
import { APPOINTMENT_TRANSITIONS, updateAppointmentSchema, type AppointmentStatus } from '../schemas.js';
import { serializeAppointment, type AppointmentView } from '../serialize.js';
import { countStatusChange } from '../../counters.js';

export interface StatusChange {
  /** A preview (rolled back): what would have happened. */
  dry_run: boolean;
  /** The status before (equal to `appointment.status` when nothing moved). */
  from: AppointmentStatus;
  appointment: AppointmentView;
}

export const changeAppointmentStatus = defineWrite('appointment.change-status', 'tenant.member', {
  summary: 'Move an appointment to another status (only the status changes)',
  input: tenantScoped(
    updateAppointmentSchema.shape({
      appointment_id: idNumber().required(),
    }),
  ),
  async run(ctx: ClinicRun, input): Promise<StatusChange> {
    const tenantId = await tenantScope(ctx, input);
    const { db } = ctx;
    const row = await lockForUpdate(
      db('appointments').where({ id: input.appointment_id, tenant_id: tenantId }),
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
      await db('appointments')
        .where('id', input.appointment_id)
        .update({ status: input.status, updated_at: toDbTime(ctx.services.clock.now()) });
      await countStatusChange(db, tenantId, 'appointments', from, input.status);
      ctx.audit({
        action: 'appointment.status_changed',
        subjectType: 'appointment',
        subjectId: input.appointment_id,
        scopeId: tenantId,
        details: { from, to: input.status },
      });
    }
    return {
      dry_run: ctx.dryRun,
      from,
      appointment: serializeAppointment(await loadAppointment(db, input.appointment_id)),
    };
  },
});
