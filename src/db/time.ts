// Instants are stored as UTC text `YYYY-MM-DD HH:MM:SS.mmm` (DATETIME(3) on MySQL, TEXT on SQLite):
// both dialects then compare and sort them the same way, whatever the server's or process's TZ.

export function toDbTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

export function fromDbTime(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z?$/.exec(value);
  if (!m) return new Date(value);
  const ms = (m[3] ?? '.000').slice(0, 4).padEnd(4, '0');
  return new Date(`${m[1]}T${m[2]}${ms}Z`);
}

/** ISO-8601 UTC for API output, or null. */
export function isoOrNull(value: string | Date | null | undefined): string | null {
  const d = fromDbTime(value);
  return d ? d.toISOString() : null;
}

/** ISO-8601 UTC for API output of a column that is never null (a response shape that says so). */
export function iso(value: string | Date): string {
  return isoOrNull(value) as string;
}
