// Where the CPU went while a case ran: the daemon's, the database server's and the whole machine's
// CPU time, and how long the daemon waited for a core (the scheduler's run delay), sampled from
// /proc every SAMPLE_MS, so that a slow stretch can be set against who was
// using the cores (the daemon at 100% of its core is queueing in the daemon; the machine at 100%
// with the daemon below its share is the neighbours). The database server is shared with other
// work on this machine, so its figure is everyone's queries, not only the benchmark's.
import { readdirSync, readFileSync } from 'node:fs';

const SAMPLE_MS = 500;
const TICK_S = 0.01; // USER_HZ: 100 on Linux

interface Sample {
  at: number; // epoch ms
  daemon: number | null; // CPU seconds
  /** Seconds the daemon's threads were runnable but waited for a core (schedstat run_delay). */
  daemonWait: number | null;
  database: number | null;
  machineBusy: number; // CPU seconds, all cores
  machineTotal: number;
}

export interface CpuShare {
  /** Share of one core, 0–1 (can exceed 1 for the database server: it is multi-threaded). */
  daemon: number | null;
  /**
   * Share of the time the daemon's threads waited for a core while ready to run (summed over its
   * threads, so above 1 when several waited at once; the main thread does almost all the work).
   */
  daemonWait: number | null;
  database: number | null;
  /** Busy share of all cores, 0–1. */
  machine: number;
  seconds: number;
}

function processCpu(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_S; // utime, stime
  } catch {
    return null;
  }
}

/** run_delay of every thread of the process, in seconds (/proc/PID/task/TID/schedstat, field 2). */
function runDelay(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // the thread ended meanwhile
      }
    }
    return ns / 1e9;
  } catch {
    return null;
  }
}

function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  const idle = n[3] + (n[4] ?? 0);
  return { busy: (total - idle) * TICK_S, total: total * TICK_S };
}

/** The MariaDB/MySQL server's pid, if one runs on this machine. */
export function databasePid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'mariadbd' || comm === 'mysqld') return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

export function startCpuSampler(daemonPid: number) {
  const dbPid = databasePid();
  const samples: Sample[] = [];
  const take = () => {
    const m = machineCpu();
    samples.push({
      at: Date.now(),
      daemon: processCpu(daemonPid),
      daemonWait: runDelay(daemonPid),
      database: processCpu(dbPid),
      machineBusy: m.busy,
      machineTotal: m.total,
    });
  };
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    stop(): void {
      clearInterval(timer);
      take();
    },
    /** The shares between the samples nearest to `from` and `to` (epoch ms). */
    between(from: number, to: number): CpuShare | null {
      const a = [...samples].reverse().find((x) => x.at <= from) ?? samples[0];
      const b = samples.find((x) => x.at >= to) ?? samples[samples.length - 1];
      const seconds = (b.at - a.at) / 1000;
      if (!a || !b || seconds <= 0) return null;
      const share = (x: number | null, y: number | null) =>
        x === null || y === null ? null : Math.round(((y - x) / seconds) * 100) / 100;
      return {
        daemon: share(a.daemon, b.daemon),
        daemonWait: share(a.daemonWait, b.daemonWait),
        database: share(a.database, b.database),
        machine:
          Math.round(((b.machineBusy - a.machineBusy) / (b.machineTotal - a.machineTotal)) * 100) / 100,
        seconds: Math.round(seconds * 10) / 10,
      };
    },
  };
}

/** InnoDB's row-lock counters (server-wide: other databases' waits count too). */
export async function rowLockCounters(db: {
  raw(sql: string): Promise<unknown>;
}): Promise<{ waits: number; timeMs: number } | null> {
  try {
    const [rows] = (await db.raw("SHOW GLOBAL STATUS LIKE 'Innodb_row_lock_%'")) as [
      Array<{ Variable_name: string; Value: string }>,
    ];
    const get = (name: string) => Number(rows.find((r) => r.Variable_name === name)?.Value ?? 0);
    return { waits: get('Innodb_row_lock_waits'), timeMs: get('Innodb_row_lock_time') };
  } catch {
    return null;
  }
}
