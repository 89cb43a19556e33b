// Request schemas of the auth endpoints, and the account fields every clinic schema shares
// (tenant sign-up, owner registration and member invitation all create accounts).
import { PASSWORD_MAX_BYTES } from '../../core/passwords.js';
import { yup } from '../../core/validation.js';

export const emailField = () =>
  yup
    .string()
    .trim()
    .lowercase() // stored lower-case: one account per address on both dialects
    .max(191)
    .email();

export const nameField = () => yup.string().trim().max(255);

/** Optional text: an empty string is the same as leaving it out. */
export const optionalText = (max: number) =>
  yup
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

export const passwordField = () =>
  yup
    .string()
    .min(8)
    .test(
      'max-bytes',
      ({ path }) => `The ${path} field must not be greater than ${PASSWORD_MAX_BYTES} bytes.`,
      (v) => v == null || Buffer.byteLength(v, 'utf8') <= PASSWORD_MAX_BYTES,
    );

export const loginSchema = yup.object({
  email: emailField().required(),
  password: passwordField().required(),
});
export type LoginInput = yup.InferType<typeof loginSchema>;
