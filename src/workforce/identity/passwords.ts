// Passwords are bcrypt hashes. A login for an unknown email still pays for one bcrypt comparison,
// so the response time does not tell which emails exist.
import bcrypt from 'bcryptjs';
import { ValidationError } from '../../core/errors.js';

const COST = 10;
// bcrypt reads only the first 72 bytes; a longer password would silently match its own prefix.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_BYTES = 72;
// What login accepts before even hashing: anything longer cannot be a password we stored.
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

// Compared against when the email is unknown. Precomputed, not hashed at start: every CLI command
// loads this module, and a cost-10 hash is a quarter of a second; nor hashed on first use, which
// would make the first unknown email slower than a wrong password. Its cost is COST (a test checks).
export const DUMMY_HASH = '$2b$10$J.gahSuYu4XkCFKuTgsxquXquoyULrBgkfG7W7XrEFry5jLufeite';

export async function hashPassword(plain: string, field = 'password'): Promise<string> {
  checkPasswordPolicy(plain, field);
  return bcrypt.hash(plain, COST);
}

export function checkPasswordPolicy(plain: string, field = 'password'): void {
  if (plain.length < PASSWORD_MIN_LENGTH) {
    throw ValidationError.field(field, `The ${field} must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (Buffer.byteLength(plain, 'utf8') > PASSWORD_MAX_BYTES) {
    throw ValidationError.field(field, `The ${field} must not be longer than ${PASSWORD_MAX_BYTES} bytes.`);
  }
}

/** Constant-work check: compares against a dummy hash when the user has none. */
export async function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(plain, hash ?? DUMMY_HASH);
  return Boolean(hash) && ok;
}
