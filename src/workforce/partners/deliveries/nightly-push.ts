// The nightly push: at 04:00 UTC the daemon's scheduler (src/scheduler/jobs.ts) claims the day's
// slot in scheduler_runs, so one daemon of many runs it, and runs partner.push as the built-in system
// user for what every partner is owed.
// A run with failed batches still finishes as "done": its failures are in the ledger
// (`wfctl partner deliveries --failed`) and those batches are due again on the next push; marking
// the slot failed would only let a second daemon re-run the same night.
import { runOperation } from '../../../core/operation.js';
import type { ScheduledJob } from '../../../core/scheduled-job.js';
import type { Services } from '../../../core/services.js';
import { workforceContext } from '../../context.js';
import { systemActor } from '../../identity/actor.js';
import { pushToPartners } from './operations/push-to-partners.js';

export const partnerPushJob: ScheduledJob = {
  name: 'partner-push',
  description: 'Pushes the locked days each partner has not received yet, at 04:00 UTC',
  cron: '0 4 * * *',
  timezone: 'UTC',
  operation: pushToPartners,
  async run(services: Services, _slot: string): Promise<Record<string, unknown>> {
    const ctx = workforceContext(services, await systemActor(services.db));
    const result = await runOperation(pushToPartners, ctx, {});
    const summary = {
      ok: result.ok,
      locks: result.items.length,
      delivered_batches: result.delivered_batches,
      failed_batches: result.failed_batches,
      failed_delivery_ids: result.failures.map((f) => f.id),
    };
    if (!result.ok) services.logger.error('partner push had failures', summary);
    return summary;
  },
};
