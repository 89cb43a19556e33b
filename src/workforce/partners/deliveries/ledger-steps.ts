// The ledger's writes as step operations. The push and the redelivery are `defineSteps` (no
// transaction may be held across a partner's HTTP answer), so each write of theirs is one of these,
// run through `ctx.call`: its own short transaction, retried by the runner on a deadlock (on Galera,
// a certification conflict at COMMIT too) instead of failing the push, checked against the actor
// (system.admin, as the push itself) and audited in that transaction.
//
// What changes a batch's story is audited (planned, each attempt's outcome, given up, withdrawn);
// the lease bookkeeping (claim, heartbeat, release) only says which run holds a batch, changes at
// every heartbeat, and is not.
import { defineWrite, type AuditEntry } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import {
  claimBatch,
  insertBatch,
  markFailed,
  recordAttempt,
  releaseClaim,
  renewClaim,
  withdrawPlannedBatch,
  type Claim,
  type DeliveryRow,
  type DeliveryStatus,
  type NewBatch,
} from './ledger.js';
import { describeOutcome, isSuccess, type AttemptOutcome } from './retry-policy.js';

const STATUSES: DeliveryStatus[] = ['pending', 'delivered', 'failed', 'dead'];

const claimFields = {
  delivery: idNumber().required(),
  claimed_by: yup.string().required(),
};

const newBatch = yup
  .object({
    partnerId: idNumber().required(),
    organizationId: idNumber().required(),
    month: yup.string().required(),
    lockId: idNumber().required(),
    batchIndex: yup.number().integer().min(0).required(),
    firstAttendanceId: idNumber().required(),
    lastAttendanceId: idNumber().required(),
    recordCount: yup.number().integer().min(1).required(),
    isLast: yup.boolean().required(),
    correctionRequestId: yup.number().integer().min(0),
  })
  .default(null)
  .nullable();

const outcome = yup.object({
  kind: yup.string().oneOf(['response', 'error']).required(),
  status: yup.number().integer(),
  retryAfter: yup.string(),
  bodyExcerpt: yup.string(),
  code: yup.string(),
  message: yup.string(),
});

const attempt = yup.object({
  ...claimFields,
  outcome: outcome.required(),
  status: yup.string().oneOf(STATUSES).required(),
  at: yup.date().required(),
});

const claimOf = (ctx: WorkforceRun, by: string): Claim => ({ by, leaseMs: ctx.services.config.leaseMs });

const entry = (row: DeliveryRow, action: string, details: Record<string, unknown>): AuditEntry => ({
  action,
  subjectType: 'partner_delivery',
  subjectId: Number(row.id),
  scopeId: Number(row.organization_id),
  details: {
    partner_id: Number(row.partner_id),
    delivery_id: row.delivery_id,
    month: row.month,
    lock_id: Number(row.lock_id),
    batch_index: Number(row.batch_index),
    ...details,
  },
});

/** The audit entry of an attempt, as it leaves the batch (read in the step's transaction). */
async function auditAttempt(ctx: WorkforceRun, id: number, out: AttemptOutcome): Promise<void> {
  const row: DeliveryRow | undefined = await ctx.db('partner_deliveries').where({ id }).first();
  if (!row) return;
  ctx.audit(
    entry(row, isSuccess(out) ? 'partner_delivery.delivered' : 'partner_delivery.attempt-failed', {
      status: row.status,
      attempts: Number(row.attempts),
      response_code: out.kind === 'response' ? out.status : null,
      ...(isSuccess(out) ? {} : { error: describeOutcome(out) }),
    }),
  );
}

/** Records a batch as planned (pending, claimed by this run); null when another run planned it. */
export const planBatch = defineWrite('delivery.plan-batch', 'system.admin', {
  summary: 'Record a push batch in the ledger, claimed by the run (a step of partner.push)',
  input: yup.object({
    batch: newBatch.required(),
    claimed_by: yup.string().required(),
    at: yup.date().required(),
  }),
  async run(ctx: WorkforceRun, input): Promise<DeliveryRow | null> {
    const row = await insertBatch(ctx.db, input.batch as NewBatch, input.at, claimOf(ctx, input.claimed_by));
    if (row) ctx.audit(entry(row, 'partner_delivery.planned', { record_count: Number(row.record_count) }));
    return row;
  },
});

/** One attempt's outcome (delivered, pending, failed or dead); false when the claim was lost. */
export const recordDeliveryAttempt = defineWrite('delivery.record-attempt', 'system.admin', {
  summary: 'Record one attempt of a push batch in the ledger (a step of partner.push)',
  input: attempt,
  async run(ctx: WorkforceRun, input): Promise<boolean> {
    const out = input.outcome as AttemptOutcome;
    const claim = claimOf(ctx, input.claimed_by);
    const recorded = await recordAttempt(ctx.db, input.delivery, out, input.at, input.status, claim);
    if (recorded) await auditAttempt(ctx, input.delivery, out);
    return recorded;
  },
});

