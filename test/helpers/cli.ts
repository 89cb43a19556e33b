// Runs the real `wfctl` program in a child process (as cron or a person would), against a test database.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST_MAIN = join(ROOT, 'dist/src/cli/main.js');

/**
 * The compiled CLI starts in half the CPU time of the TypeScript sources under tsx, so it is used
 * whenever dist/ is at least as new as every source file (always so right after `npm ci`, as in
 * CI); otherwise the sources run, so a test never exercises stale code.
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

export const COMMAND = distIsFresh() ? [join(ROOT, 'bin/wfctl')] : ['--import', 'tsx', ENTRY];

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json<T = any>(): T;
}

export function runCli(
  args: string[],
  opts: {
    env?: Record<string, string>;
    input?: string;
    databaseUrl?: string;
    /** Close our end of stdout after this many bytes, as `| head -c N` does. */
    closeStdoutAfter?: number;
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TZ: process.env.TZ ?? '',
      LOG_LEVEL: 'warn',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    };
    const child = spawn(process.execPath, [...COMMAND, ...args], {
      cwd: ROOT,
      env,
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
    child.on('close', (code) =>
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        json() {
          return JSON.parse(stdout);
        },
      }),
    );
    child.stdin.end(opts.input ?? '');
  });
}
