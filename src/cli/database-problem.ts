// A database the CLI cannot use, said in one sentence that names the host and DATABASE_URL (never
// its password) and what to check, instead of the driver's or the pool's words ("The pool is
// probably full. Are you missing a .transacting(trx) call?" for a firewall that drops packets).
import { isDatabaseUnavailable } from '../db/errors.js';

interface DriverError {
  code?: string;
  errno?: number;
  sqlState?: string;
  name?: string;
  message?: string;
}

/** Access refused: wrong user or password (1045, 1698 on MariaDB's unix_socket users) or database (1044). */
export function isAccessDenied(err: unknown): boolean {
  const e = err as DriverError | null;
  return e?.sqlState === '28000' || [1044, 1045, 1698].includes(e?.errno ?? 0);
}

/**
 * The sentence for `err`, or null when it is not a connection problem. `url` is DATABASE_URL;
 * `connectTimeoutMs` the configured DB_CONNECT_TIMEOUT_MS.
 */
export function databaseProblem(err: unknown, url: string, connectTimeoutMs: number): string | null {
  if (!isDatabaseUnavailable(err) && !isAccessDenied(err)) return null;
  const e = err as DriverError;
  const { shown, host, user, database } = describeUrl(url);
  const at = `the database at ${host}`;
  const setting = `DATABASE_URL=${shown}`;
  if (isAccessDenied(err)) return `${at} refused user ${user}: wrong user or password. ${setting}`;
  if (e.code === 'ER_BAD_DB_ERROR')
    return `${at} has no database ${database}: create it, then run \`wfctl migrate\`. ${setting}`;
  if (e.code === 'ECONNREFUSED')
    return `cannot reach ${at}: the connection was refused (is it running, on that port?). ${setting}`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return `cannot reach ${at}: no such host name. ${setting}`;
  if (e.code === 'ETIMEDOUT' || e.name === 'KnexTimeoutError' || e.code === 'EHOSTUNREACH')
    return `cannot reach ${at}: no answer within ${seconds(connectTimeoutMs)} (DB_CONNECT_TIMEOUT_MS; a firewall, or the wrong host?). ${setting}`;
  return `lost the connection to ${at} (${e.code ?? e.message ?? 'no answer'}; is it running?). ${setting}`;
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

function describeUrl(url: string): { shown: string; host: string; user: string; database: string } {
  try {
    const u = new URL(url);
    u.password = '';
    return {
      shown: u.toString(),
      host: u.port ? `${u.hostname}:${u.port}` : u.hostname,
      user: decodeURIComponent(u.username) || '(none)',
      database: u.pathname.replace(/^\//, '') || '(none)',
    };
  } catch {
    return { shown: '(unreadable)', host: '(DATABASE_URL)', user: '?', database: '?' };
  }
}
