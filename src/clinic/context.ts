// The one context of the clinic operations: the services, who acts, and the clinic policy.
// HTTP passes the bearer token's user (with the membership its access hook already read); the CLI
// passes `--actor EMAIL` (a clinic account, checked like HTTP) or, without it, the operator on the
// machine, who may do what any tenant_admin may in every tenant; seeds act as the operator.
import type { OperationContext, RunContext } from '../core/operation.js';
import type { Services } from '../core/services.js';
import { clinicPolicy } from './policy.js';

export type ClinicActor =
  | {
      kind: 'user';
      userId: number;
      via: 'http' | 'cli';
      /** Roles by tenant id already read by the caller (HTTP's tenant access); others are looked up. */
      roles?: Record<number, string>;
    }
  // The scheduler acts as the operator (via 'scheduler'): the clinic's built-in system actor.
  | { kind: 'operator'; userId: null; via: 'cli' | 'seed' | 'scheduler' }
  | { kind: 'anonymous'; userId: null; via: 'http' };

export type ClinicContext = OperationContext<ClinicActor>;
/** What a clinic operation's run() receives. */
export type ClinicRun = RunContext<ClinicActor>;

export function clinicContext(services: Services, actor: ClinicActor): ClinicContext {
  return { services, actor, policy: clinicPolicy };
}

/** An HTTP caller: a signed-in user (roles: what the tenant access hook found), or nobody. */
export function httpContext(
  services: Services,
  userId: number | null,
  roles?: Record<number, string>,
): ClinicContext {
  return clinicContext(
    services,
    userId === null
      ? { kind: 'anonymous', userId: null, via: 'http' }
      : { kind: 'user', userId, via: 'http', roles },
  );
}

/** The operator on the machine (CLI without --actor, seeds). */
export function operatorContext(services: Services, via: 'cli' | 'seed' = 'cli'): ClinicContext {
  return clinicContext(services, { kind: 'operator', userId: null, via });
}

/** The daemon's scheduler, running a scheduled operation (vaccination reminders) by itself. */
export function systemContext(services: Services): ClinicContext {
  return clinicContext(services, { kind: 'operator', userId: null, via: 'scheduler' });
}
