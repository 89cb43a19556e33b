// The liveness, readiness and clock checks of the workforce listener: public reads. Liveness and
// the ping need no database: an orchestrator that restarted every daemon whenever the database
// blipped would turn a blip into an outage; readiness is what asks the database.
import { defineRead } from '../../../core/operation.js';
import { checkReadiness, type Readiness } from '../../../core/readiness.js';
import { DateTime, Obj, type Shape } from '../../../core/shape.js';
import { yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';

export const checkHealth = defineRead('system.health', 'public', {
  summary:
    'Liveness: 200 with body "healthy" while the process serves, 503 "draining" once it is shutting down',
  input: yup.object({}),
  async run(ctx: WorkforceRun): Promise<{ draining: boolean }> {
    return { draining: ctx.services.drain?.draining ?? false };
  },
});

export const checkReady = defineRead('system.ready', 'public', {
  summary: 'Readiness: 200 while every check passes (database, not draining), 503 naming the failing check',
  input: yup.object({}),
  async run(ctx: WorkforceRun): Promise<Readiness> {
    return checkReadiness(ctx.services);
  },
});

/** GET /ping: the contract's object with now (ISO-8601 UTC). */
export const Clock = Obj({ now: DateTime({ description: 'ISO-8601 UTC' }) });

export const ping = defineRead('system.ping', 'public', {
  summary: "The server's current time",
  input: yup.object({}),
  async run(ctx: WorkforceRun): Promise<Shape<typeof Clock>> {
    return { now: ctx.services.clock.now().toISOString() };
  },
});
