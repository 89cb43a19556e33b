// Request schemas shared by the HTTP routes and the CLI commands.
import { isoDate, yup } from '../../core/validation.js';

export const offboardBody = yup
  .object({
    last_working_day: isoDate().required().meta({ example: '2026-01-31' }),
    reason: yup.string().trim().min(1).max(1000).required().meta({ example: 'Resigned' }),
  })
  .noUnknown();
