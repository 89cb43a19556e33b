// `wfctl serve`: both listeners, the scheduler and the worker, in one process.
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { loadConfig } from '../../config.js';
import { UsageError } from '../../core/errors.js';
import { startDaemon, type ListenerName } from '../../daemon.js';
import { say } from '../io.js';

export function registerServe(program: Command): void {
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
      const daemon = await startDaemon({
        config,
        only: opts.only as ListenerName | undefined,
        migrate: opts.migrate,
      });
      const db = config.database.client === 'sqlite' ? `SQLite ${config.database.filename}` : 'MySQL';
      for (const [name, listener] of Object.entries(daemon.listeners)) {
        const what = name === 'workforce' ? 'workforce contract' : 'clinic contract';
        say(`wfctl: ${what} on ${listener!.url}/api/v1 (OpenAPI ${listener!.url}/docs/openapi.json)`);
        daemon.services.logger.info('listening', { listener: name, url: listener!.url });
      }
      say(`wfctl: database ${db}; press Ctrl-C to stop`);
      await new Promise<void>((resolve) => {
        let signals = 0;
        const onSignal = (signal: string) => {
          signals += 1;
          if (signals > 1) process.exit(1);
          daemon.services.logger.info('shutting down', { signal });
          daemon.stop().then(resolve, resolve);
        };
        process.on('SIGTERM', () => onSignal('SIGTERM'));
        process.on('SIGINT', () => onSignal('SIGINT'));
      });
      say('wfctl: stopped');
    });
}
