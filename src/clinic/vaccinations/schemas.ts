// Request schemas of the vaccination endpoints.
import { isoDate, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';

export const recordVaccinationSchema = yup.object({
  name: yup.string().trim().max(255).required(),
  administered_at: isoDate().required(),
  next_due_at: isoDate()
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .test(
      'not-before-administered',
      ({ path }) => `The ${path} field must be a date after or equal to administered_at.`,
      // Both are YYYY-MM-DD, so text order is date order.
      function (value) {
        const given = this.parent.administered_at;
        return value == null || typeof given !== 'string' || value >= given;
      },
    ),
  notes: optionalText(2000),
  lot_number: optionalText(100),
});
