// What every workforce operation is given: the services and the acting user. HTTP passes the
// token's principal; the CLI passes `--actor EMAIL` (default: the built-in system user).
import type { Services } from '../core/services.js';
import type { UserPrincipal } from './identity/principal.js';

export interface WorkforceContext {
  services: Services;
  actor: UserPrincipal;
}

export interface RunOptions {
  /** Run the same code and roll back: the result is exactly what would have happened. */
  dryRun?: boolean;
}

/** 1/0 from either driver, or a boolean, as a boolean. */
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';

/** Splits a list into chunks, so `where in (…)` and multi-row inserts stay within driver limits. */
export function chunks<T>(list: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
