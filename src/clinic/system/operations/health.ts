// GET /system/health: the clinic listener's health, "ok" while the database answers.
import { defineRead } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { pingDb } from '../../../db/knex.js';
import type { ClinicRun } from '../../context.js';

export interface Health {
  service: 'clinic';
  status: 'ok' | 'degraded';
  env: string;
  clients: string[];
}

export const checkHealth = defineRead('system.health', 'public', {
  summary: 'Service health: status "ok" while the database answers, "degraded" (503) otherwise',
  input: yup.object({}),
  async run(ctx: ClinicRun): Promise<Health> {
    const ok = await pingDb(ctx.db);
    return {
      service: 'clinic',
      status: ok ? 'ok' : 'degraded',
      env: ctx.services.config.env,
      clients: ctx.services.config.clinic.clients,
    };
  },
});
