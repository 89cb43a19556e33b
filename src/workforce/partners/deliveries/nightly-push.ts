// The nightly push: at 04:00 UTC the daemon's scheduler (src/scheduler/schedule.ts, listed in
// src/tasks.ts) claims the day's slot in scheduler_runs, so one daemon of many runs it, and runs
// partner.push (its declared operation and input) as the built-in system user for what every
// partner is owed.
// A run that ends with any batch undelivered (failed, dead, or claimed by another run) fails its
// slot, with a message and a log line that say how many batches died in this run and name every
// undelivered one: the slot's status is the nightly job's exit status (`wfctl schedule run
// partner-push` exits non-zero). Re-running the slot is harmless: a batch's five attempts are its
// lifetime budget, so no re-run sends a dead batch, and nothing delivered is sent again.
import type { OperationJob } from '../../../core/scheduled-job.js';
import type { Services } from '../../../core/services.js';
import { workforceContext } from '../../context.js';
import { systemActor } from '../../identity/actor.js';
import { pushToPartners, type PushResult } from './operations/push-to-partners.js';

export const partnerPushJob: OperationJob = {
  name: 'partner-push',
  description: 'Pushes the locked days each partner has not received yet, at 04:00 UTC',
  cron: '0 4 * * *',
  timezone: 'UTC',
  operation: pushToPartners,
  input: () => ({}),
  context: async (services: Services) => workforceContext(services, await systemActor(services.db)),
  outcome(result: PushResult, services: Services): Record<string, unknown> {
    const summary = {
      ok: result.ok,
      locks: result.items.length,
      delivered_batches: result.delivered_batches,
      failed_batches: result.failed_batches,
      dead_batches: result.dead_batches,
      undelivered_batches: result.undelivered.length,
      undelivered_delivery_ids: result.undelivered.map((u) => u.id),
    };
    if (result.ok) return summary;
    services.logger.error('partner push left batches undelivered', summary);
    throw new Error(undeliveredMessage(result));
  },
};

/** "2 batch(es) died in this run; 3 undelivered: delivery 12 (dead), delivery 14 (claimed by …)". */
export function undeliveredMessage(result: PushResult): string {
  const named = result.undelivered.map(
    (u) =>
      `delivery ${u.id} (${u.reason === 'claimed' ? `claimed by ${u.claimed_by} until ${u.claimed_until}` : u.reason})`,
  );
  const skipped = result.items
    .filter((i) => i.skipped)
    .map((i) => `lock ${i.lock_id} of ${i.partner} (${i.skipped})`);
  return (
    `${result.dead_batches} batch(es) died in this run; ${result.undelivered.length} undelivered` +
    (named.length ? `: ${named.join(', ')}` : '') +
    (skipped.length ? `; not attempted: ${skipped.join(', ')}` : '') +
    '. See `wfctl partner deliveries --failed`; `wfctl partner redeliver ID|--all-dead` sends them again.'
  );
}
