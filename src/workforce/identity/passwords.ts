// The workforce's password policy; hashing and comparing are src/core/passwords.ts.
import { hashPassword, PASSWORD_MAX_BYTES } from '../../core/passwords.js';
import { ValidationError } from '../../core/errors.js';

export const PASSWORD_MIN_LENGTH = 8;
// What login accepts before even hashing: anything longer cannot be a password we stored.
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

/** A new user's password, checked against the policy, then hashed at `cost`. */
export async function hashNewPassword(plain: string, cost: number, field = 'password'): Promise<string> {
  checkPasswordPolicy(plain, field);
  return hashPassword(plain, cost);
}

export function checkPasswordPolicy(plain: string, field = 'password'): void {
  if (plain.length < PASSWORD_MIN_LENGTH) {
    throw ValidationError.field(field, `The ${field} must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (Buffer.byteLength(plain, 'utf8') > PASSWORD_MAX_BYTES) {
    throw ValidationError.field(field, `The ${field} must not be longer than ${PASSWORD_MAX_BYTES} bytes.`);
  }
}
