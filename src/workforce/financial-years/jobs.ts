// Queue handlers of this folder, registered by name in src/tasks.ts. The close job declares
// financial-year.complete-close and its input; the worker runs it as the built-in system user. A
// checklist that no longer holds (the year is open again) or a payload that names no year fails the
// job without retrying.
import { PermanentJobError, type JobHandlers } from '../../core/job-queue.js';
import type { Services } from '../../core/services.js';
import { workforceContext } from '../context.js';
import { systemActor } from '../identity/actor.js';
import { FINANCIAL_YEAR_CLOSE_JOB } from './operations/close-financial-year.js';
import { completeFinancialYearClose } from './operations/complete-close.js';

export const financialYearJobHandlers: JobHandlers = {
  [FINANCIAL_YEAR_CLOSE_JOB]: {
    operation: completeFinancialYearClose,
    input: (payload: { financial_year_id?: unknown; actor_user_id?: unknown }, job) => ({
      financial_year_id: payload.financial_year_id,
      requested_by: payload.actor_user_id,
      job_id: job.id,
    }),
    context: async (services: Services) => workforceContext(services, await systemActor(services.db)),
    outcome(result: Awaited<ReturnType<typeof completeFinancialYearClose.run>>) {
      if ('failed' in result) throw new PermanentJobError(result.failed);
      return result;
    },
  },
};
