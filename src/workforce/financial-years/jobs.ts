// Queue handlers of this folder, registered by name in src/tasks.ts. The close job
// runs financial-year.complete-close as the built-in system user; a checklist that no longer holds
// (the year is open again) or a payload that names no year fails the job without retrying.
import { PermanentJobError, type JobHandlers } from '../../core/job-queue.js';
import { runOperation } from '../../core/operation.js';
import { ValidationError } from '../../core/errors.js';
import { workforceContext } from '../context.js';
import { systemActor } from '../identity/actor.js';
import { FINANCIAL_YEAR_CLOSE_JOB } from './operations/close-financial-year.js';
import { completeFinancialYearClose } from './operations/complete-close.js';

export const financialYearJobHandlers: JobHandlers = {
  [FINANCIAL_YEAR_CLOSE_JOB]: {
    operation: completeFinancialYearClose,
    async work(services, payload: { financial_year_id?: unknown; actor_user_id?: unknown }, job) {
      const ctx = workforceContext(services, await systemActor(services.db));
      const input = {
        financial_year_id: payload.financial_year_id,
        requested_by: payload.actor_user_id,
        job_id: job.id,
      };
      const outcome = await runOperation(completeFinancialYearClose, ctx, input).catch((err) => {
        if (err instanceof ValidationError)
          throw new PermanentJobError(`The job's payload is invalid: ${err.message}`);
        throw err;
      });
      if ('failed' in outcome) throw new PermanentJobError(outcome.failed);
      return outcome;
    },
  },
};
