// Request schemas of the prescription endpoints.
import { yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const pageOnlyQuery = yup.object({ page: pageField() });

export const prescriptionItemSchema = yup.object({
  name: yup.string().trim().max(180).required(),
  dose: optionalText(120),
  quantity: optionalText(60),
  instructions: optionalText(1000),
});

export const createPrescriptionSchema = yup.object({
  items: yup.array().of(prescriptionItemSchema).min(1).max(50).required(),
  notes: optionalText(2000),
});
