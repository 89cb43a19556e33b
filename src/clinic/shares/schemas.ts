// Request schemas of the share-code endpoints.
import { idNumber, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';
import { SHARE_CODE_LENGTH } from './codes.js';

export const createShareSchema = yup.object({
  pet_id: idNumber().required(),
  note: optionalText(500),
  expires_in_minutes: yup.number().integer().min(5).max(1440).nullable(),
});

export const shareCodeParams = yup.object({ code: yup.string().required() });
export const shareListQuery = yup.object({ page: pageField() });

export const redeemShareSchema = yup.object({
  code: yup.string().trim().length(SHARE_CODE_LENGTH).required(),
  tenant_id: idNumber().required(),
  user_id: idNumber().required(),
});
