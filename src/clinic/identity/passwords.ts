// Passwords: bcrypt (bcryptjs). Hashing is slow on purpose. It runs inside the operation's
// transaction (the runner owns it), so an operation checks what it can first (a duplicate email
// costs no hashing) and hashes before its first write and row lock; on SQLite the transaction holds
// the database's single write lock meanwhile.
import bcrypt from 'bcryptjs';

const COST = 10;

// Compared against when the email is unknown, so a wrong email costs as much time as a wrong
// password and the response time does not tell which one was wrong. The hash of a random string
// nobody kept, at the same cost (precomputed: hashing it at start would slow every CLI command).
const DUMMY_HASH = '$2b$10$/uXeRPIfeIDVZrcpgtN77eRGRMkxOBcbE6XUAQfNgZx7cNtKXSco2';

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

export async function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(plain, hash ?? DUMMY_HASH);
  return ok && Boolean(hash);
}
