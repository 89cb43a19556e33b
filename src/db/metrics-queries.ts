// The scrape-time reads of the metrics listener (src/http/metrics): one grouped query per family,
// each over a status index, so a scrape costs a few index range scans. Rows that only pile up as
// history (sent mail, delivered batches, finished jobs) are left out: counting them would grow
// with the database's age, and nobody is paged by them.
import type { Knex } from 'knex';
import { fromDbTime } from './time.js';

export interface JobQueueGroup {
  kind: string;
  status: 'queued' | 'running';
  depth: number;
  /** Queued: when the longest-due job fell due. Running: when the longest-running one was claimed. */
  oldest: Date | null;
}

/** Unfinished jobs by kind and status, through jobs (status, run_at, id). */
export async function jobQueueGroups(db: Knex): Promise<JobQueueGroup[]> {
  const rows = await db('jobs')
    .whereIn('status', ['queued', 'running'])
    .groupBy('name', 'status')
    .select('name', 'status')
    .count({ depth: '*' })
    .min({ oldest_due: 'run_at', oldest_claimed: 'locked_at' });
  return rows.map((r: any) => ({
    kind: String(r.name),
    status: r.status,
    depth: Number(r.depth),
    oldest: fromDbTime(r.status === 'queued' ? r.oldest_due : r.oldest_claimed),
  }));
}

/** Outbox rows still in play (queued, sending, failed, dead), through mail_outbox (status, id). */
export async function mailOutboxByStatus(db: Knex): Promise<Map<string, number>> {
  return countByStatus(db, 'mail_outbox', ['queued', 'sending', 'failed', 'dead']);
}

/** Partner push batches not delivered (pending, failed, dead), through partner_deliveries (status, id). */
export async function partnerBatchesByStatus(db: Knex): Promise<Map<string, number>> {
  return countByStatus(db, 'partner_deliveries', ['pending', 'failed', 'dead']);
}

async function countByStatus(db: Knex, table: string, statuses: string[]): Promise<Map<string, number>> {
  const rows = await db(table)
    .whereIn('status', statuses)
    .groupBy('status')
    .select('status')
    .count({ n: '*' });
  // Every status is reported, a zero included, so a series does not vanish once its backlog clears.
  const counts = new Map(statuses.map((s) => [s, 0]));
  for (const r of rows as any[]) counts.set(String(r.status), Number(r.n));
  return counts;
}
