// The ledger, newest first: what each partner has been sent, and (with failed) what needs attention:
// failed batches (budget left, due on the next push) and dead ones (only a redelivery sends them).
import { defineRead } from '../../../../core/operation.js';
import { yup } from '../../../../core/validation.js';
import type { WorkforceRun } from '../../../context.js';
import { partnerRef } from '../../../refs.js';
import { deliveryView, type DeliveryView } from '../serialize.js';

export const listDeliveriesInput = yup
  .object({
    failed: yup.boolean(),
    partner: yup.string().trim().max(191),
    limit: yup.number().integer().min(1).max(1000).default(100),
  })
  .noUnknown()
  .required();

export interface DeliveryListItem extends DeliveryView {
  /** False once the lock was removed (month unlocked): the batch can no longer be redelivered. */
  lock_current: boolean;
}

export const listDeliveries = defineRead('delivery.list', 'system.admin', {
  summary: 'The partner delivery ledger, newest first (failed: only failed and dead batches)',
  input: listDeliveriesInput,
  async run(ctx: WorkforceRun, input): Promise<{ data: DeliveryListItem[] }> {
    const { db } = ctx;
    const qb = db('partner_deliveries as d')
      .join('partners as p', 'p.id', 'd.partner_id')
      .join('organizations as o', 'o.id', 'd.organization_id')
      .leftJoin('attendance_locks as l', 'l.id', 'd.lock_id')
      .select('d.*', 'p.name as partner_name', 'o.code as organization_code', 'l.id as current_lock_id')
      .orderBy('d.id', 'desc')
      .limit(input.limit);
    if (input.failed) qb.whereIn('d.status', ['failed', 'dead']);
    if (input.partner) qb.where('d.partner_id', (await partnerRef(db, input.partner)).id);
    const rows = await qb;
    return {
      data: rows.map((r: any) => ({
        ...deliveryView(r, r.partner_name, r.organization_code),
        lock_current: r.current_lock_id !== null && r.current_lock_id !== undefined,
      })),
    };
  },
});
