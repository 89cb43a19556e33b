// delivery.redeliver: the operator's answer to a batch that failed or died. One batch (by number or
// delivery id), or every dead batch (`all_dead`), is given a fresh budget of five attempts and sent
// now, with the same records and the same X-Attendance-Delivery-Id, under the same retry rules as
// the push. A batch another run holds is taken over once that run's lease has lapsed (a crashed
// push costs seconds); while the lease is live it is DELIVERY_BUSY.
//
// Each batch given a fresh budget is an operator's override of the retry rules, so it is audited
// (`partner_delivery.redelivered`, one entry per batch, in the organization of the batch): the budget
// is reset by a step operation with its own short transaction, through the runner's audit writer.
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../../core/errors.js';
import { defineSteps, defineWrite } from '../../../../core/operation.js';
import { idNumber, yup } from '../../../../core/validation.js';
import type { WorkforceRun } from '../../../context.js';
import { lockRecordsBetween } from '../../records.js';
import { newClaim, requireNoTransaction, type PushContext, type PushTools } from '../context.js';
import { findDelivery, freshBudget, type Claim, type DeliveryRow } from '../ledger.js';
import { claimDelivery, releaseDeliveryClaim } from '../ledger-steps.js';
import { loadTarget, type PartnerTarget } from '../partner-target.js';
import { sendBatch } from '../send-batch.js';
import { deliveryView, type DeliveryView } from '../serialize.js';

export const redeliverInput = yup
  .object({
    delivery: yup.string().trim().max(191),
    /** Every dead batch whose lock still exists and whose partner is active. */
    all_dead: yup.boolean(),
  })
  .noUnknown()
  .required();

/**
 * A step of delivery.redeliver: the claimed batch gets a fresh budget of attempts (status pending),
 * and the audit trail says who did it to which batch of which partner. False when the claim was lost.
 */
export const grantFreshBudget = defineWrite('delivery.fresh-budget', 'system.admin', {
  summary: 'Give a claimed delivery batch a fresh budget of attempts (a step of delivery.redeliver)',
  input: yup.object({ delivery: idNumber().required(), claimed_by: yup.string().required() }),
  async run(ctx: WorkforceRun, input): Promise<boolean> {
    const before = await ctx.db('partner_deliveries').where({ id: input.delivery }).first();
    if (!before) throw new NotFoundError(`No delivery ${input.delivery}.`);
    const granted = await freshBudget(ctx.db, input.delivery, ctx.services.clock.now(), {
      by: input.claimed_by,
      leaseMs: ctx.services.config.leaseMs,
    });
    if (!granted) return false;
    const partner = await ctx.db('partners').where({ id: before.partner_id }).first('name');
    ctx.audit({
      action: 'partner_delivery.redelivered',
      subjectType: 'partner_delivery',
      subjectId: Number(before.id),
      scopeId: Number(before.organization_id),
      details: {
        partner_id: Number(before.partner_id),
        partner: partner?.name ?? null,
        delivery_id: before.delivery_id,
        month: before.month,
        lock_id: Number(before.lock_id),
        batch_index: Number(before.batch_index),
        previous_status: before.status,
        previous_attempts: Number(before.attempts),
      },
    });
    return true;
  },
});

export interface RedeliveredBatch extends DeliveryView {
  attempts_this_run: number;
}

export interface RedeliverResult {
  ok: boolean;
  /** The one batch asked for by number or delivery id; null with all_dead. */
  delivery: DeliveryView | null;
  attempts_this_run: number;
  /** Every batch sent in this run, as it stands now. */
  deliveries: RedeliveredBatch[];
  /** Dead batches all_dead did not send, and why (LOCK_GONE, PARTNER_INACTIVE, DELIVERY_BUSY, …). */
  skipped: Array<{ id: number; code: string; reason: string }>;
}

export const redeliverBatch = defineSteps('delivery.redeliver', 'system.admin', {
  summary: 'Send one delivery batch (or every dead one) again with a fresh budget of five attempts',
  input: redeliverInput,
  // No transaction around the network calls: see requireNoTransaction.
  async run(ctx: WorkforceRun & PushTools, input): Promise<RedeliverResult> {
    requireNoTransaction(ctx.db, 'delivery.redeliver');
    if (Boolean(input.delivery) === Boolean(input.all_dead)) {
      throw ValidationError.field('delivery', 'Name one delivery, or ask for every dead one (not both).');
    }
    return input.delivery ? redeliverOne(ctx, input.delivery) : redeliverAllDead(ctx);
  },
});

