// Request schemas shared by the HTTP route and `wfctl unit retire`.
import { idNumber, isoDate, yup } from '../../core/validation.js';

const positiveId = () => idNumber().required();

export const retireUnitBody = yup.object({
  effective_date: isoDate().required().meta({ example: '2026-03-31' }),
  reason: yup.string().trim().min(1).max(1000).required().meta({ example: 'Site closed' }),
  transfer_map: yup
    .array()
    .of(
      yup.object({
        employee_id: positiveId().meta({ description: 'the employee record id' }),
        target_unit_id: positiveId(),
      }),
    )
    .max(100000)
    .optional(),
});
