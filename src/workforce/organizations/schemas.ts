// Request schema shared by the HTTP route and `wfctl org retire`.
import { isoDate, yup } from '../../core/validation.js';

export const retireOrganizationBody = yup.object({
  effective_date: isoDate().required().meta({ example: '2026-03-31' }),
  reason: yup.string().trim().min(1).max(1000).required().meta({ example: 'Contract ended' }),
});
