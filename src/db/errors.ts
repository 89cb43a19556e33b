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

export function isDeadlock(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213 || e?.code === 'ER_LOCK_WAIT_TIMEOUT';
}

export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string };
  return [
    'ECONNREFUSED',
    'ENOTFOUND',
    'ETIMEDOUT',
    'PROTOCOL_CONNECTION_LOST',
    'ER_ACCESS_DENIED_ERROR',
    'ER_BAD_DB_ERROR',
  ].includes(e?.code ?? '');
}
