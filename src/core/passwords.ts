// Stored passwords, for the accounts of both services: bcrypt (bcryptjs). Hashing is slow on
// purpose, and PASSWORD_HASH_COST says how slow: each step doubles the work of setting a password
// and of a login (config.passwordHashCost). A stored hash keeps the cost it was made with, so a
// changed cost applies to passwords set from then on, and older ones still verify.
import bcrypt from 'bcryptjs';

/** bcrypt reads only the first 72 bytes: a longer password would silently match its own prefix. */
export const PASSWORD_MAX_BYTES = 72;

export function hashPassword(plain: string, cost: number): Promise<string> {
  return bcrypt.hash(plain, cost);
}

/**
 * Whether `plain` is the password `hash` was made from. Without a hash (an unknown email) it still
 * does one comparison at today's cost, so the response time does not tell which emails exist.
 */
export async function verifyPassword(
  plain: string,
  hash: string | null | undefined,
  cost: number,
): Promise<boolean> {
  const ok = await bcrypt.compare(plain, hash ?? dummyHash(cost));
  return Boolean(hash) && ok;
}

// bcrypt's work depends only on the cost written in the hash, so the stand-in for a missing hash is
// built, not hashed (hashing one at start-up would slow every CLI command; on first use, the first
// unknown email would be slower than a wrong password): a cost, a salt and a digest in bcrypt's
// alphabet, random once and of no password anyone kept. And a missing hash never verifies anyway.
const DUMMY_SALT_AND_DIGEST = '/uXeRPIfeIDVZrcpgtN77eRGRMkxOBcbE6XUAQfNgZx7cNtKXSco2';

/** The hash a login for an unknown email is compared against: `cost`'s, matching nothing. */
export function dummyHash(cost: number): string {
  return `$2b$${String(cost).padStart(2, '0')}$${DUMMY_SALT_AND_DIGEST}`;
}
