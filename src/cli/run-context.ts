// What one run of the program reads and writes: the process's own streams, or those a caller hands
// to runWith() (src/cli/main.ts). The tests run the CLI in their own process that way, several runs
// at once, each with its own stdout, stderr, stdin, environment, clock and database, none touching
// a process global. Every CLI module that writes output or reads input asks cliIo(), never
// process.stdout directly.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable, Writable } from 'node:stream';
import type { Knex } from 'knex';
import type { Clock } from '../core/clock.js';
import type { Environment } from '../environment.js';

export interface CliIo {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable & { isTTY?: boolean };
  /** The variables the configuration is read from; absent, the process's own (src/environment.ts). */
  env?: Environment;
  /** Instead of the system clock. */
  clock?: Clock;
  /** An open database the run uses (and leaves open) instead of connecting to DATABASE_URL. */
  db?: Knex;
}

const runs = new AsyncLocalStorage<CliIo>();

/** The streams of the process itself: what a run started by bin/wfctl uses. */
function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}

/** The run's streams and services: those handed to runWith(), else the process's own. */
export function cliIo(): CliIo {
  return runs.getStore() ?? processIo();
}

/** Whether the run's streams are the caller's (runWith), not the process's. */
export function injectedIo(): boolean {
  return runs.getStore() !== undefined;
}

export function withCliIo<T>(io: CliIo, work: () => Promise<T>): Promise<T> {
  return runs.run(io, work);
}