/**
 * The pipelined push's one durable write per batch (new-batches.ts): the 2xx of the batch before the
 * one in flight and the claim of the batch after it, committed together. The mark goes first: if
 * the next batch is already planned by another run, the mark still commits and the row is null.
 */
export const markDeliveredAndPlan = defineWrite('delivery.mark-delivered-and-plan', 'system.admin', {
  summary: 'Record a batch delivered and plan the next one, in one transaction (a step of partner.push)',
  input: yup.object({
    delivered: yup
      .object({ delivery: idNumber().required(), outcome: outcome.required(), at: yup.date().required() })
      .default(null)
      .nullable(),
    next: newBatch,
    claimed_by: yup.string().required(),
    at: yup.date().required(),
  }),
  async run(ctx: WorkforceRun, input): Promise<DeliveryRow | null> {
    const claim = claimOf(ctx, input.claimed_by);
    const { delivered, next } = input;
    if (delivered) {
      const out = delivered.outcome as AttemptOutcome;
      if (await recordAttempt(ctx.db, delivered.delivery, out, delivered.at, 'delivered', claim))
        await auditAttempt(ctx, delivered.delivery, out);
    }
    if (!next) return null;
    const row = await insertBatch(ctx.db, next as NewBatch, input.at, claim);
    if (row) ctx.audit(entry(row, 'partner_delivery.planned', { record_count: Number(row.record_count) }));
    return row;
  },
});

/** Gives a batch up for this run without another attempt (a Retry-After longer than the push waits). */
export const giveUpBatch = defineWrite('delivery.give-up', 'system.admin', {
  summary: 'Mark a claimed push batch failed for this run (a step of partner.push)',
  input: yup.object({ ...claimFields, reason: yup.string().required(), at: yup.date().required() }),
  async run(ctx: WorkforceRun, input): Promise<void> {
    const claim = claimOf(ctx, input.claimed_by);
    await markFailed(ctx.db, input.delivery, input.reason, input.at, claim);
    const row: DeliveryRow | undefined = await ctx
      .db('partner_deliveries')
      .where({ id: input.delivery })
      .first();
    if (row?.status === 'failed' && !row.claimed_by)
      ctx.audit(entry(row, 'partner_delivery.given-up', { reason: row.last_error }));
  },
});

/** Removes a batch this run planned ahead but never sent (guarded by the claim and attempts = 0). */
export const withdrawBatch = defineWrite('delivery.withdraw', 'system.admin', {
  summary: 'Remove a push batch planned ahead and never sent (a step of partner.push)',
  input: yup.object(claimFields),
  async run(ctx: WorkforceRun, input): Promise<void> {
    const row: DeliveryRow | undefined = await ctx
      .db('partner_deliveries')
      .where({ id: input.delivery })
      .first();
    if (!row) return;
    if (await withdrawPlannedBatch(ctx.db, input.delivery, claimOf(ctx, input.claimed_by)))
      ctx.audit(entry(row, 'partner_delivery.withdrawn', {}));
  },
});

/** Takes a batch for this run (a lapsed claim included; a dead one only with `dead`). */
export const claimDelivery = defineWrite('delivery.claim', 'system.admin', {
  summary: 'Claim a push batch for a run, for one lease (a step of partner.push and delivery.redeliver)',
  input: yup.object({ ...claimFields, dead: yup.boolean(), at: yup.date().required() }),
  async run(ctx: WorkforceRun, input): Promise<boolean> {
    const claim = claimOf(ctx, input.claimed_by);
    return claimBatch(ctx.db, input.delivery, input.at, claim, { dead: input.dead });
  },
});

/** The heartbeat: one more lease, only while the claim is still this run's. */
export const renewDeliveryClaim = defineWrite('delivery.renew-claim', 'system.admin', {
  summary: 'Renew a run’s lease on a push batch (the heartbeat of partner.push)',
  input: yup.object({ ...claimFields, at: yup.date().required() }),
  async run(ctx: WorkforceRun, input): Promise<boolean> {
    return renewClaim(ctx.db, input.delivery, input.at, claimOf(ctx, input.claimed_by));
  },
});

/** Gives a batch back (no attempt is owed by this run any more). */
export const releaseDeliveryClaim = defineWrite('delivery.release-claim', 'system.admin', {
  summary: 'Release a run’s claim on a push batch (a step of partner.push and delivery.redeliver)',
  input: yup.object(claimFields),
  async run(ctx: WorkforceRun, input): Promise<void> {
    await releaseClaim(ctx.db, input.delivery, claimOf(ctx, input.claimed_by));
  },
});

/** A stopping daemon's runs give back every batch they still hold (context.ts, releaseHeldClaims). */
export const releaseRunClaims = defineWrite('delivery.release-run-claims', 'system.admin', {
  summary: 'Release every push batch the given runs hold (a stopping daemon)',
  input: yup.object({ claimed_by: yup.array(yup.string().required()).min(1).required() }),
  async run(ctx: WorkforceRun, input): Promise<number> {
    return ctx
      .db('partner_deliveries')
      .whereIn('claimed_by', input.claimed_by)
      .update({ claimed_until: null, claimed_by: null });
  },
});
