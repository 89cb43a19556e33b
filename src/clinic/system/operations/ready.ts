// GET /ready on the clinic listener: the daemon's readiness (src/core/readiness.ts), the same
// checks as the workforce listener's; the contract's own /system/health is left as it is.
import { defineRead } from '../../../core/operation.js';
import { checkReadiness, type Readiness } from '../../../core/readiness.js';
import { yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';

export const checkReady = defineRead('system.ready', 'public', {
  summary: 'Readiness: 200 while every check passes (database, not draining), 503 naming the failing check',
  input: yup.object({}),
  async run(ctx: ClinicRun): Promise<Readiness> {
    return checkReadiness(ctx.services);
  },
});
