// The morning rush at the real rate (`--cases rush-real`, MySQL; issue 24, item 4): every employee
// sends one check-in within a real 15-minute window (08:45–09:00 local time), Poisson arrivals with
// three bursts at three times the base rate (the arrival model of bench/cases/rush.ts), through the
// real POST /attendance/punches with their own tokens; meanwhile last month is locked (GLOBEX, then
// ACME: the whole month, 310,000 rows at 10,000 employees) and ACME's month exported as CSV.
//
// Speed-up: the window may be replayed faster than real time, but only as far as the machine's
// capacity allows, measured in the same run: the minimal program of a check-in
// (bench/lib/punch-replay.ts: the captured statements replayed by minimal-punch.mjs) is driven
// closed-loop first, and the bursts' rate after the speed-up may use at most HEADROOM of its
// capacity: factor ≤ HEADROOM × capacity ÷ the real burst rate (at least 1: never slower than real).
// RUSH_REAL_SPEEDUP asks for less (1 = real time). RUSH_REAL_MINUTES=a-b replays only minutes a to b
// of the window (every arrival in them, at the same rate: a slice, to fit a short run).
//
// The lock starts when the first burst of the replayed part starts (so they meet), the export when
// the locks are done. Reported: punch latency from the planned send instant (p50, p99; also during
// the locks, the export, the bursts, and outside them), 5xx and connection errors, and the count
// check in the database (per employee on the rush's day: every accepted punch stored exactly once,
// nothing for a punch not accepted or not sent). Where the time goes: the daemon's, the database
// server's and the machine's CPU per stretch (bench/lib/cpu-sampler.ts), InnoDB's row-lock waits,
// and how late the client sent (queueing in the client).
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { ROOT, workDir } from '../lib/paths.js';
import { createPrng } from '../lib/prng.js';
import { LOAD_CORE, loadAverage, start } from '../lib/proc.js';
import { median, percentile, ratio, round, type CaseOutput } from '../lib/results.js';
import type { Session } from '../lib/session.js';
import { download } from '../lib/stream.js';
import { rowLockCounters, startCpuSampler, type CpuShare } from '../lib/cpu-sampler.js';
import {
  capturePunchSpec,
  closedLoopRound,
  daysBack,
  punchablePeople,
  startMinimalPunch,
  type CapacityRound,
} from '../lib/punch-replay.js';
import { lockOverHttp, unlockOverHttp } from './lock.js';
import { arrivals, inBurst, localInstant, rateWeights, RUSH_SLOTS, shuffle } from './rush.js';

const WINDOW_MS = 15 * 60_000;
const BURST_FACTOR = 3;
/** The share of the minimal program's capacity the sped-up bursts may use (decision: half). */
const HEADROOM = 0.5;
/** Check-ins per capacity round (RUSH_REAL_CAPACITY_ROUND: fewer on a slow machine). */
const CAPACITY_PER_ROUND = Number(process.env.RUSH_REAL_CAPACITY_ROUND ?? 300);
const CAPACITY_WARM_UP = 64;
const CAPACITY_ORDER = ['wfctl', 'minimal', 'minimal', 'wfctl'] as const;
const GOAL_P99_MS = 100;

/** [offsetMs, lateMs, latencyMs, status, index] per answered punch (rush-client.mjs `records`). */
type PunchRecord = [number, number, number, number, number];
interface ClientReport {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  latencies: { p50: number; p99: number; max: number };
  sendLatencies: { p50: number; p99: number; max: number };
  worstLateMs: number;
  elapsedMs: number;
  startedEpoch: number;
  records: PunchRecord[];
}

export function rushRealOptions(env = process.env) {
  const minutes = (env.RUSH_REAL_MINUTES ?? '0-15').split('-').map(Number);
  const [from, to] = minutes;
  if (minutes.length !== 2 || !(from >= 0 && to > from && to <= 15))
    throw new Error('RUSH_REAL_MINUTES must be a-b with 0 ≤ a < b ≤ 15');
  const speedup = env.RUSH_REAL_SPEEDUP ? Number(env.RUSH_REAL_SPEEDUP) : null;
  if (speedup !== null && !(speedup >= 1)) throw new Error('RUSH_REAL_SPEEDUP must be a number ≥ 1');
  return { fromMs: from * 60_000, toMs: to * 60_000, speedup };
}

