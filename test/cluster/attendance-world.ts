// What the attendance cluster tests share: two daemons through the single writer on one test
// database, an organization (test/workforce/attendance/fixtures.ts's orgWorld) whose pay month is
// half imported, the punches and corrections fired at it, and the checks of the end state.
import type { Knex } from 'knex';
import { toDbTime } from '../../src/db/time.js';
import {
  clusterWorld,
  nodeOf,
  type ClusterDaemon,
  type ClusterWorld,
  type NodeName,
} from '../helpers/cluster.js';
import type { HttpResponse } from '../helpers/http.js';
import { createAttendance, daysOf, orgWorld, type OrgWorld } from '../workforce/attendance/fixtures.js';

/** A past pay month (the FixedClock reads 2026-01-15): days 1–15 imported, 16–31 not. */
export const MONTH = '2025-12';

export interface AttendanceCluster {
  world: ClusterWorld;
  a: ClusterDaemon;
  b: ClusterDaemon;
  org: OrgWorld;
  writer: NodeName;
}

export async function attendanceCluster(t: { teardown(fn: () => Promise<void>): void }) {
  const world = await clusterWorld();
  t.teardown(() => world.close());
  const a = await world.startDaemon('writer');
  const b = await world.startDaemon('writer');
  const org = await orgWorld(a.daemon.services);
  await world.db('organizations').where({ id: org.org.id }).update({ require_device_for_punches: false });
  await createAttendance(
    world.db,
    org.employees.flatMap((e) =>
      daysOf(MONTH)
        .slice(0, 15)
        .map((date) => ({ employeeId: e.id, organizationId: org.org.id, unitId: e.unitId, date })),
    ),
  );
  return { world, a, b, org, writer: await nodeOf(world.db) } satisfies AttendanceCluster;
}

export interface Punch {
  kind: 'check_in' | 'check_out';
  at: string;
  employee_id?: string;
}

/**
 * Own punches of employee 0 and hr's corrections of employee 1, on imported days (a row to amend)
 * and on days without a row (a row to create), all in MONTH and all distinct.
 */
export function punchesOf(org: OrgWorld): Array<{ body: Punch; token: string }> {
  const own = (body: Punch) => ({ body, token: org.tokens.employee });
  const fix = (body: Omit<Punch, 'employee_id'>) => ({
    body: { ...body, employee_id: org.employees[1]!.code },
    token: org.tokens.hr,
  });
  return [
    own({ kind: 'check_in', at: `${MONTH}-10T04:00:00Z` }),
    own({ kind: 'check_in', at: `${MONTH}-20T03:30:00Z` }),
    own({ kind: 'check_out', at: `${MONTH}-20T12:00:00Z` }),
    fix({ kind: 'check_out', at: `${MONTH}-11T11:00:00Z` }),
    fix({ kind: 'check_in', at: `${MONTH}-21T03:30:00Z` }),
    fix({ kind: 'check_out', at: `${MONTH}-21T12:00:00Z` }),
  ];
}

export function firePunches(daemon: ClusterDaemon, punches: Array<{ body: Punch; token: string }>) {
  return Promise.all(
    punches.map((p) => daemon.workforce.post('/api/v1/attendance/punches', p.body, { token: p.token })),
  );
}

/**
 * Each punch answered 2xx is stored exactly once, each answered 409 ATTENDANCE_LOCKED not at all,
 * and nothing else was answered. Returns the problems found, one line each.
 */
export async function punchProblems(
  db: Knex,
  org: OrgWorld,
  punches: Array<{ body: Punch }>,
  answers: HttpResponse[],
): Promise<string[]> {
  const problems: string[] = [];
  const employeeOf = (p: Punch) =>
    p.employee_id === undefined ? org.employees[0]! : org.employees.find((e) => e.code === p.employee_id)!;
  for (const [i, answer] of answers.entries()) {
    const p = punches[i]!.body;
    const stored = await db('attendance_punches')
      .where({ employee_id: employeeOf(p).id, kind: p.kind })
      .where('punched_at', toDbTime(new Date(p.at)));
    const ok = answer.status === 200 || answer.status === 201;
    const refused = answer.status === 409 && answer.body?.code === 'ATTENDANCE_LOCKED';
    if (!ok && !refused) problems.push(`punch ${i} answered ${answer.status} ${answer.text}`);
    if (ok && stored.length !== 1)
      problems.push(`punch ${i} answered ${answer.status}, stored ${stored.length}×`);
    if (refused && stored.length !== 0) problems.push(`punch ${i} refused as locked, yet stored`);
  }
  const total = await db('attendance_punches')
    .whereIn(
      'employee_id',
      org.employees.map((e) => e.id),
    )
    .count({ n: '*' })
    .first();
  const accepted = answers.filter((a) => a.status === 200 || a.status === 201).length;
  if (Number(total?.n) !== accepted) problems.push(`${total?.n} punches stored for ${accepted} accepted`);
  return problems;
}

/**
 * Does the lock record agree with every row of the month? A row is locked exactly when a lock of
 * the month covers it (the organization's, or its unit's), and its lock_id names a lock that exists
 * and covers it. Returns the disagreements, one line each.
 */
export async function lockProblems(db: Knex, org: OrgWorld, month = MONTH): Promise<string[]> {
  const locks = await db('attendance_locks').where({ organization_id: org.org.id, month });
  const rows = await db('attendance')
    .where({ organization_id: org.org.id })
    .where('date', '>=', `${month}-01`)
    .where('date', '<=', `${month}-31`)
    .orderBy('id');
  const covering = (unitId: number) =>
    locks.filter((l) => l.scope_key === 'org' || l.scope_key === `unit:${unitId}`).map((l) => Number(l.id));
  const problems: string[] = [];
  for (const r of rows) {
    const cover = covering(Number(r.organization_unit_id));
    const what = `row ${r.id} (${r.date}, unit ${r.organization_unit_id})`;
    if (cover.length && r.locked_at === null)
      problems.push(`${what} unlocked under lock ${cover.join(', ')}`);
    if (!cover.length && r.locked_at !== null)
      problems.push(`${what} locked (lock_id ${r.lock_id}) under no lock`);
    if ((r.locked_at === null) !== (r.lock_id === null))
      problems.push(`${what}: locked_at and lock_id disagree`);
    if (r.lock_id !== null && !cover.includes(Number(r.lock_id)))
      problems.push(`${what} names lock ${r.lock_id}, which does not cover it`);
  }
  return problems;
}
