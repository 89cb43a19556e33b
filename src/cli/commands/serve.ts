// `wfctl serve`: both listeners, the scheduler and the worker, in one process.
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { loadConfig } from '../../config.js';
import { UsageError } from '../../core/errors.js';
import { startDaemon, type Daemon, type ListenerName } from '../../daemon.js';
import { say } from '../io.js';
import { describeDatabase } from '../services.js';

/** The shell's codes for a process ended by SIGINT and SIGTERM (128 + the signal's number). */
const EXIT_INTERRUPTED = 130;
const EXIT_TERMINATED = 143;

export function register(program: Command): void {
  program
    .command('serve')
    .description('Serve the workforce (WORKFORCE_PORT) and clinic (CLINIC_PORT) contracts under /api/v1')
    .option('--only <listener>', 'serve one contract only: workforce or clinic')
    .option('--migrate', 'apply pending migrations first (always done for the embedded SQLite database)')
    .addHelpText(
      'after',
      examplesText([
        'wfctl serve',
        'wfctl serve --only clinic --migrate',
        'DATABASE_URL=mysql://root@127.0.0.1:3306/wfctl LOG_FORMAT=json wfctl serve',
      ]),
    )
    .action(async (opts: { only?: string; migrate?: boolean }) => {
      if (opts.only && opts.only !== 'workforce' && opts.only !== 'clinic') {
        throw new UsageError(`--only must be workforce or clinic (got "${opts.only}").`);
      }
      const config = loadConfig();
      for (const line of config.deprecations) say(`wfctl: ${line}`);
      const daemon = await startDaemon({
        config,
        only: opts.only as ListenerName | undefined,
        migrate: opts.migrate,
      });
      // The signal handlers go in before the daemon says it is ready: a supervisor that stops it as
      // soon as it reads the line must find a drain, not Node's default (killed by the signal).
      const stopped = untilStopped(daemon, config.shutdownGraceMs);
      for (const [name, listener] of Object.entries(daemon.listeners)) {
        const what = name === 'workforce' ? 'workforce contract' : 'clinic contract';
        say(`wfctl: ${what} on ${listener!.url}/api/v1 (OpenAPI ${listener!.url}/docs/openapi.json)`);
        daemon.services.logger.info('listening', { listener: name, url: listener!.url });
      }
      say(`wfctl: database ${describeDatabase(config)}; press Ctrl-C to stop`);
      await stopped;
      say('wfctl: stopped');
    });
}

/**
 * The first SIGTERM or SIGINT drains (Daemon.stop); a second one, from an operator or an
 * orchestrator that will not wait, exits at once with the shell's code for the signal.
 */
function untilStopped(daemon: Daemon, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let draining = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (draining) {
        daemon.services.logger.warn('stopped at once: a second signal', { signal });
        process.exit(signal === 'SIGINT' ? EXIT_INTERRUPTED : EXIT_TERMINATED);
      }
      draining = true;
      say(`wfctl: ${signal}: draining (up to ${graceMs / 1000} s; send it again to stop at once)`);
      daemon.services.logger.info('shutting down', { signal, grace_ms: graceMs });
      daemon.stop().then(resolve, (err: unknown) => {
        daemon.services.logger.error('shutdown failed', { error: err as Error });
        resolve();
      });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
