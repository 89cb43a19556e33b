// Input of the user administration commands (`wfctl user …`, `wfctl token revoke`). Field names are
// the operations'; the CLI maps them to its flags.
import { ValidationError } from '../../core/errors.js';
import { PASSWORD_MAX_BYTES } from '../../core/passwords.js';
import { yup } from '../../core/validation.js';
import { organizationName } from '../refs.js';
import { PASSWORD_MIN_LENGTH } from './passwords.js';
import { isRole, ROLES, type Role } from './permissions.js';

/** `hr:ACME` (a role in an organization, by code or id) or `system_admin` (global). */
export interface RoleRef {
  role: Role;
  organization: string | null;
}

export function parseRoleRef(text: string, field: string): RoleRef {
  const [role, organization, extra] = text.trim().split(':');
  if (!isRole(role) || extra !== undefined) {
    throw ValidationError.field(
      field,
      `${text}: expected ROLE:ORG or system_admin; roles are ${ROLES.join(', ')}.`,
    );
  }
  if (role === 'system_admin') {
    if (organization)
      throw ValidationError.field(field, 'system_admin is global; give it without an organization.');
    return { role, organization: null };
  }
  if (!organization)
    throw ValidationError.field(field, `${role} is held per organization; write ${role}:ORG.`);
  return { role, organization };
}

/** Roles as ROLE:ORG or system_admin, checked by parseRoleRef when granted or revoked. */
export const roleList = (description: string) =>
  yup.array(yup.string().required()).default([]).meta({ description });

export const createUserSchema = yup.object({
  email: yup.string().trim().required().max(191).email(),
  name: yup.string().trim().required().max(191),
  // The policy is in the schema, so a hidden prompt refuses a short password where it is typed;
  // the operation checks it again before hashing (passwords.ts), as imports do.
  password: yup
    .string()
    .required()
    .min(PASSWORD_MIN_LENGTH, ({ path }) => `The ${path} must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .test(
      'bytes',
      ({ path }) => `The ${path} must not be longer than ${PASSWORD_MAX_BYTES} bytes.`,
      (v) => v == null || Buffer.byteLength(v, 'utf8') <= PASSWORD_MAX_BYTES,
    ),
  roles: roleList('ROLE:ORG (hr:ACME) or system_admin; repeatable'),
});

export type CreateUserInput = yup.InferType<typeof createUserSchema>;

export const listUsersSchema = yup.object({
  organization: organizationName('only users holding a role in this organization (code or id)'),
  limit: yup.number().typeError('The limit field must be a number.').integer().min(1).max(500).default(100),
  cursor: yup.string().max(1024),
});
