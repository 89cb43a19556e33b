// The one context of the workforce operations: the services, who acts, and the workforce policy.
// HTTP passes the token's principal; the CLI passes `--actor EMAIL` (default: the built-in system
// user); a partner pull passes the partner.
import type { OperationContext, RunContext } from '../core/operation.js';
import type { Services } from '../core/services.js';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';
import type { PartnerPrincipal, UserPrincipal } from './identity/principal.js';
import { workforcePolicy } from './policy.js';

export type WorkforceActor = UserPrincipal | PartnerPrincipal | { kind: 'anonymous' };

export type WorkforceContext = OperationContext<WorkforceActor>;
/** What a workforce operation's run() receives. */
export type WorkforceRun = RunContext<WorkforceActor>;

export const ANONYMOUS: WorkforceActor = Object.freeze({ kind: 'anonymous' as const });

export function workforceContext(services: Services, actor: WorkforceActor = ANONYMOUS): WorkforceContext {
  return { services, actor, policy: workforcePolicy };
}

/** The acting user; the policy has already refused anyone else for user operations. */
export function actingUser(ctx: { actor: WorkforceActor }): UserPrincipal {
  if (ctx.actor.kind === 'user') return ctx.actor;
  if (ctx.actor.kind === 'anonymous') throw new UnauthorizedError();
  throw new ForbiddenError('A partner token cannot do this.');
}

/** The acting partner (pull operations). */
export function actingPartner(ctx: { actor: WorkforceActor }): PartnerPrincipal {
  if (ctx.actor.kind === 'partner') return ctx.actor;
  throw new ForbiddenError('Only a partner token can do this.');
}

/** 1/0 from either driver, or a boolean, as a boolean. */
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';

/** Splits a list into chunks, so `where in (…)` and multi-row inserts stay within driver limits. */
export function chunks<T>(list: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
