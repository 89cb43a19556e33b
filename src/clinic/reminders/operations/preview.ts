// reminder.preview: what reminder.send would queue for a tenant on a day of its wall clock, from
// the same plan and the same composition, with nothing written (`wfctl clinic reminders preview`).
// The tenant is named by id or, as the command's --tenant does, by slug: resolved by tenant-scope.ts.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { composeMessages, withoutBodies } from '../compose.js';
import { loadReminders, planReminders } from '../queries.js';
import { previewSchema } from '../schemas.js';
import type { ReminderRun } from '../serialize.js';
import { optOutKey } from '../token.js';

export const previewReminders = defineRead('reminder.preview', 'profile.manage', {
  summary: 'What the vaccination reminders of a tenant would send on a day; nothing is written',
  input: tenantScoped(previewSchema),
  async run(ctx: ClinicRun, input): Promise<ReminderRun> {
    const tenant = await loadReminders(ctx.db, await tenantScope(ctx, input));
    if (!tenant) throw new NotFoundError('Tenant not found.');
    const plan = await planReminders(ctx.db, tenant, input.date);
    const key = await optOutKey(ctx.services);
    const messages = composeMessages(tenant, plan, key, ctx.services.config.clinic.publicUrl);
    return {
      tenant_id: tenant.tenant_id,
      date: input.date,
      enabled: tenant.enabled,
      messages: messages.map(withoutBodies),
    };
  },
});
