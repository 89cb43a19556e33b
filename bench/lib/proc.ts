// Child processes of the benchmark: pinned to a core with taskset when it exists (server on one
// core, load generator on the other), timed, and watched for peak RSS (VmHWM in /proc).
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const HAS_TASKSET = existsSync('/usr/bin/taskset') || spawnSync('which', ['taskset']).status === 0;
const CORES = availableParallelism();

/** The server side (daemon, raw server, database client under test) runs here… */
export const SERVER_CORE = 0;
/** …and the load side (autocannon, curl, receivers) here, when there are two cores or more. */
export const LOAD_CORE = CORES > 1 ? 1 : 0;

export const pinning = (): string =>
  HAS_TASKSET && CORES > 1
    ? `taskset: server and database clients on core ${SERVER_CORE}, load generator on core ${LOAD_CORE}`
    : 'not pinned (taskset missing or one core)';

function pinned(core: number | null, command: string, args: string[]): [string, string[]] {
  if (core === null || !HAS_TASKSET || CORES < 2) return [command, args];
  return ['taskset', ['-c', String(core), command, ...args]];
}

/** Pins this process (the harness) to a core, e.g. while it plays the server side of the push. */
export function pinSelf(core: number | null): void {
  if (!HAS_TASKSET || CORES < 2) return;
  const cores = core === null ? `0-${CORES - 1}` : String(core);
  spawnSync('taskset', ['-a', '-cp', cores, String(process.pid)], { stdio: 'ignore' });
}

export interface Started {
  child: ChildProcess;
  pid: number;
}

export function start(
  command: string,
  args: string[],
  opts: { core?: number | null; env?: Record<string, string>; stdio?: StdioOptions; cwd?: string } = {},
): Started {
  const [cmd, argv] = pinned(opts.core ?? null, command, args);
  const child = spawn(cmd, argv, {
    env: { ...process.env, ...opts.env },
    stdio: opts.stdio ?? ['ignore', 'ignore', 'inherit'],
    cwd: opts.cwd,
  });
  return { child, pid: child.pid! };
}

export interface Finished {
  code: number;
  ms: number;
  stdout: string;
  stderr: string;
  /** Peak resident set of the child in KiB (VmHWM, sampled until it exits). */
  peakRssKb: number;
}

/** Runs a command to completion; stdout is captured unless `discard` (then it goes to /dev/null). */
export function run(
  command: string,
  args: string[],
  opts: { core?: number | null; env?: Record<string, string>; discard?: boolean; input?: string } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const { child, pid } = start(command, args, {
      core: opts.core,
      env: opts.env,
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', opts.discard ? 'ignore' : 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    const sample = () => {
      peak = Math.max(peak, peakRss(pid) ?? 0);
    };
    const timer = setInterval(sample, 50);
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    child.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code: code ?? -1, ms: performance.now() - began, stdout, stderr, peakRssKb: peak });
    });
  });
}

export async function runOk(...args: Parameters<typeof run>): Promise<Finished> {
  const result = await run(...args);
  if (result.code !== 0) {
    throw new Error(`${args[0]} ${args[1].join(' ')} exited ${result.code}: ${result.stderr.slice(-2000)}`);
  }
  return result;
}

/** VmHWM of a live process in KiB, or null once it is gone. */
export function peakRss(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Current VmRSS of a live process in KiB. */
export function currentRss(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (Linux clear_refs 5), so the next peak belongs to the next case. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export function loadAverage(): number[] {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  } catch {
    return [];
  }
}

/** Stops a child: `signal`, then SIGKILL after `graceMs` (a daemon under --cpu-prof needs longer to write its profile). */
export function stop(started: Started, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (started.child.exitCode !== null || started.child.signalCode !== null) return resolve();
    const timer = setTimeout(() => started.child.kill('SIGKILL'), graceMs);
    started.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    started.child.kill(signal);
  });
}
