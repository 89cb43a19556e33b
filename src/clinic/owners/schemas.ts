// Request schemas of the owner endpoints.
import { idNumber, yup } from '../../core/validation.js';
import { emailField, nameField, optionalText, passwordField } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const registerOwnerSchema = yup.object({
  name: nameField().required(),
  email: emailField().required(),
  password: passwordField()
    .required()
    .test(
      'confirmed',
      ({ path }) => `The ${path} field confirmation does not match.`,
      function (value) {
        return value == null || value === this.parent.password_confirmation;
      },
    ),
  password_confirmation: yup.string().optional(),
  phone: optionalText(40),
  tenant_id: idNumber().required(),
});

export const ownerClientListQuery = yup.object({ page: pageField() });
