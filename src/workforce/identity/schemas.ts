// Request schemas (yup, shared by HTTP and the CLI) and response JSON schemas of identity.
import { yup } from '../../core/validation.js';
import { LOGIN_PASSWORD_MAX_LENGTH } from './passwords.js';
import { ROLES } from './permissions.js';

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

export const scopeJsonSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string', enum: ['organization', 'global'] },
    organization_id: { type: 'integer', description: 'present for an organization scope' },
  },
};

export const userJsonSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'roles', 'scopes'],
  properties: {
    id: { type: 'integer', example: 12 },
    name: { type: 'string', example: 'Asha Rao' },
    email: { type: 'string', example: 'asha@acme.test' },
    roles: { type: 'array', items: { type: 'string', enum: [...ROLES] }, example: ['hr'] },
    scopes: {
      type: 'array',
      items: scopeJsonSchema,
      example: [{ type: 'organization', organization_id: 1 }],
    },
  },
};

export const loginJsonSchema = {
  type: 'object',
  required: ['token', 'token_type', 'user', 'expires_at'],
  properties: {
    token: { type: 'string', example: '42|Yx2…48 characters…', description: '<id>|<secret>; shown once' },
    token_type: { type: 'string', enum: ['Bearer'] },
    user: userJsonSchema,
    expires_at: { type: 'string', format: 'date-time', example: '2026-02-14T10:00:00.000Z' },
  },
};
