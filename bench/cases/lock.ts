// POST /attendance/lock of the whole month (both organizations: 310,000 rows at full size) against
// the same UPDATE run directly through knex in a transaction. Three rounds per organization,
// alternating direct and HTTP; the direct UPDATE is undone, the HTTP lock unlocked, between rounds.
// The last HTTP round stays locked: pull, export and push need a locked month.
import type { Knex } from 'knex';
import { toDbTime } from '../../src/db/time.js';
import { nextMonth } from '../lib/dataset.js';
import { median, ratio, round, timed, type CaseOutput } from '../lib/results.js';
import { apiOk, type Org, type Session } from '../lib/session.js';

const ROUNDS = 3;

export async function lockCase(s: Session): Promise<CaseOutput> {
  const perOrg: Record<string, { rows: number; http: number[]; direct: number[] }> = {};
  for (const org of s.orgs) {
    const m = { rows: 0, http: [] as number[], direct: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      m.direct.push(await directLock(s.bench.services.db, org, s.opts.month));
      const { ms, value } = await timed(() => lockOverHttp(s, org));
      m.http.push(ms);
      m.rows = value.rows_locked;
      if (round < ROUNDS) await unlockOverHttp(s, org, value.lock_id);
    }
    perOrg[org.code] = m;
  }
  const ours = s.orgs.reduce((t, o) => t + median(perOrg[o.code].http), 0);
  const limit = s.orgs.reduce((t, o) => t + median(perOrg[o.code].direct), 0);
  const rowsLocked = s.orgs.reduce((t, o) => t + perOrg[o.code].rows, 0);
  const r = ratio(ours, limit);
  return {
    case: 'lock',
    title: `POST /attendance/lock of ${rowsLocked.toLocaleString('en')} rows (one lock per organization)`,
    baselineName: 'the same UPDATE run directly (knex, one transaction)',
    rows: [
      {
        case: 'lock',
        measure: `wall time, ${s.orgs.length} locks (median of ${ROUNDS} rounds each)`,
        figure: round(ours, 0),
        baseline: round(limit, 0),
        unit: 'ms',
        ratio: r,
        goal: '≤ 1.1×',
        met: r === null ? null : r <= 1.1,
      },
    ],
    notes: [],
    details: perOrg,
  };
}

/** The UPDATE lockMonth runs, committed, then undone (not timed). */
async function directLock(db: Knex, org: Org, month: string): Promise<number> {
  const now = toDbTime(new Date());
  const scope = (q: Knex.QueryBuilder) =>
    q
      .where('organization_id', org.id)
      .where('date', '>=', `${month}-01`)
      .where('date', '<', `${nextMonth(month)}-01`);
  const { ms } = await timed(() =>
    db.transaction((trx) =>
      scope(trx('attendance'))
        .whereNull('locked_at')
        .update({ locked_at: now, lock_id: 999_999_999, updated_at: now }),
    ),
  );
  await db.transaction((trx) =>
    scope(trx('attendance')).where('lock_id', 999_999_999).update({ locked_at: null, lock_id: null }),
  );
  return ms;
}

export async function lockOverHttp(s: Session, org: Org): Promise<{ lock_id: number; rows_locked: number }> {
  return apiOk(s, 'POST', '/api/v1/attendance/lock', s.tokens.admin[org.code], {
    organization_id: org.id,
    month: s.opts.month,
  });
}

export async function unlockOverHttp(s: Session, org: Org, lockId: number): Promise<void> {
  await apiOk(s, 'POST', '/api/v1/attendance/unlock', s.tokens.admin[org.code], {
    lock_id: lockId,
    reason: 'benchmark round',
  });
}

/** For runs without the lock case: the month locked once, as the other cases need it. */
export async function lockMonthOnce(s: Session): Promise<void> {
  for (const org of s.orgs) await lockOverHttp(s, org);
}
