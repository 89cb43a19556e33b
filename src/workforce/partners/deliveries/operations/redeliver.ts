// delivery.redeliver: sends one ledger batch again (the operator's answer to a failed delivery), with
// the same records and the same X-Attendance-Delivery-Id, and the same retry rules as the push.
import { ConflictError, NotFoundError } from '../../../../core/errors.js';
import { defineOperation } from '../../../../core/operation.js';
import { yup } from '../../../../core/validation.js';
import type { WorkforceRun } from '../../../context.js';
import { lockRecordsBetween } from '../../records.js';
import { requireNoTransaction, type PushContext, type PushTools } from '../context.js';
import { claimBatch, findDelivery } from '../ledger.js';
import { loadTarget } from '../partner-target.js';
import { claimWindowMs } from '../retry-policy.js';
import { sendBatch } from '../send-batch.js';
import { deliveryView, type DeliveryView } from '../serialize.js';

export interface RedeliverResult {
  ok: boolean;
  delivery: DeliveryView;
  attempts_this_run: number;
}

export const redeliverBatch = defineOperation({
  name: 'delivery.redeliver',
  summary: 'Send one delivery batch again (same records, same X-Attendance-Delivery-Id)',
  input: yup.object({ delivery: yup.string().trim().required().max(191) }),
  permission: 'system.admin',
  // No transaction around the network calls: see requireNoTransaction.
  kind: 'steps',
  async run(ctx: WorkforceRun & PushTools, input): Promise<RedeliverResult> {
    requireNoTransaction(ctx.db, 'delivery.redeliver');
    return redeliver(ctx, input.delivery);
  },
});

async function redeliver(ctx: PushContext, delivery: string): Promise<RedeliverResult> {
  const { db, clock, config } = ctx.services;
  const row = await findDelivery(db, delivery);
  if (!row) throw new NotFoundError(`No delivery ${delivery}.`);
  if (row.status === 'delivered') {
    throw new ConflictError(`Delivery ${row.id} was already delivered.`, 'ALREADY_DELIVERED');
  }
  const lock = await db('attendance_locks').where({ id: row.lock_id }).first('id');
  if (!lock) {
    throw new ConflictError(
      `The lock ${row.lock_id} this batch came from was removed (the month was unlocked); ` +
        'its days are pushed again when the month is locked again.',
      'LOCK_GONE',
    );
  }
  const target = await loadTarget(db, row.partner_id);
  if (!target || !target.isActive)
    throw new ConflictError('The partner of this delivery is inactive.', 'PARTNER_INACTIVE');
  const org = await db('organizations').where({ id: row.organization_id }).first('code');
  const window = claimWindowMs(config.workforce.partnerPushTimeoutMs);
  if (!(await claimBatch(db, row.id, clock.now(), new Date(clock.now().getTime() + window)))) {
    throw new ConflictError(`Delivery ${row.id} is being sent by another run right now.`, 'DELIVERY_BUSY');
  }
  const records = await lockRecordsBetween(db, row.lock_id, row.first_attendance_id, row.last_attendance_id);
  const body = JSON.stringify(records.map((r) => r.record));
  const result = await sendBatch(ctx, target, row, { organizationCode: org.code, month: row.month }, body);
  const after = await db('partner_deliveries').where({ id: row.id }).first();
  return {
    ok: result.status === 'delivered',
    delivery: deliveryView(after, target.name, org.code),
    attempts_this_run: result.attempts,
  };
}
