// attendance.correction-request.reject (issue 28): hr or org_admin refuses a pending request, with a
// reason the requester reads. The day is not touched.
import { defineWrite } from '../../../../core/operation.js';
import { toDbTime } from '../../../../db/time.js';
import { actingUser, type WorkforceRun } from '../../../context.js';
import { rejectRequestSchema } from '../schemas.js';
import { selectRequests, serializeRequest, type CorrectionRequestView } from '../serialize.js';
import { lockPending, requestToDecide } from './decide.js';

export const rejectRequest = defineWrite('attendance.correction-request.reject', 'attendance.lock', {
  summary: 'Reject a correction request, with a reason',
  input: rejectRequestSchema,
  async run(ctx: WorkforceRun, input): Promise<CorrectionRequestView> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const found = await requestToDecide(ctx, input.request_id);
    await lockPending(trx, found.id);
    const now = toDbTime(services.clock.now());
    await trx('attendance_correction_requests').where({ id: found.id }).update({
      status: 'rejected',
      decided_by: actor.userId,
      decided_at: now,
      decision_reason: input.reason,
      updated_at: now,
    });
    ctx.audit({
      action: 'attendance.correction_rejected',
      subjectType: 'attendance_correction_request',
      subjectId: found.id,
      scopeId: found.organizationId,
      details: { request_id: found.id, reason: input.reason },
    });
    return serializeRequest(await selectRequests(trx).where('r.id', found.id).first());
  },
});
