// What every clinic operation receives: the services (db, clock, config, logger) and who acts.
import type { Services } from '../core/services.js';

export interface ClinicActor {
  /** The clinic user behind the request; null for the CLI and seeds (an operator on the machine). */
  userId: number | null;
  via: 'http' | 'cli' | 'seed';
}

export interface ClinicContext {
  services: Services;
  actor: ClinicActor;
}

export function httpContext(services: Services, userId: number | null): ClinicContext {
  return { services, actor: { userId, via: 'http' } };
}

export function operatorContext(services: Services, via: 'cli' | 'seed' = 'cli'): ClinicContext {
  return { services, actor: { userId: null, via } };
}
