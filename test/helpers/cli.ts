// Runs the `wfctl` program against a test database. runCli runs it in the test's own process
// (src/cli/main.ts runWith: its own stdout, stderr, stdin and environment, the exit code returned),
// as fast as a function call once the command's module is loaded. spawnCli runs the real program in
// a child process, as cron or a person would: kept for what only a process shows (exit codes of
// the process itself, a reader that leaves (`| head`), signals, colour decided at start-up).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { Clock } from '../../src/core/clock.js';
import { runWith } from '../../src/cli/main.js';
import { ROOT } from '../../scripts/repo-root.js';

export { ROOT };

/** Run transpiled from .test-build/ (scripts/build-tests.mjs) rather than from the sources under tsx. */
const TRANSPILED = import.meta.url.endsWith('.js');
const ENTRY = fileURLToPath(new URL(TRANSPILED ? './cli-entry.js' : './cli-entry.ts', import.meta.url));
const DIST_MAIN = join(ROOT, 'dist/src/cli/main.js');

/**
 * The compiled CLI starts in half the CPU time of the TypeScript sources under tsx, so it is used
 * whenever dist/ is at least as new as every source file (always so right after `npm ci`, as in
 * CI); otherwise the sources run (transpiled in .test-build/, or under tsx), so a test never
 * exercises stale code.
 */
function distIsFresh(): boolean {
  if (!existsSync(DIST_MAIN)) return false;
  const built = statSync(DIST_MAIN).mtimeMs;
  const newest = (dir: string): number => {
    let max = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      max = Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }
    return max;
  };
  return ['src', 'migrations', 'seeds'].every(
    (d) => !existsSync(join(ROOT, d)) || newest(join(ROOT, d)) <= built,
  );
}

export const COMMAND = distIsFresh()
  ? [join(ROOT, 'bin/wfctl')]
  : TRANSPILED
    ? [ENTRY]
    : ['--import', 'tsx', ENTRY];

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json<T = any>(): T;
}

export interface CliOptions {
  env?: Record<string, string>;
  input?: string | Buffer;
  databaseUrl?: string;
}

/** The environment a run sees: the same few variables for both runners, nothing of the test's own. */
function environment(opts: CliOptions): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    TZ: process.env.TZ ?? '',
    LOG_LEVEL: 'warn',
    // Accounts the tests make are thrown away: bcrypt's least work (src/core/passwords.ts).
    APP_ENV: 'test',
    PASSWORD_HASH_COST: '4',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
}

function result(code: number, stdout: string, stderr: string): CliResult {
  return {
    code,
    stdout,
    stderr,
    json() {
      return JSON.parse(stdout);
    },
  };
}

/** A stream that keeps what is written to it (not a terminal, as a pipe is not). */
function collector(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}

/** The program in this process, with stdin, stdout and stderr of its own (none is a terminal). */
export async function runCli(
  args: string[],
  opts: CliOptions & {
    /** Instead of the system clock. */
    clock?: Clock;
    /** The test's open database, used instead of connecting to DATABASE_URL (and left open). */
    db?: Knex;
  } = {},
): Promise<CliResult> {
  const stdout = collector();
  const stderr = collector();
  const stdin = Readable.from(opts.input?.length ? [Buffer.from(opts.input)] : []);
  const code = await runWith(['node', 'wfctl', ...args], {
    stdout,
    stderr,
    stdin,
    env: environment(opts),
    clock: opts.clock,
    db: opts.db,
  });
  return result(code, stdout.text(), stderr.text());
}

/** The real program in a child process (bin/wfctl, or the sources under tsx when dist/ is stale). */
export function spawnCli(
  args: string[],
  opts: CliOptions & {
    /** Close our end of stdout after this many bytes, as `| head -c N` does. */
    closeStdoutAfter?: number;
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...COMMAND, ...args], {
      cwd: ROOT,
      env: environment(opts),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (opts.closeStdoutAfter !== undefined && stdout.length >= opts.closeStdoutAfter)
        child.stdout.destroy();
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve(result(code ?? -1, stdout, stderr)));
    child.stdin.end(opts.input ?? '');
  });
}
