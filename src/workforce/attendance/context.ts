// What every attendance operation is given: the services and the acting user (an HTTP caller, a
// CLI `--actor`, or the system user for scheduled work).
import type { Services } from '../../core/services.js';
import type { UserPrincipal } from '../identity/principal.js';

export interface OperationContext {
  services: Services;
  actor: UserPrincipal;
}

export interface OperationOptions {
  /** Run the same code and roll back: the result is exactly what would have happened. */
  dryRun?: boolean;
}
