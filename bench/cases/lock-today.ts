// Today's punches during a lock of last month (`--cases lock-today`, MySQL; issue 24, item 3's goal):
// the generator's month (310,000 rows at 10,000 employees; --employees scales it: 1,000 give 31,000)
// is locked over HTTP, GLOBEX then ACME, while employees of both organizations check in for today
// at a steady rate, and the same stream runs first without a lock, for NO_LOCK_MS.
//
// Open loop (bench/lib/rush-client.mjs on the load core): Poisson arrivals at LOCK_TODAY_RATE per
// second (default: the real bursts' rate of 10,000 employees, 28/s, bench/cases/rush-real.ts, but
// at most half the minimal program's capacity measured first in the same run), each punch a
// different employee, latency from its planned instant. The stream stops when the locks have
// answered; the months are unlocked again (not measured) before the next round. Each round runs
// against wfctl and, as the control, against the minimal program of the same check-in
// (bench/lib/punch-replay.ts: the captured statements, the month's mutex in share mode included,
// replayed by minimal-punch.mjs) with the same lock running in the daemon: what slows the minimal
// program down during the lock is the database and the machine, not wfctl's request path.
// Reported: p50/p99 without and during the lock for both, during ÷ without, and the count check
// (every accepted punch stored once, nothing else, per employee).
import { writeFileSync } from 'node:fs';
import { ROOT, workDir } from '../lib/paths.js';
import { createPrng } from '../lib/prng.js';
import { LOAD_CORE, loadAverage, start } from '../lib/proc.js';
import { percentile, ratio, round, type CaseOutput } from '../lib/results.js';
import type { Session } from '../lib/session.js';
import { rowLockCounters, startCpuSampler, type CpuShare } from '../lib/cpu-sampler.js';
import {
  capturePunchSpec,
  closedLoopRound,
  daysBack,
  punchablePeople,
  startMinimalPunch,
} from '../lib/punch-replay.js';
import { lockOverHttp, unlockOverHttp } from './lock.js';
import { countCheck, followClient } from './rush-real.js';

const NO_LOCK_MS = 8_000;
/** The stream's length at most (the lock phase ends earlier, when the locks answer). */
const MAX_STREAM_MS = 180_000;
const GOAL_P99_MS = 100;
/** The real rush's burst rate at 10,000 employees (bench/cases/rush-real.ts): 10,000 × 3 ÷ 118 slots ÷ 9 s. */
const REAL_BURST_RATE = 28;
/** The share of the minimal program's capacity the stream may use (as rush-real's speed-up). */
const HEADROOM = 0.5;
const CAPACITY_WARM_UP = 32;
const CAPACITY_ROUND = 150;

type PunchRecord = [number, number, number, number, number];

interface Phase {
  punches: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  lateP99: number | null;
  cpu: CpuShare | null;
}

interface Round {
  target: 'wfctl' | 'minimal';
  load: number[];
  noLock: Phase;
  lock: Phase;
  locks: Array<{ org: string; rows: number; ms: number }>;
  statuses: Record<string, number>;
  errors: number;
  ranOut: boolean;
  rowLockWaits: { waits: number; timeMs: number } | null;
}

