// Tests that force an interleaving on MySQL hold a row from another connection and wait until the
// transactions under test are queued behind it before letting go.
import type { Knex } from 'knex';

/**
 * Resolves once at least `count` transactions of this test's database wait for a row lock, or once
 * `pending` (the work under test) settles, whichever comes first. InnoDB serves
 * information_schema.innodb_trx from a cache it refreshes only when the previous read is more than
 * 100 ms old, so reading it back to back can return the same stale picture for as long as the
 * polling lasts (a test missed the wait and its transactions ran into the 50 s lock timeout). The
 * 100 ms count from the last read by anyone: several tests polling the one server at a fixed 150 ms
 * (five in races.test.ts alone, all at once) can keep every read under 100 ms from another and the
 * picture stale until the lock timeout (seen: five 500s at once). So each poll waits a random
 * 150–450 ms, which leaves the server gaps long enough to refresh it.
 */
export async function lockWaits(db: Knex, count: number, pending: Promise<unknown>): Promise<void> {
  let settled = false;
  void pending.finally(() => (settled = true)).catch(() => undefined);
  while (!settled) {
    const [rows] = await db.raw(
      'select count(*) as n from information_schema.innodb_trx t join information_schema.processlist p ' +
        "on p.id = t.trx_mysql_thread_id where t.trx_state = 'LOCK WAIT' and p.db = database()",
    );
    if (Number(rows[0].n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 300));
  }
}