async function redeliverOne(ctx: PushContext, ref: string): Promise<RedeliverResult> {
  const { db } = ctx.services;
  const row = await findDelivery(db, ref);
  if (!row) throw new NotFoundError(`No delivery ${ref}.`);
  const { unavailable: _unavailable, ...sent } = await redeliver(ctx, row, newClaim(ctx.services));
  return {
    ok: sent.status === 'delivered',
    delivery: sent,
    attempts_this_run: sent.attempts_this_run,
    deliveries: [sent],
    skipped: [],
  };
}

async function redeliverAllDead(ctx: PushContext): Promise<RedeliverResult> {
  const { db } = ctx.services;
  const claim = newClaim(ctx.services);
  const dead: DeliveryRow[] = await db('partner_deliveries').where({ status: 'dead' }).orderBy('id');
  const deliveries: RedeliveredBatch[] = [];
  const skipped: RedeliverResult['skipped'] = [];
  // A partner that looked unavailable is not tried again in this run; its batches stay dead.
  const unavailable = new Set<number>();
  for (const row of dead) {
    if (unavailable.has(Number(row.partner_id))) {
      skipped.push({
        id: Number(row.id),
        code: 'PARTNER_UNAVAILABLE',
        reason: 'partner unavailable earlier in this run',
      });
      continue;
    }
    try {
      const { unavailable: down, ...sent } = await redeliver(ctx, row, claim);
      deliveries.push(sent);
      if (sent.status !== 'delivered' && down) unavailable.add(Number(row.partner_id));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 409) throw err;
      skipped.push({ id: Number(row.id), code: err.code ?? 'CONFLICT', reason: err.message });
    }
  }
  const refusedNow = skipped.filter((s) => s.code !== 'LOCK_GONE' && s.code !== 'PARTNER_INACTIVE');
  return {
    ok: deliveries.every((d) => d.status === 'delivered') && refusedNow.length === 0,
    delivery: null,
    attempts_this_run: deliveries.reduce((n, d) => n + d.attempts_this_run, 0),
    deliveries,
    skipped,
  };
}

/** Checks, claims (taking over a lapsed claim), gives a fresh budget, sends. */
async function redeliver(
  ctx: PushContext,
  row: DeliveryRow,
  claim: Claim,
): Promise<RedeliveredBatch & { unavailable: boolean }> {
  const { db, clock } = ctx.services;
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
  const target: PartnerTarget | null = await loadTarget(db, row.partner_id);
  if (!target || !target.isActive)
    throw new ConflictError('The partner of this delivery is inactive.', 'PARTNER_INACTIVE');
  const org = await db('organizations').where({ id: row.organization_id }).first('code');
  const claimed = { delivery: row.id, claimed_by: claim.by, dead: true, at: clock.now() };
  if (!(await ctx.call(claimDelivery, claimed))) {
    const now = await db('partner_deliveries').where({ id: row.id }).first();
    if (now?.status === 'delivered') {
      throw new ConflictError(`Delivery ${row.id} was already delivered.`, 'ALREADY_DELIVERED');
    }
    throw new ConflictError(
      `Delivery ${row.id} is being sent by another run right now (${now?.claimed_by ?? 'unknown'}, ` +
        `lease until ${now?.claimed_until ?? '?'} UTC); it can be taken over once that lease lapses.`,
      'DELIVERY_BUSY',
    );
  }
  try {
    await ctx.call(grantFreshBudget, { delivery: Number(row.id), claimed_by: claim.by });
    const records = await lockRecordsBetween(
      db,
      row.lock_id,
      row.first_attendance_id,
      row.last_attendance_id,
    );
    const body = JSON.stringify(records.map((r) => r.record));
    const fresh = { ...row, budget_used: 0, claimed_by: claim.by };
    const result = await sendBatch(
      ctx,
      target,
      fresh,
      { organizationCode: org.code, month: row.month },
      body,
      claim,
    );
    const after = await db('partner_deliveries').where({ id: row.id }).first();
    return {
      ...deliveryView(after, target.name, org.code),
      attempts_this_run: result.attempts,
      unavailable: result.unavailable,
    };
  } catch (err) {
    await ctx.call(releaseDeliveryClaim, { delivery: row.id, claimed_by: claim.by }).catch(() => {});
    throw err;
  }
}
