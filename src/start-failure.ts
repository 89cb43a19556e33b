// Why `wfctl serve` could not start, as one sentence (printed by the CLI without a stack trace, exit
// 1). The daemon closes whatever it had already opened before throwing one of these, so a failed
// start never leaves a half-up process answering on one port.
import { AppError } from './core/errors.js';

export class StartFailed extends AppError {
  constructor(message: string, cause: unknown) {
    super(500, message, { code: 'START_FAILED' });
    this.cause = cause;
  }
}

const CONTRACT = {
  workforce: 'workforce contract',
  clinic: 'clinic contract',
  metrics: 'Prometheus metrics',
} as const;
const PORT_VARIABLE = {
  workforce: 'WORKFORCE_PORT',
  clinic: 'CLINIC_PORT',
  metrics: 'METRICS_PORT',
} as const;

/** A listener that could not bind: which address, for which contract, and what to change. */
export function listenFailed(
  err: unknown,
  listener: 'workforce' | 'clinic' | 'metrics',
  host: string,
  port: number,
): StartFailed {
  const code = (err as { code?: string } | null)?.code;
  const variable = PORT_VARIABLE[listener];
  const why =
    code === 'EADDRINUSE'
      ? `the port is already in use (set ${variable})`
      : code === 'EACCES'
        ? `permission denied (ports below 1024 need privileges; set ${variable})`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `the address is not one of this machine’s (set ${listener === 'metrics' ? 'METRICS_HOST' : 'HOST'})`
          : `${code ?? (err as Error)?.message ?? String(err)}`;
  const what = listener === 'metrics' ? CONTRACT[listener] : `the ${CONTRACT[listener]}`;
  return new StartFailed(`cannot listen on ${host}:${port} for ${what}: ${why}`, err);
}

/** A background task (the scheduler, the job worker) whose start threw. */
export function taskFailed(err: unknown, task: string): StartFailed {
  const reason = err instanceof Error ? err.message : String(err);
  return new StartFailed(`the ${task} could not start: ${reason}`, err);
}