export async function rushRealCase(s: Session): Promise<CaseOutput> {
  if (s.bench.dialect !== 'mysql') throw new Error('rush-real compares with a mysql2 program: MySQL only');
  const opts = rushRealOptions();
  const { db } = s.bench.services;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  // Days of their own (bench/cases/rush.ts takes yesterday and the three days before it).
  const day = daysBack(yesterday, 4, s.opts.month);
  const capacityDay = daysBack(yesterday, 5, s.opts.month);
  const captureDays: [string, string] = [
    daysBack(yesterday, 6, s.opts.month),
    daysBack(yesterday, 7, s.opts.month),
  ];
  const all = await punchablePeople(db);
  const { spec, used } = await capturePunchSpec(s, all, captureDays);
  const people = all.filter((p) => !used.includes(p));
  s.log(`rush-real: ${people.length} employees; one check-in runs ${spec.statements.length} statements`);

  // 1. Capacity, closed loop, each program on other employees of one day.
  const minimal = await startMinimalPunch(s, spec, people);
  const perRound = Math.min(
    CAPACITY_PER_ROUND,
    Math.floor((people.length - 2 * CAPACITY_WARM_UP) / CAPACITY_ORDER.length),
  );
  const rounds: Array<CapacityRound & { load: number[] }> = [];
  try {
    const slice = (i: number, n: number) => people.slice(i, i + n);
    await closedLoopRound(s.server.url, 'wfctl', slice(0, CAPACITY_WARM_UP), capacityDay);
    await closedLoopRound(minimal.url, 'minimal', slice(CAPACITY_WARM_UP, CAPACITY_WARM_UP), capacityDay);
    for (const [i, target] of CAPACITY_ORDER.entries()) {
      const load = loadAverage();
      const r = await closedLoopRound(
        target === 'wfctl' ? s.server.url : minimal.url,
        target,
        slice(2 * CAPACITY_WARM_UP + i * perRound, perRound),
        capacityDay,
      );
      rounds.push({ ...r, load });
      s.log(
        `rush-real: capacity ${target}: ${round(r.perSecond, 1)} punches/s, p99 ${round(r.p99, 1)} ms, load ${load.join(' ')}`,
      );
    }
  } finally {
    await minimal.close();
  }
  const capacity = (t: string) => median(rounds.filter((r) => r.target === t).map((r) => r.perSecond));
  const minimalCapacity = capacity('minimal');
  const wfctlCapacity = capacity('wfctl');

  // 2. The plan: real arrival instants; the speed-up from the minimal program's capacity.
  const weights = rateWeights(BURST_FACTOR);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const slotMs = WINDOW_MS / RUSH_SLOTS;
  const baseRate = people.length / totalWeight / (slotMs / 1000); // punches/s outside the bursts, real time
  const burstRate = baseRate * BURST_FACTOR;
  const allowed = (HEADROOM * minimalCapacity) / burstRate;
  const speedup = Math.max(1, Math.min(opts.speedup ?? allowed, allowed));
  const prng = createPrng(s.opts.seed + 24);
  const offsets = arrivals(prng, people.length, WINDOW_MS, BURST_FACTOR);
  shuffle(prng, people);
  const planned = people
    .map((p, i) => ({ p, real: offsets[i] }))
    .filter((x) => x.real >= opts.fromMs && x.real < opts.toMs)
    .sort((a, b) => a.real - b.real);
  const replayMs = (real: number) => (real - opts.fromMs) / speedup;
  const firstBurstSlot = Array.from({ length: RUSH_SLOTS }, (_, i) => i).find(
    (i) => inBurst(i) && i * slotMs >= opts.fromMs && i * slotMs < opts.toMs,
  );
  const lockAtMs = firstBurstSlot === undefined ? 0 : replayMs(firstBurstSlot * slotMs);
  const planFile = `${workDir()}/rush-real-plan.json`;
  writeFileSync(
    planFile,
    JSON.stringify({
      url: `${s.server.url}/api/v1/attendance/punches`,
      records: true,
      punches: planned.map(({ p, real }, i) => ({
        offsetMs: Math.round(replayMs(real)),
        token: p.token,
        at: localInstant(day, p.timeZone, 8 * 60 + 45 + real / 60_000),
        i,
      })),
    }),
  );
  s.log(
    `rush-real: capacity wfctl ${round(wfctlCapacity, 1)}/s, minimal ${round(minimalCapacity, 1)}/s; real rates ${round(baseRate, 1)}/s, bursts ${round(burstRate, 1)}/s; ` +
      `speed-up ×${round(speedup, 2)} (allowed ×${round(allowed, 2)}); minutes ${opts.fromMs / 60_000}–${opts.toMs / 60_000}: ${planned.length} punches in ${round(replayMs(opts.toMs) / 1000, 1)} s`,
  );

  // 3. The rush, with the locks and the export.
  const rowLocksBefore = await rowLockCounters(db);
  const cpu = startCpuSampler(s.server.pid);
  const loadBefore = loadAverage();
  const client = start(process.execPath, [`${ROOT}/bench/lib/rush-client.mjs`, planFile], {
    core: LOAD_CORE,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { started, done: clientDone, output } = followClient(client.child);
  const startedAt = await started;
  const acme = s.orgs.find((o) => o.code === 'ACME') ?? s.orgs[0];
  const background = (async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, startedAt + lockAtMs - Date.now())));
    const locks: Array<{ org: string; from: number; to: number; lockId: number; rows: number }> = [];
    for (const org of [...s.orgs].sort((a, b) => a.rows - b.rows)) {
      const from = Date.now();
      const lock = await lockOverHttp(s, org);
      locks.push({ org: org.code, from, to: Date.now(), lockId: lock.lock_id, rows: lock.rows_locked });
    }
    const exportFrom = Date.now();
    const exported = await download(
      s.server,
      `/api/v1/exports/attendance.csv?org_id=${acme.id}&month=${s.opts.month}`,
      s.tokens.hr[acme.code],
    );
    return { locks, exported, exportFrom, exportTo: Date.now() };
  })();
  const bg = await background;
  await clientDone;
  cpu.stop();
  const loadAfter = loadAverage();
  const rowLocksAfter = await rowLockCounters(db);
  for (const l of bg.locks)
    await unlockOverHttp(
      s,
      s.orgs.find((o) => o.code === l.org)!,
      l.lockId,
    );
  const report = JSON.parse(output().trim().split('\n').pop()!) as ClientReport;
  const zero = report.startedEpoch;

  // 4. The count check, per employee, on the rush's day.
  const accepted = new Set(
    report.records.filter((r) => r[3] >= 200 && r[3] < 300).map((r) => planned[r[4]].p.employeeId),
  );
  const check = await countCheck(db, [day], accepted);

  // 5. Latency per stretch (by planned instant), and the CPU in each.
  const lockFrom = Math.min(...bg.locks.map((l) => l.from));
  const stretch = (
    name: string,
    inside: (epoch: number, offset: number) => boolean,
    from?: number,
    to?: number,
  ) => {
    const xs = report.records.filter((r) => inside(zero + r[0], r[0]));
    return {
      name,
      punches: xs.length,
      p50: xs.length
        ? round(
            percentile(
              xs.map((r) => r[2]),
              50,
            ),
            1,
          )
        : null,
      p99: xs.length
        ? round(
            percentile(
              xs.map((r) => r[2]),
              99,
            ),
            1,
          )
        : null,
      lateP99: xs.length
        ? round(
            percentile(
              xs.map((r) => r[1]),
              99,
            ),
            1,
          )
        : null,
      cpu: from !== undefined && to !== undefined ? cpu.between(from, to) : null,
    };
  };
  const realOf = (offset: number) => opts.fromMs + offset * speedup;
  const burstAt = (offset: number) => inBurst(Math.floor(realOf(offset) / slotMs));
  const during = (from: number, to: number) => (e: number) => e >= from && e <= to;
  const stretches = [
    stretch('whole run', () => true, startedAt, Date.now()),
    ...bg.locks.map((l) => stretch(`lock ${l.org} (${l.rows} rows)`, during(l.from, l.to), l.from, l.to)),
    stretch('export', during(bg.exportFrom, bg.exportTo), bg.exportFrom, bg.exportTo),
    stretch('bursts, no lock or export', (e, o) => burstAt(o) && !(e >= lockFrom && e <= bg.exportTo)),
    stretch('base rate, no lock or export', (e, o) => !burstAt(o) && !(e >= lockFrom && e <= bg.exportTo)),
  ];
  const fiveXx = Object.entries(report.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((t, [, n]) => t + n, 0);
  const p99 = report.latencies.p99;
  const fmtCpu = (c: CpuShare | null) =>
    c
      ? `daemon ${Math.round((c.daemon ?? 0) * 100)}% of its core (waited for a core ${Math.round((c.daemonWait ?? 0) * 100)}%), database server ${Math.round((c.database ?? 0) * 100)}%, machine ${Math.round(c.machine * 100)}% busy`
      : '—';
  const span = `minutes ${opts.fromMs / 60_000}–${opts.toMs / 60_000} of the window`;
  return {
    case: 'rush-real',
    title: `morning rush at the real rate: ${people.length.toLocaleString('en')} employees over 15 min, bursts ×${BURST_FACTOR}, sped up ×${round(speedup, 2)}; ${span} (${planned.length.toLocaleString('en')} punches) while locking and exporting`,
    baselineName:
      'capacity rows: the same check-in statements replayed by minimal-punch.mjs (closed loop, 32 connections); latency rows: absolute goals',
    rows: [
      {
        case: 'rush-real',
        measure: `capacity, closed loop (median of 2 rounds; rounds ${rounds.map((r) => `${r.target} ${round(r.perSecond, 0)}`).join(', ')})`,
        figure: round(wfctlCapacity, 1),
        baseline: round(minimalCapacity, 1),
        unit: 'punches/s',
        ratio: ratio(wfctlCapacity, minimalCapacity),
        goal: '—',
        met: null,
      },
      {
        case: 'rush-real',
        measure: `speed-up factor: ≤ ${HEADROOM} × the minimal program's capacity ÷ the real burst rate (${round(burstRate, 1)}/s; base ${round(baseRate, 1)}/s); allowed ×${round(allowed, 2)}${opts.speedup ? `, asked ×${opts.speedup}` : ''}`,
        figure: round(speedup, 2),
        baseline: null,
        unit: '×',
        ratio: null,
        goal: '≥ 1, ≤ allowed',
        met: null,
      },
      {
        case: 'rush-real',
        measure: `punch latency p99 from the planned send (p50 ${round(report.latencies.p50, 1)} ms, max ${round(report.latencies.max, 1)} ms; from the actual send p99 ${round(report.sendLatencies.p99, 1)} ms)`,
        figure: round(p99, 1),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: `< ${GOAL_P99_MS} ms`,
        met: p99 < GOAL_P99_MS,
      },
      ...stretches.slice(1).map((st) => ({
        case: 'rush-real',
        measure: `p99 during: ${st.name}, ${st.punches} punches (p50 ${st.p50 ?? '—'} ms; client late p99 ${st.lateP99 ?? '—'} ms)${st.cpu ? `; CPU: ${fmtCpu(st.cpu)}` : ''}`,
        figure: st.p99,
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: `< ${GOAL_P99_MS} ms`,
        met: st.p99 === null ? null : st.p99 < GOAL_P99_MS,
      })),
      {
        case: 'rush-real',
        measure: `answers: ${JSON.stringify(report.statuses)}; connection errors ${report.errors}`,
        figure: fiveXx + report.errors,
        baseline: null,
        unit: '5xx + errors',
        ratio: null,
        goal: '0',
        met: fiveXx + report.errors === 0,
      },
      {
        case: 'rush-real',
        measure: `count check per employee on ${day}: ${report.sent} sent, ${accepted.size} accepted, ${check.once} stored once, ${check.missing} accepted but missing, ${check.doubled} stored more than once, ${check.extra} stored but not accepted`,
        figure: check.missing + check.doubled + check.extra,
        baseline: null,
        unit: 'wrong',
        ratio: null,
        goal: 'every punch exactly once',
        met: check.missing + check.doubled + check.extra === 0 && check.once === accepted.size,
      },
      {
        case: 'rush-real',
        measure: `locks during the rush (${bg.locks.map((l) => `${l.org} ${l.rows} rows ${round((l.to - l.from) / 1000, 1)} s`).join(', ')}), then the CSV export of ${acme.code} (${bg.exported.status})`,
        figure: round(bg.exported.totalMs, 0),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: bg.exported.status === 200,
      },
    ],
    notes: [
      `rush-real: load ${loadBefore.join('/')} → ${loadAfter.join('/')}; the whole run: CPU ${fmtCpu(stretches[0].cpu)}; the client was at most ${round(report.worstLateMs, 1)} ms late on its schedule`,
      rowLocksBefore && rowLocksAfter
        ? `rush-real: InnoDB row-lock waits during the run (server-wide): ${rowLocksAfter.waits - rowLocksBefore.waits}, ${rowLocksAfter.timeMs - rowLocksBefore.timeMs} ms in total`
        : 'rush-real: InnoDB row-lock counters not available',
      spec.unmatched.length
        ? `rush-real: the minimal program replays as captured: ${spec.unmatched.join('; ')}`
        : 'rush-real: every varying binding of the minimal program was matched to a role',
    ],
    details: {
      day,
      speedup,
      allowed,
      baseRate,
      burstRate,
      minutes: [opts.fromMs / 60_000, opts.toMs / 60_000],
      planned: planned.length,
      rounds,
      stretches,
      locks: bg.locks,
      export: { ...bg.exported, from: bg.exportFrom, to: bg.exportTo },
      client: { ...report, records: undefined },
      check,
      rowLocks: { before: rowLocksBefore, after: rowLocksAfter },
    },
  };
}

