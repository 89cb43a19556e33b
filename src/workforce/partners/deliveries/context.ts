// What the push is given beside the services: how to wait between attempts, how to send, and who
// hears about progress. All three are injectable (tests drive the retry rules with a FixedClock and
// nock without sleeping; the CLI shows a live board): they ride on the operation context handed to
// runOperation (`{ ...workforceContext(services, actor), sleep }`), which the runner passes on to run().
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { LeaseTimers } from '../../../core/lease.js';
import type { Services } from '../../../core/services.js';
import { runOperation } from '../../../core/operation.js';
import { workforceContext, type WorkforceRun } from '../../context.js';
import { systemActor } from '../../identity/actor.js';
import type { Claim } from './ledger.js';
import { releaseRunClaims } from './ledger-steps.js';
import { gotTransport, type Transport } from './transport.js';

export interface PushProgress {
  type: 'batch-start' | 'attempt-failed' | 'batch-done';
  partner: string;
  organization_code: string;
  month: string;
  batch_index: number;
  records: number;
  attempt?: number;
  /** The attempts this run may make for the batch: what is left of its budget when it started. */
  attempts_allowed: number;
  status?: 'delivered' | 'failed' | 'dead' | 'lost';
  error?: string;
  wait_ms?: number;
}

export interface PushTools {
  sleep?: (ms: number) => Promise<void>;
  transport?: Transport;
  onProgress?: (event: PushProgress) => void;
  /** The lease heartbeat's timers (tests beat it by hand). */
  timers?: LeaseTimers;
}

/**
 * What the push's steps read: the services (their db is the pool: no transaction), the tools, and
 * `call`, through which every ledger write runs as a step operation (ledger-steps.ts).
 */
export interface PushContext extends PushTools, Pick<WorkforceRun, 'call'> {
  services: Services;
}

/**
 * This run's claim on the batches it sends: an id naming the process (so an operator can tell which
 * host held a batch) and the lease from LEASE_SECONDS. While the run works, the claim is known to
 * its daemon (by the daemon's configuration), which releases it if it stops first.
 */
export function newClaim(services: Services): Claim {
  const claim = {
    by: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseMs: services.config.leaseMs,
  };
  let held = heldClaims.get(services.config);
  if (!held) heldClaims.set(services.config, (held = new Set()));
  held.add(claim.by);
  return claim;
}

/** The run is over: whatever it still holds lapses or was finished by its own writes. */
export function endClaim(services: Services, claim: Claim): void {
  heldClaims.get(services.config)?.delete(claim.by);
}

const heldClaims = new WeakMap<object, Set<string>>();

/**
 * A stopping daemon gives back the batches its push runs still hold (after the shutdown grace), so
 * another daemon's push takes them over at once instead of a lease later. Every later write of the
 * run is conditional on the claim (a 2xx excepted, which is recorded whoever holds the batch).
 */
export async function releaseHeldClaims(services: Services): Promise<number> {
  const held = heldClaims.get(services.config);
  if (!held?.size) return 0;
  const ctx = workforceContext(services, await systemActor(services.db));
  const released = await runOperation(releaseRunClaims, ctx, { claimed_by: [...held] });
  held.clear();
  return released;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function pushTools(ctx: PushTools) {
  return {
    sleep: ctx.sleep ?? realSleep,
    transport: ctx.transport ?? gotTransport,
    progress: ctx.onProgress ?? (() => {}),
    timers: ctx.timers,
  };
}

/**
 * The push and the redelivery are `defineSteps` operations for the runner: it opens no transaction
 * around them, because a batch's HTTP attempts (with waits of seconds) must never hold database
 * locks. Each ledger step is its own short statement instead (ledger.ts), and a claim on each batch
 * keeps two concurrent runs from sending it twice. Run inside another operation's transaction
 * (ctx.call from a write), they would hold it over the network: refused.
 */
export function requireNoTransaction(db: { isTransaction?: boolean }, operation: string): void {
  if (db.isTransaction)
    throw new Error(`${operation} calls partners over HTTP; it cannot run inside a transaction.`);
}
