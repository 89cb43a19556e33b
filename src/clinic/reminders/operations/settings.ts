// The tenant's `reminders` setting: shown to any member, changed by a tenant_admin (profile.manage,
// as the profile is). GET/PATCH /tenant/{tenant}/settings/reminders and `wfctl tenant reminders`
// (which, without flags, changes nothing and shows the setting). The send hour is read on the
// tenant's own wall clock: its `timezone`, set with the profile. The routes name the tenant by their
// path; the CLI by slug or id (TENANT), resolved by tenant-scope.ts.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { loadReminders, toSettings } from '../queries.js';
import { reminderSettingsSchema } from '../schemas.js';
import { serializeSettings, type ReminderSettingsView } from '../serialize.js';

const COLUMNS = {
  enabled: 'reminders_enabled',
  days_before_due: 'reminder_days_before',
  send_hour: 'reminder_send_hour',
  sender_name: 'reminder_sender_name',
} as const;

export const showReminderSettings = defineRead('reminder-settings.show', 'tenant.member', {
  summary: 'The tenant’s vaccination reminder setting (an extension beyond the contract)',
  input: yup.object({ tenant_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<ReminderSettingsView> {
    await ctx.authorize(input.tenant_id, 'Tenant');
    const settings = await loadReminders(ctx.db, input.tenant_id);
    if (!settings) throw new NotFoundError('Tenant not found.');
    return serializeSettings(settings);
  },
});

export const updateReminderSettings = defineWrite('reminder-settings.update', 'profile.manage', {
  summary: 'Set the tenant’s vaccination reminders: on/off, days before due, send hour, sender name',
  input: tenantScoped(reminderSettingsSchema),
  async run(ctx: ClinicRun, input): Promise<ReminderSettingsView> {
    const { tenant_id: _id, tenant: _name, ...fields } = input;
    const tenantId = await tenantScope(ctx, input);
    const tenant = await lockForUpdate(ctx.db('tenants').where('id', tenantId), ctx.db).first('id');
    if (!tenant) throw new NotFoundError('Tenant not found.');
    const changes = Object.fromEntries(
      (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>)
        .filter((k) => fields[k] !== undefined)
        .map((k) => [COLUMNS[k], fields[k]]),
    );
    if (Object.keys(changes).length) {
      const now = toDbTime(ctx.services.clock.now());
      await ctx
        .db('tenants')
        .where('id', tenantId)
        .update({ ...changes, updated_at: now });
      ctx.audit({
        scopeId: tenantId,
        action: 'tenant.reminders_updated',
        subjectType: 'tenant',
        subjectId: tenantId,
        details: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      });
    }
    return serializeSettings(toSettings(await ctx.db('tenants').where('id', tenantId).first()));
  },
});
