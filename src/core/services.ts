// What every operation, route and command is given: the database, the clock, the config, a logger.
// Operations get the same plus `trx` (see src/db/transaction.ts) and never read the environment or Date.now().
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Drain } from './drain.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

export interface Services {
  db: Knex;
  clock: Clock;
  config: Config;
  logger: Logger;
  /** The daemon's drain state; absent in one-shot commands, which never drain. */
  drain?: Drain;
  /** Where monitoring samples go (src/core/metrics.ts); absent: nowhere. */
  metrics?: Metrics;
}
