// Request schemas (yup, shared by HTTP and the CLI) of identity; the responses are in serialize.ts.
import { yup } from '../../core/validation.js';
import { LOGIN_PASSWORD_MAX_LENGTH } from './passwords.js';

// Strict strings: `{"password": 12345}` is a 422, not silently the text "12345".
const text = (max: number) => yup.string().strict().max(max);

export const loginSchema = yup
  .object({
    email: text(191).required().email(),
    password: text(LOGIN_PASSWORD_MAX_LENGTH).required(),
    device_name: text(191).required(),
    device_fingerprint: text(191).min(1).nullable().optional(),
  })
  .meta({ description: 'With device_fingerprint the client is mobile (token bound to that device).' });

export type LoginInput = yup.InferType<typeof loginSchema>;
