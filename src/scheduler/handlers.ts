// Every queue handler, by job name. Each folder exports its own map; add one spread to register more.
import type { JobHandlers } from '../core/job-queue.js';
import { financialYearJobHandlers } from '../workforce/financial-years/jobs.js';
import { caregiverJobHandlers } from '../clinic/caregivers/jobs.js';
import { orderJobHandlers } from '../clinic/orders/jobs.js';
import { reminderJobHandlers } from '../clinic/reminders/jobs.js';

export const jobHandlers: JobHandlers = {
  ...financialYearJobHandlers,
  ...caregiverJobHandlers,
  ...orderJobHandlers,
  ...reminderJobHandlers,
};
