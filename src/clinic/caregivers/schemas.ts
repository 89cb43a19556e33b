// Request schemas of the caregiver endpoints.
import { yup } from '../../core/validation.js';
import { emailField, optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const CAREGIVER_TOKEN_LENGTH = 48;
export const ACCESS_LEVELS = ['view', 'full'] as const;

export const pageOnlyQuery = yup.object({ page: pageField() });

export const inviteCaregiverSchema = yup.object({
  invited_email: emailField().required(),
  invited_name: optionalText(180),
  access_level: yup
    .string()
    .oneOf([...ACCESS_LEVELS])
    .required(),
  note: optionalText(2000),
});

export const acceptInviteSchema = yup.object({
  token: yup.string().trim().length(CAREGIVER_TOKEN_LENGTH).required(),
});
