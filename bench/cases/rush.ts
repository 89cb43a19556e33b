// The morning rush: every employee sends one check-in within a 15-minute window (08:45–09:00 local
// time) compressed to 90 s per 10,000 employees, with Poisson arrivals and three bursts at ten times
// the base rate, through the real POST /attendance/punches with their own tokens; meanwhile one
// client pages GET /attendances, one locks last month (both organizations, one after the other)
// and then exports it as CSV. Reported: punch latency p50/p99/max (from each punch's planned send
// instant, so queueing in the client counts), errors, and a count check (every
// punch sent is in the database exactly once). The bursts exceed what even the minimal program
// drains (issue 24), so this is a capacity test: on MySQL the same plan is replayed against the
// minimal program of a check-in (bench/lib/punch-replay.ts) on a day of its own, with the same
// paging, locks and export in the daemon, and both drain rates are reported (answers per second
// while every client connection was busy). The latency goals are absolute (p99 < 50 ms on MySQL,
// no 5xx, no lost or doubled punch); the rush at the real rate is bench/cases/rush-real.ts.
import { writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { sha256Hex } from '../../src/core/crypto.js';
import { toDbTime } from '../../src/db/time.js';
import { dialectOf } from '../../src/db/knex.js';
import { ORGS } from '../lib/dataset.js';
import { workDir, ROOT } from '../lib/paths.js';
import { createPrng, type Prng } from '../lib/prng.js';
import { LOAD_CORE, runOk } from '../lib/proc.js';
import { percentile, ratio, round, type CaseOutput } from '../lib/results.js';
import type { Session } from '../lib/session.js';
import { download } from '../lib/stream.js';
import { lockOverHttp, unlockOverHttp } from './lock.js';
import { createHttpApp } from '../../src/http/app.js';
import { listen } from '../../src/http/server.js';
import { workforceApiInfo, workforceRoutes } from '../../src/workforce/routes.js';
import { capturePunchSpec, daysBack, punchablePeople, startMinimalPunch } from '../lib/punch-replay.js';

const WINDOW_MS_PER_10K = 90_000;
const SLOTS = 100;
const BURSTS = [20, 50, 80]; // slots where a burst starts
const BURST_SLOTS = 3;
const BURST_FACTOR = 10;
const RUSH_EMAIL = (code: string) => `rush-${code.toLowerCase()}@bench`;

export interface Person {
  employeeId: number;
  code: string;
  organizationId: number;
  timezone: string;
  token: string;
}

export async function rushCase(s: Session): Promise<CaseOutput> {
  const { db } = s.bench.services;
  const now = new Date();
  // Yesterday: in the past whatever the hour (punches from the future are refused), after the
  // benchmark month, and without attendance yet.
  const day = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  if (day.slice(0, 7) <= s.opts.month) throw new Error(`the rush day ${day} must come after --month`);
  // Device binding is measured elsewhere: here the punches come from web tokens.
  await db('organizations')
    .whereIn(
      'code',
      ORGS.map((o) => o.code),
    )
    .update({ require_device_for_punches: false });
  const setupStart = performance.now();
  const people = await createRushTokens(db, now);
  const setupMs = performance.now() - setupStart;
  s.log(`rush: ${people.length} employees with tokens in ${(setupMs / 1000).toFixed(1)} s (set-based)`);

  const prng = createPrng(s.opts.seed + 15);
  const windowMs = Math.max(5000, Math.round((WINDOW_MS_PER_10K * people.length) / 10_000));
  const offsets = arrivals(prng, people.length, windowMs);
  shuffle(prng, people);
  const plan = (d: string, who: Array<{ token: string; timezone: string }>) =>
    who.map((p, i) => ({
      offsetMs: Math.round(offsets[i]),
      token: p.token,
      at: localInstant(d, p.timezone, 8 * 60 + 45 + (offsets[i] / windowMs) * 15),
    }));
  // The minimal program's statements are captured before the rush: right after it, a captured
  // employee's token may have been used within the minute (no `last_used_at` write) and the other's
  // not, and the two captures would run different statements.
  const captured = s.bench.dialect === 'mysql' ? await captureForMinimal(s) : null;
  const { punches, paging, background } = await runRush(s, s.server.url, plan(day, people), 'wfctl');
  const drain = drainRate(punches.records);

  const counts = await countPunches(db, people, day);
  // Counted after the check so this extra punch (today, for one employee) is not in it.
  const cost = await statementsOfOnePunch(s, people[0]);
  // The same plan against the minimal program of a check-in (MySQL: it is mysql2), on a day of its
  // own, with the same paging, locks and export running in the daemon: its drain rate beside ours.
  const minimalRun = captured ? await minimalRush(s, people, plan, captured) : null;

  const fiveXx = Object.entries(punches.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((t, [, n]) => t + n, 0);
  const accepted = (punches.statuses['201'] ?? 0) + (punches.statuses['200'] ?? 0);
  const mysql = s.bench.dialect === 'mysql';
  // A punch refused with a 4xx is not expected in the database; every accepted one is, once.
  const lost = counts.missing - (punches.sent - accepted);
  const countOk = lost === 0 && counts.doubled === 0 && counts.stored === accepted;
  return {
    case: 'rush',
    title: `morning rush: ${people.length.toLocaleString('en')} check-ins in ${round(windowMs / 1000, 0)} s (bursts ×${BURST_FACTOR}) while paging, locking and exporting`,
    baselineName:
      'drain rate: the same plan against minimal-punch.mjs replaying the check-in statements (bench/lib/punch-replay.ts), the same paging, locks and export in the daemon; the rest: absolute goals',
    rows: [
      {
        case: 'rush',
        measure: `punch latency p50 from the planned send (p99 below; max ${round(punches.latencies.max, 1)} ms; from the actual send p50 ${round(punches.sendLatencies.p50, 1)} ms, p99 ${round(punches.sendLatencies.p99, 1)} ms)`,
        figure: round(punches.latencies.p50, 2),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'rush',
        measure: 'punch latency p99 from the planned send',
        figure: round(punches.latencies.p99, 1),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: mysql ? '< 50 ms' : '— (goal is for MySQL)',
        met: mysql ? punches.latencies.p99 < 50 : null,
      },
      {
        case: 'rush',
        measure: `drain rate: answers per second while all ${SOCKETS} connections were busy (${round(drain.saturatedMs / 1000, 1)} s of ${round(punches.elapsedMs / 1000, 1)} s; minimal program ${minimalRun ? `${round(minimalRun.drain.saturatedMs / 1000, 1)} s of ${round(minimalRun.punches.elapsedMs / 1000, 1)} s, p99 ${round(minimalRun.punches.latencies.p99, 1)} ms, ${minimalRun.problems || 'count ok'}` : '— (MySQL only)'}); the rush's whole rate ${round(punches.sent / (punches.elapsedMs / 1000), 1)} punches/s`,
        figure: drain.perSecond === null ? null : round(drain.perSecond, 1),
        baseline: minimalRun?.drain.perSecond == null ? null : round(minimalRun.drain.perSecond, 1),
        unit: 'punches/s',
        ratio: ratio(drain.perSecond, minimalRun?.drain.perSecond ?? null),
        goal: '—',
        met: null,
      },
      {
        case: 'rush',
        measure: `answers other than 2xx: ${JSON.stringify(punches.statuses)}; connection errors ${punches.errors}`,
        figure: fiveXx + punches.errors,
        baseline: null,
        unit: '5xx + errors',
        ratio: null,
        goal: '0',
        met: fiveXx + punches.errors === 0,
      },
      {
        case: 'rush',
        measure: `count check: ${accepted} accepted, ${counts.stored} stored, ${lost} lost, ${counts.doubled} doubled`,
        figure: Math.abs(lost) + counts.doubled + Math.abs(counts.stored - accepted),
        baseline: null,
        unit: 'wrong',
        ratio: null,
        goal: 'every punch exactly once',
        met: countOk,
      },
      {
        case: 'rush',
        measure: `GET /attendances during the rush: ${paging.requests} pages, p99 (p50 ${round(paging.p50, 1)} ms; non-2xx ${paging.non2xx})`,
        figure: round(paging.p99, 1),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'rush',
        measure: `lock of last month during the rush (${background.locks.map((l) => `${l.org} ${l.rows} rows ${round(l.ms, 0)} ms`).join(', ')}); then the CSV export of ACME`,
        figure: round(background.exported.totalMs, 0),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: background.exported.status === 200,
      },
    ],
    notes: [
      `one check-in runs ${cost.statements} statements (knex query events, in-process app on the same database; ${cost.inTransaction} of them in the operation's transaction)`,
      `window ${round(windowMs / 1000, 1)} s; the client was at most ${round(punches.worstLateMs, 1)} ms late on its schedule; tokens for ${people.length} employees created set-based in ${round(setupMs / 1000, 1)} s`,
    ],
    details: {
      windowMs,
      punches: { ...punches, records: undefined },
      paging,
      background,
      counts,
      setupMs,
      day,
      cost,
      drain,
      minimal: minimalRun && { ...minimalRun, punches: { ...minimalRun.punches, records: undefined } },
    },
  };
}

/**
 * The statements one check-in runs, access guard and rate limit included: the workforce app is built
 * in this process on the benchmark's database and one punch (today, a minute ago) is sent to it with
 * knex's query event listening.
 */
async function statementsOfOnePunch(
  s: Session,
  person: Person,
): Promise<{ statements: number; inTransaction: number; sql: string[] }> {
  const { handler } = createHttpApp({
    name: 'workforce',
    routes: workforceRoutes,
    services: s.bench.services,
    openapi: workforceApiInfo,
  });
  const app = await listen(handler, 0, '127.0.0.1');
  const { db } = s.bench.services;
  const sql: string[] = [];
  const onQuery = (q: { sql: string }) => sql.push(q.sql);
  db.on('query', onQuery);
  try {
    const res = await fetch(`${app.url}/api/v1/attendance/punches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'check_in', at: new Date(Date.now() - 60_000).toISOString() }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`rush: the counted punch answered ${res.status}`);
  } finally {
    db.off('query', onQuery);
    await app.close(1000);
  }
  // The operation's transaction is the last one the request opened.
  const begin = sql.findLastIndex((q) => /^BEGIN/i.test(q));
  const setIsolation = begin > 0 && /^SET TRANSACTION/i.test(sql[begin - 1]) ? 1 : 0;
  return { statements: sql.length, inTransaction: sql.length - begin + setIsolation, sql };
}

/** The rush client's connections (rush-client.mjs's default). */
const SOCKETS = 64;

/**
 * One rush: the plan from the load core against `baseUrl`, while this process pages GET
 * /attendances, locks last month (both organizations, one after the other) and exports ACME's
 * month, all on the daemon; the locks are undone afterwards.
 */
async function runRush(s: Session, baseUrl: string, punches: object[], label: string) {
  const planFile = `${workDir()}/rush-plan-${s.bench.dialect}-${label}.json`;
  writeFileSync(
    planFile,
    JSON.stringify({ url: `${baseUrl}/api/v1/attendance/punches`, sockets: SOCKETS, records: true, punches }),
  );
  // The punches from the load core; the other clients from this process, at the same time.
  let done = false;
  const rush = runOk(process.execPath, [`${ROOT}/bench/lib/rush-client.mjs`, planFile], {
    core: LOAD_CORE,
  }).finally(() => (done = true));
  const pager = pageWhile(s, () => done);
  const acme = s.orgs.find((o) => o.code === 'ACME') ?? s.orgs[0];
  const locker = (async () => {
    const locks: Array<{ org: string; ms: number; lockId: number; rows: number }> = [];
    for (const org of [...s.orgs].sort((a, b) => a.rows - b.rows)) {
      const began = performance.now();
      const lock = await lockOverHttp(s, org);
      locks.push({
        org: org.code,
        ms: performance.now() - began,
        lockId: lock.lock_id,
        rows: lock.rows_locked,
      });
    }
    const exported = await download(
      s.server,
      `/api/v1/exports/attendance.csv?org_id=${acme.id}&month=${s.opts.month}`,
      s.tokens.hr[acme.code],
    );
    return { locks, exported };
  })();
  const [client, paging, background] = await Promise.all([rush, pager, locker]);
  const report = JSON.parse(client.stdout.trim().split('\n').pop()!) as RushReport;
  // The lock case (if it runs next) starts from an unlocked month.
  for (const l of background.locks) {
    const org = s.orgs.find((o) => o.code === l.org)!;
    await unlockOverHttp(s, org, l.lockId);
  }
  return { punches: report, paging, background };
}

/** The rush's plan replayed against the minimal program, on a day before the rush's, and its count check. */
/** The check-in's statements, captured on two days before the minimal program's (see rushCase). */
async function captureForMinimal(s: Session) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const captureDays: [string, string] = [
    daysBack(yesterday, 2, s.opts.month),
    daysBack(yesterday, 3, s.opts.month),
  ];
  const all = await punchablePeople(s.bench.services.db);
  const { spec } = await capturePunchSpec(s, all, captureDays);
  return { spec, all };
}

async function minimalRush(
  s: Session,
  people: Person[],
  plan: (day: string, who: Array<{ token: string; timezone: string }>) => object[],
  { spec, all }: Awaited<ReturnType<typeof captureForMinimal>>,
) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const day = daysBack(yesterday, 1, s.opts.month);
  const minimal = await startMinimalPunch(s, spec, all);
  try {
    const run = await runRush(s, minimal.url, plan(day, people), 'minimal');
    const counts = await countPunches(s.bench.services.db, people, day);
    const accepted = (run.punches.statuses['201'] ?? 0) + (run.punches.statuses['200'] ?? 0);
    const lost = counts.missing - (run.punches.sent - accepted);
    const problems = [
      lost ? `${lost} lost` : '',
      counts.doubled ? `${counts.doubled} doubled` : '',
      counts.stored !== accepted ? `${accepted} accepted, ${counts.stored} stored` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return { day, punches: run.punches, drain: drainRate(run.punches.records), counts, problems };
  } finally {
    await minimal.close();
  }
}

/**
 * Answers per second while the server was saturated: the stretches in which at least SOCKETS punches
 * were due and unanswered (every connection of the client busy, so the server had all it could
 * take), from the client's records (planned offset, latency from it). Null when it never was.
 */
export function drainRate(records: PunchRecord[]): {
  perSecond: number | null;
  saturatedMs: number;
  answered: number;
} {
  const events: Array<[number, number]> = [];
  for (const r of records) {
    events.push([r[0], +1]);
    events.push([r[0] + r[2], -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let backlog = 0;
  let since: number | null = null;
  let saturatedMs = 0;
  let answered = 0;
  for (const [t, d] of events) {
    if (since !== null && d < 0) answered += 1;
    backlog += d;
    if (backlog >= SOCKETS && since === null) since = t;
    else if (backlog < SOCKETS && since !== null) {
      saturatedMs += t - since;
      since = null;
    }
  }
  return { perSecond: saturatedMs >= 1000 ? (answered * 1000) / saturatedMs : null, saturatedMs, answered };
}

/** [offsetMs, lateMs, latencyMs, status, i] per answered punch (rush-client.mjs `records`). */
type PunchRecord = [number, number, number, number, number];

interface RushReport {
  records: PunchRecord[];
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  /** From each punch's planned instant (queueing in the client counts). */
  latencies: { p50: number; p99: number; max: number };
  /** From the moment the client actually sent it. */
  sendLatencies: { p50: number; p99: number; max: number };
  worstLateMs: number;
  elapsedMs: number;
}

/** The arrival rate of each of the SLOTS slots of the window, relative to the base rate. */
export function rateWeights(burstFactor: number): number[] {
  return Array.from({ length: SLOTS }, (_, i) => (inBurst(i) ? burstFactor : 1));
}

/** Whether slot `i` of the window is in one of the bursts. */
export const inBurst = (i: number) => BURSTS.some((b) => i >= b && i < b + BURST_SLOTS);
export const RUSH_SLOTS = SLOTS;

/**
 * N arrival offsets in [0, windowMs), sorted: an inhomogeneous Poisson process conditioned on N
 * events, i.e. N independent draws from the rate's density (base rate, ×BURST_FACTOR in the bursts).
 */
export function arrivals(prng: Prng, n: number, windowMs: number, burstFactor = BURST_FACTOR): number[] {
  const weights = rateWeights(burstFactor);
  const total = weights.reduce((a, b) => a + b, 0);
  const cdf: number[] = [];
  let acc = 0;
  for (const w of weights) cdf.push((acc += w / total));
  const slotMs = windowMs / SLOTS;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = prng.next();
    let slot = cdf.findIndex((c) => u < c);
    if (slot < 0) slot = SLOTS - 1;
    out.push((slot + prng.next()) * slotMs);
  }
  return out.sort((a, b) => a - b);
}

export function shuffle<T>(prng: Prng, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(prng.next() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}

/** `day` at `minutes` after local midnight in the time zone, as an ISO instant in UTC. */
export function localInstant(day: string, timeZone: string, minutes: number): string {
  const guess = new Date(`${day}T00:00:00Z`).getTime() + minutes * 60_000;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(guess))
    .find((p) => p.type === 'timeZoneName')!.value; // "GMT+05:30" or "GMT"
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(guess - offset * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Accounts and web tokens for every employee without one (again: those made by an earlier case are
 * kept, so every case of a run can call this), set-based: users in batches, their
 * employee link and role each in one statement, tokens in batches (the hash is computed here).
 */
export async function createRushTokens(db: Knex, now: Date): Promise<Person[]> {
  const stamp = toDbTime(now);
  const employees = await db('employees')
    .whereNull('user_id')
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id', 'employee_id');
  for (let i = 0; i < employees.length; i += 500) {
    await db('users').insert(
      employees.slice(i, i + 500).map((e) => ({
        email: RUSH_EMAIL(e.employee_id),
        name: `Employee ${e.employee_id}`,
        password_hash: null,
        is_active: true,
        is_system: false,
        created_at: stamp,
        updated_at: stamp,
      })),
    );
  }
  const mysql = dialectOf(db) === 'mysql';
  const concat = (...parts: string[]) => (mysql ? `CONCAT(${parts.join(', ')})` : parts.join(' || '));
  await db.raw(
    `UPDATE employees SET user_id = (SELECT u.id FROM users u WHERE u.email = ${concat("'rush-'", 'LOWER(employees.employee_id)', "'@bench'")})
     WHERE user_id IS NULL AND deleted_at IS NULL`,
  );
  await db.raw(
    `INSERT INTO user_roles (user_id, role, organization_id, scope_key, created_at)
     SELECT e.user_id, 'employee', e.organization_id, ${concat("'org:'", 'e.organization_id')}, ?
     FROM employees e JOIN users u ON u.id = e.user_id WHERE u.email LIKE 'rush-%'
       AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = e.user_id AND r.role = 'employee')`,
    [stamp],
  );
  // Another case of the run (punch, rush, rush-real, lock-today) may have made them already.
  const users = await db('users')
    .where('email', 'like', 'rush-%')
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('personal_access_tokens as t')
        .whereRaw('t.user_id = users.id')
        .where('t.name', 'rush'),
    )
    .orderBy('id')
    .select('id');
  const secretOf = (userId: number) => `rush${userId}secret${'x'.repeat(32)}`;
  const expires = toDbTime(new Date(now.getTime() + 30 * 86_400_000));
  for (let i = 0; i < users.length; i += 500) {
    await db('personal_access_tokens').insert(
      users.slice(i, i + 500).map((u) => ({
        user_id: u.id,
        name: 'rush',
        token_hash: sha256Hex(secretOf(Number(u.id))),
        client_kind: 'web',
        expires_at: expires,
        created_at: stamp,
      })),
    );
  }
  const rows = await db('personal_access_tokens as t')
    .join('employees as e', 'e.user_id', 't.user_id')
    .join('organizations as o', 'o.id', 'e.organization_id')
    .where('t.name', 'rush')
    .select(
      't.id',
      't.user_id',
      'e.id as employee_id',
      'e.employee_id as code',
      'e.organization_id',
      'o.timezone',
    );
  return rows.map((r) => ({
    employeeId: Number(r.employee_id),
    code: r.code,
    organizationId: Number(r.organization_id),
    timezone: r.timezone,
    token: `${r.id}|${secretOf(Number(r.user_id))}`,
  }));
}

/** GET /attendances of the large organization page after page (from page 1 again at the end). */
async function pageWhile(s: Session, stop: () => boolean) {
  const org = s.orgs.find((o) => o.code === 'ACME') ?? s.orgs[0];
  const times: number[] = [];
  let non2xx = 0;
  let cursor: string | null = null;
  while (!stop()) {
    const q = new URLSearchParams({ organization_id: String(org.id), limit: '50' });
    if (cursor) q.set('cursor', cursor);
    const began = performance.now();
    const res = await fetch(`${s.server.url}/api/v1/attendances?${q}`, {
      headers: { authorization: `Bearer ${s.tokens.admin[org.code]}` },
    });
    const body = (await res.json()) as { next_cursor?: string | null };
    times.push(performance.now() - began);
    if (res.status !== 200) non2xx += 1;
    cursor = body.next_cursor ?? null;
  }
  return {
    requests: times.length,
    non2xx,
    p50: times.length ? percentile(times, 50) : 0,
    p99: times.length ? percentile(times, 99) : 0,
  };
}

/** Check-in punches stored for the rush's employees on the day: none lost, none doubled. */
export async function countPunches(db: Knex, people: Person[], day: string) {
  const ids = people.map((p) => p.employeeId);
  const perEmployee = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db('attendance_punches')
      .whereIn('employee_id', ids.slice(i, i + 1000))
      .where('kind', 'check_in')
      .where('date', day)
      .groupBy('employee_id')
      .select('employee_id')
      .count({ n: '*' });
    for (const r of rows as Array<{ employee_id: number; n: number | string }>)
      perEmployee.set(Number(r.employee_id), Number(r.n));
  }
  let stored = 0;
  let doubled = 0;
  for (const n of perEmployee.values()) {
    stored += n;
    if (n > 1) doubled += 1;
  }
  return { stored, doubled, missing: ids.length - perEmployee.size };
}
