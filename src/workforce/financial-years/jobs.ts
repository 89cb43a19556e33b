// Queue handlers of this folder, registered by name in src/scheduler/handlers.ts.
import type { JobHandlers } from '../../core/job-queue.js';
import { FINANCIAL_YEAR_CLOSE_JOB } from './operations/close-financial-year.js';
import { completeFinancialYearClose } from './operations/complete-close.js';

export const financialYearJobHandlers: JobHandlers = {
  [FINANCIAL_YEAR_CLOSE_JOB]: (services, payload, job) => completeFinancialYearClose(services, payload, job),
};
