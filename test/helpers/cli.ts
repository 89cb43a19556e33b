// Runs the real `wfctl` program in a child process (as cron or a person would), against a test database.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json<T = any>(): T;
}

export function runCli(
  args: string[],
  opts: { env?: Record<string, string>; input?: string; databaseUrl?: string } = {},
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
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
      cwd: ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
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
