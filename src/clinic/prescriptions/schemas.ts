// Request schemas of the prescription endpoints.
import { idParam, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

const tenantRef = () => yup.string().required().meta({ description: 'tenant id, or its slug' });

export const patientParams = yup.object({ tenant: tenantRef(), pet: idParam() });
export const petParams = yup.object({ pet: idParam() });
export const prescriptionParams = yup.object({ pet: idParam(), prescription: idParam() });
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
export type CreatePrescriptionInput = yup.InferType<typeof createPrescriptionSchema>;