export async function lockTodayCase(s: Session): Promise<CaseOutput> {
  if (s.bench.dialect !== 'mysql') throw new Error('lock-today compares with a mysql2 program: MySQL only');
  const order = (process.env.LOCK_TODAY_ORDER ?? 'wfctl,minimal').split(',') as Array<'wfctl' | 'minimal'>;
  const { db } = s.bench.services;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  // Days of their own in today's month (the rush cases take yesterday and the seven days before).
  const captureDays: [string, string] = [
    daysBack(yesterday, 8, s.opts.month),
    daysBack(yesterday, 9, s.opts.month),
  ];
  const all = await punchablePeople(db);
  const { spec, used } = await capturePunchSpec(s, all, captureDays);
  // Today, a few minutes ago: a check-in for today in either organization's time zone.
  const at = new Date(Date.now() - 3 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const todays = [...new Set(all.map((p) => localDate(at, p.timeZone)))];
  // Without the employees who punched today already (the rush case's statement count sends one).
  const punchedToday = new Set(
    (await db('attendance_punches').whereIn('date', todays).distinct('employee_id')).map((r) =>
      Number(r.employee_id),
    ),
  );
  const pool = all.filter((p) => !used.includes(p) && !punchedToday.has(p.employeeId));
  const rowsOfMonth = s.orgs.reduce((t, o) => t + o.rows, 0);

  const minimal = await startMinimalPunch(s, spec, pool);
  const rounds: Round[] = [];
  const planned = new Set<number>();
  const accepted = new Set<number>();
  let next = 0;
  let rate = Number(process.env.LOCK_TODAY_RATE ?? 0);
  let capacity: number | null = null;
  try {
    if (!rate) {
      // The stream's rate: the real bursts' rate of 10,000 employees, but at most HEADROOM of the
      // minimal program's capacity (closed loop, on a day of its own): above it the queue grows
      // through the stream and "during the lock" (its end) would be slower for that reason alone.
      const capacityDay = daysBack(yesterday, 10, s.opts.month);
      const warm = pool.slice(0, CAPACITY_WARM_UP);
      await closedLoopRound(minimal.url, 'minimal', warm, capacityDay);
      const round1 = await closedLoopRound(
        minimal.url,
        'minimal',
        pool.slice(CAPACITY_WARM_UP, CAPACITY_WARM_UP + CAPACITY_ROUND),
        capacityDay,
      );
      capacity = round1.perSecond;
      rate = Math.max(1, Math.min(REAL_BURST_RATE, HEADROOM * round1.perSecond));
    }
    s.log(
      `lock-today: ${pool.length} employees, ${round(rate, 1)} punches/s (minimal capacity ${capacity === null ? '—' : round(capacity, 1)}/s), today ${todays.join('/')}, lock of ${rowsOfMonth} rows`,
    );
    for (const [r, target] of order.entries()) {
      const prng = createPrng(s.opts.seed + 100 + r);
      const people = pool.slice(next, next + Math.ceil((rate * MAX_STREAM_MS) / 1000));
      let t = 0;
      const offsets = people.map(() => (t += (-Math.log(1 - prng.next()) / rate) * 1000));
      const planFile = `${workDir()}/lock-today-${r}.json`;
      writeFileSync(
        planFile,
        JSON.stringify({
          url: `${target === 'wfctl' ? s.server.url : minimal.url}/api/v1/attendance/punches`,
          records: true,
          punches: people.map((p, i) => ({ offsetMs: Math.round(offsets[i]), token: p.token, at, i })),
        }),
      );
      const load = loadAverage();
      const lockWaitsBefore = await rowLockCounters(db);
      // The CPU of the program that serves the punches (the lock runs in the daemon either way).
      const cpu = startCpuSampler(target === 'wfctl' ? s.server.pid : minimal.pid);
      const client = start(process.execPath, [`${ROOT}/bench/lib/rush-client.mjs`, planFile], {
        core: LOAD_CORE,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const { started, done, output } = followClient(client.child);
      const zero = await started;
      await new Promise((res) => setTimeout(res, Math.max(0, zero + NO_LOCK_MS - Date.now())));
      const lockFrom = Date.now();
      const locks: Array<{ org: string; rows: number; ms: number; lockId: number }> = [];
      for (const org of [...s.orgs].sort((a, b) => a.rows - b.rows)) {
        const from = Date.now();
        const lock = await lockOverHttp(s, org);
        locks.push({ org: org.code, rows: lock.rows_locked, ms: Date.now() - from, lockId: lock.lock_id });
      }
      const lockTo = Date.now();
      const ranOut = client.child.exitCode !== null;
      client.child.kill('SIGUSR2');
      await done;
      cpu.stop();
      const lockWaitsAfter = await rowLockCounters(db);
      for (const l of locks)
        await unlockOverHttp(
          s,
          s.orgs.find((o) => o.code === l.org)!,
          l.lockId,
        );
      const report = JSON.parse(output().trim().split('\n').pop()!) as {
        sent: number;
        statuses: Record<string, number>;
        errors: number;
        records: PunchRecord[];
      };
      next += report.sent;
      people.slice(0, report.sent).forEach((p) => planned.add(p.employeeId));
      for (const rec of report.records)
        if (rec[3] >= 200 && rec[3] < 300) accepted.add(people[rec[4]].employeeId);
      const phase = (from: number, to: number): Phase => {
        const xs = report.records.filter((rec) => zero + rec[0] >= from && zero + rec[0] < to);
        const lat = xs.map((rec) => rec[2]);
        return {
          punches: xs.length,
          p50: lat.length ? round(percentile(lat, 50), 1) : null,
          p99: lat.length ? round(percentile(lat, 99), 1) : null,
          max: lat.length ? round(Math.max(...lat), 1) : null,
          lateP99: xs.length
            ? round(
                percentile(
                  xs.map((rec) => rec[1]),
                  99,
                ),
                1,
              )
            : null,
          cpu: cpu.between(from, to),
        };
      };
      const round_: Round = {
        target,
        load,
        noLock: phase(zero, lockFrom),
        lock: phase(lockFrom, lockTo + 1),
        locks: locks.map(({ org, rows, ms }) => ({ org, rows, ms })),
        statuses: report.statuses,
        errors: report.errors,
        ranOut,
        rowLockWaits:
          lockWaitsBefore && lockWaitsAfter
            ? {
                waits: lockWaitsAfter.waits - lockWaitsBefore.waits,
                timeMs: lockWaitsAfter.timeMs - lockWaitsBefore.timeMs,
              }
            : null,
      };
      rounds.push(round_);
      s.log(
        `lock-today: ${target}: without a lock p99 ${round_.noLock.p99} ms (${round_.noLock.punches}), during the lock p99 ${round_.lock.p99} ms (${round_.lock.punches}; ${locks.map((l) => `${l.org} ${l.rows} rows ${l.ms} ms`).join(', ')}), load ${load.join(' ')}`,
      );
    }
  } finally {
    await minimal.close();
  }
  const check = await countCheck(db, todays, accepted, planned);
  const of = (t: string) => rounds.find((r) => r.target === t);
  const w = of('wfctl');
  const m = of('minimal');
  const fiveXx = rounds.reduce(
    (t, r) =>
      t +
      r.errors +
      Object.entries(r.statuses)
        .filter(([status]) => Number(status) >= 500)
        .reduce((u, [, n]) => u + n, 0),
    0,
  );
  const fmtCpu = (c: CpuShare | null) =>
    c
      ? `server ${Math.round((c.daemon ?? 0) * 100)}% (waited for a core ${Math.round((c.daemonWait ?? 0) * 100)}%), database server ${Math.round((c.database ?? 0) * 100)}%, machine ${Math.round(c.machine * 100)}% busy`
      : '—';
  const phaseNote = (r: Round | undefined, which: 'noLock' | 'lock') =>
    r
      ? `${r.target}: p50 ${r[which].p50} ms, max ${r[which].max} ms, ${r[which].punches} punches, client late p99 ${r[which].lateP99} ms; CPU ${fmtCpu(r[which].cpu)}`
      : '—';
  const lockSpan = w
    ? w.locks.map((l) => `${l.org} ${l.rows.toLocaleString('en')} rows ${round(l.ms / 1000, 1)} s`).join(', ')
    : '';
  return {
    case: 'lock-today',
    title: `today's check-ins (${round(rate, 1)}/s, open loop) during a lock of last month (${rowsOfMonth.toLocaleString('en')} rows, both organizations)`,
    baselineName:
      "the same check-in's statements replayed by minimal-punch.mjs (the month's mutex included), the same stream, with the same lock running",
    rows: [
      {
        case: 'lock-today',
        measure: `p99 during the lock (${lockSpan}); ${phaseNote(w, 'lock')}; minimal ${phaseNote(m, 'lock')}`,
        figure: w?.lock.p99 ?? null,
        baseline: m?.lock.p99 ?? null,
        unit: 'ms',
        ratio: ratio(w?.lock.p99 ?? null, m?.lock.p99 ?? null),
        goal: `< ${GOAL_P99_MS} ms`,
        met: w?.lock.p99 == null ? null : w.lock.p99 < GOAL_P99_MS,
      },
      {
        case: 'lock-today',
        measure: `p99 without a lock (the first ${NO_LOCK_MS / 1000} s of each stream); ${phaseNote(w, 'noLock')}; minimal ${phaseNote(m, 'noLock')}`,
        figure: w?.noLock.p99 ?? null,
        baseline: m?.noLock.p99 ?? null,
        unit: 'ms',
        ratio: ratio(w?.noLock.p99 ?? null, m?.noLock.p99 ?? null),
        goal: '—',
        met: null,
      },
      {
        case: 'lock-today',
        measure: `p99 during the lock ÷ without, wfctl (figure) and the minimal program (baseline)`,
        figure: w ? ratio(w.lock.p99, w.noLock.p99) : null,
        baseline: m ? ratio(m.lock.p99, m.noLock.p99) : null,
        unit: '×',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'lock-today',
        measure: `answers ${rounds.map((r) => `${r.target} ${JSON.stringify(r.statuses)}, errors ${r.errors}`).join('; ')}`,
        figure: fiveXx,
        baseline: null,
        unit: '5xx + errors',
        ratio: null,
        goal: '0',
        met: fiveXx === 0,
      },
      {
        case: 'lock-today',
        measure: `count check per employee for today: ${accepted.size} accepted, ${check.once} stored once, ${check.missing} missing, ${check.doubled} doubled, ${check.extra} stored but not accepted`,
        figure: check.missing + check.doubled + check.extra,
        baseline: null,
        unit: 'wrong',
        ratio: null,
        goal: 'every punch exactly once',
        met: check.missing + check.doubled + check.extra === 0 && check.once === accepted.size,
      },
    ],
    notes: [
      `lock-today: InnoDB row-lock waits per round (server-wide): ${rounds.map((r) => `${r.target} ${r.rowLockWaits ? `${r.rowLockWaits.waits} waits, ${r.rowLockWaits.timeMs} ms` : '—'}`).join('; ')}`,
      ...rounds
        .filter((r) => r.ranOut)
        .map((r) => `lock-today: ${r.target}: the stream ran out of employees before the lock answered`),
      spec.unmatched.length
        ? `lock-today: the minimal program replays as captured: ${spec.unmatched.join('; ')}`
        : 'lock-today: every varying binding of the minimal program was matched to a role',
    ],
    details: { rate, capacity, at, todays, rounds, check, rowsOfMonth },
  };
}

function localDate(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));
}
