// The liveness and clock checks of the workforce listener: public reads, the ping needing no database.
import { defineOperation } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { pingDb } from '../../../db/knex.js';
import type { WorkforceRun } from '../../context.js';

export const checkHealth = defineOperation({
  name: 'system.health',
  summary: 'Liveness: 200 with body "healthy" while the database answers, 503 "unhealthy" otherwise',
  input: yup.object({}),
  permission: 'public',
  kind: 'read',
  async run(ctx: WorkforceRun): Promise<{ healthy: boolean }> {
    return { healthy: await pingDb(ctx.db) };
  },
});

export const ping = defineOperation({
  name: 'system.ping',
  summary: "The server's current time",
  input: yup.object({}),
  permission: 'public',
  kind: 'read',
  async run(ctx: WorkforceRun): Promise<{ now: string }> {
    return { now: ctx.services.clock.now().toISOString() };
  },
});
