// Driver error recognition, the one place that knows both drivers' codes.

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return (
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062 ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** MySQL chose this statement as a deadlock's victim (on Galera also: a brute-force abort). */
export function isDeadlock(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown } | null;
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213;
}

/** A deadlock, or a lock waited for until innodb_lock_wait_timeout: contention, as metrics count it. */
export function isLockConflict(err: unknown): boolean {
  return isDeadlock(err) || (err as { code?: unknown } | null)?.code === 'ER_LOCK_WAIT_TIMEOUT';
}

export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string };
  return [
    'ECONNREFUSED',
    'ENOTFOUND',
    'ETIMEDOUT',
    'PROTOCOL_CONNECTION_LOST',
    'ER_ACCESS_DENIED_ERROR',
    'ER_ACCESS_DENIED_NO_PASSWORD_ERROR', // MariaDB: a user that logs in by unix_socket only
    'ER_DBACCESS_DENIED_ERROR',
    'ER_BAD_DB_ERROR',
  ].includes(e?.code ?? '');
}

/**
 * The database is not there (refused, unreachable, restarting, the connection dropped mid-query, no
 * connection free within the acquire timeout): the request is answered 503 and may be retried; the
 * pool makes new connections by itself once the server is back.
 */
/**
 * Every connection of the pool stayed busy for the acquire timeout (knex's KnexTimeoutError). The
 * database answers: createDb sets the acquire timeout above the connect timeout, so a server that
 * does not answer fails with the connection's own error first. The daemon is overloaded, not cut off.
 */
export function isPoolExhausted(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'KnexTimeoutError';
}

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; name?: string; fatal?: boolean } | null;
  if (!e) return false;
  if (isConnectionError(err)) return true;
  if (e.name === 'KnexTimeoutError') return true; // no connection could be had in time
  if (e.fatal === true) return true; // mysql2: the connection itself failed
  // Galera: this node is not part of the cluster's primary component (cut off, or still joining).
  if (e.errno === 1047) return true;
  return [
    'ECONNRESET',
    'EPIPE',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'ER_SERVER_SHUTDOWN',
    'ER_CON_COUNT_ERROR',
    'PROTOCOL_SEQUENCE_TIMEOUT',
    'ETIMEDOUT',
  ].includes(e.code ?? '');
}