/**
 * The rush client's output as it comes: its schedule's zero (epoch ms, from its first line) and the
 * whole output once it exits.
 */
export function followClient(child: ChildProcess) {
  let stdout = '';
  let resolveStarted: (epoch: number) => void;
  const started = new Promise<number>((resolve) => (resolveStarted = resolve));
  child.stdout!.on('data', (d) => {
    stdout += d;
    const first = stdout.split('\n')[0];
    if (stdout.includes('\n') && first.startsWith('{"startedEpoch"'))
      resolveStarted(Math.round(JSON.parse(first).startedEpoch));
  });
  const done = new Promise<void>((resolve, reject) =>
    child.on('close', (code) => {
      resolveStarted(Date.now());
      if (code === 0 || code === null) resolve();
      else reject(new Error(`rush-client.mjs exited ${code}`));
    }),
  );
  return { started, done, output: () => stdout };
}

/**
 * Check-ins stored per employee on `days`: every accepted one once, nothing for anyone else
 * (among `among`, the employees the punches were planned for: other cases punch other employees).
 */
export async function countCheck(db: Knex, days: string[], accepted: Set<number>, among?: Set<number>) {
  const all = (await db('attendance_punches')
    .whereIn('date', days)
    .where('kind', 'check_in')
    .groupBy('employee_id')
    .select('employee_id')
    .count({ n: '*' })) as Array<{ employee_id: number; n: number | string }>;
  const rows = among ? all.filter((r) => among.has(Number(r.employee_id))) : all;
  const stored = new Map(rows.map((r) => [Number(r.employee_id), Number(r.n)]));
  let once = 0;
  let doubled = 0;
  let extra = 0;
  for (const [employee, n] of stored) {
    if (!accepted.has(employee)) extra += 1;
    else if (n === 1) once += 1;
    else doubled += 1;
  }
  const missing = [...accepted].filter((e) => !stored.has(e)).length;
  return { once, doubled, extra, missing };
}
