// The push's part for correction batches (corrections.ts): planned, sent and read back like a
// lock's batches, through the same sendBatch (signing, retries, budget, lease) and ledger.
import type { PushItem } from './operations/push-to-partners.js';
import type { PushContext } from './context.js';
import { claimCorrection, correctionBatch, type DueCorrection } from './corrections.js';
import type { Claim } from './ledger.js';
import type { PartnerTarget } from './partner-target.js';
import { sendBatch } from './send-batch.js';
import { failureOf, undeliveredOf, type DeliveryFailure, type UndeliveredBatch } from './serialize.js';

export function correctionItem(due: DueCorrection): PushItem {
  return {
    partner: due.partnerName,
    organization_code: due.organizationCode,
    month: due.month,
    lock_id: due.lockId,
    lock_scope: due.scopeKey,
    correction_request_id: due.requestId,
    records: 0,
    batches: 0,
    delivered_batches: 0,
    failed_batches: 0,
    dead_batches: 0,
  };
}

/** What a push would send now for this correction: its one record, unless its batch is dead. */
export async function planCorrection(ctx: PushContext, due: DueCorrection): Promise<PushItem> {
  const item = correctionItem(due);
  const planned = await correctionBatch(ctx.services.db, due);
  if (planned?.status !== 'dead') Object.assign(item, { records: 1, batches: 1 });
  return item;
}

export async function deliverCorrection(
  ctx: PushContext,
  target: PartnerTarget,
  due: DueCorrection,
  claim: Claim,
): Promise<{ item: PushItem; failures: DeliveryFailure[]; partnerUnavailable: boolean }> {
  const item = correctionItem(due);
  const claimed = await claimCorrection(ctx, due, claim);
  if (!claimed) return { item, failures: [], partnerUnavailable: false };
  item.records = 1;
  item.batches = 1;
  const label = { organizationCode: due.organizationCode, month: due.month };
  const result = await sendBatch(ctx, target, claimed.batch, label, claimed.body, claim);
  if (result.status === 'delivered') item.delivered_batches = 1;
  if (result.status === 'delivered' || result.status === 'lost')
    return { item, failures: [], partnerUnavailable: false };
  item.failed_batches = 1;
  if (result.status === 'dead') item.dead_batches = 1;
  const row = await ctx.services.db('partner_deliveries').where({ id: claimed.batch.id }).first();
  return {
    item,
    failures: [failureOf(row, target.name, due.organizationCode)],
    partnerUnavailable: result.unavailable,
  };
}

/** As the run ends: the correction batches it looked at that are not delivered, and why. */
export async function undeliveredCorrections(
  ctx: PushContext,
  looked: Array<{ due: DueCorrection; target: PartnerTarget }>,
  claim: Claim,
): Promise<UndeliveredBatch[]> {
  const out: UndeliveredBatch[] = [];
  for (const { due, target } of looked) {
    const row = await correctionBatch(ctx.services.db, due);
    if (row && row.status !== 'delivered')
      out.push(undeliveredOf(row, target.name, due.organizationCode, ctx.services.clock.now(), claim.by));
  }
  return out;
}
