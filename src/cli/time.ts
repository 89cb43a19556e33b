// The one way a table or summary shows an instant: `2026-11-27 14:05 +05:30`, on the wall clock of
// the organization (workforce) or tenant (clinic) it belongs to, with the zone's offset shown so
// nobody reads UTC as local time. JSON keeps ISO-8601 UTC, as the contracts say.

export function formatTime(iso: string | null | undefined, zone = 'UTC'): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  // longOffset: "GMT+05:30" (or "GMT" alone for a zero offset).
  const offset = zone === 'UTC' ? 'UTC' : parts.timeZoneName.replace(/^GMT$/, '+00:00').replace(/^GMT/, '');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${offset}`;
}
