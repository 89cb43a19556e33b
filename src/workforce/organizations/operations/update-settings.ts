// organization.update-settings: the per-organization switches an org_admin may turn, today only
// require_device_for_punches (whether an employee's own punches need an approved device). Audited
// with the value before and after; setting a value it already has changes nothing.
import { defineWrite } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { bool, type WorkforceRun } from '../../context.js';
import { organizationName, organizationRef } from '../../refs.js';
import { serializeOrganization, type OrganizationView } from '../serialize.js';

export const organizationSettingsInput = yup.object({
  organization: organizationName().required(),
  require_device_for_punches: yup
    .boolean()
    .strict()
    .required()
    .meta({ description: "true or false: an employee's own punches need an approved device" }),
});

export interface OrganizationSettingsResult {
  changed: boolean;
  organization: OrganizationView;
}

export const updateOrganizationSettings = defineWrite('organization.update-settings', 'organization.update', {
  summary: 'Change an organization’s settings (require_device_for_punches)',
  input: organizationSettingsInput,
  async run(ctx: WorkforceRun, input): Promise<OrganizationSettingsResult> {
    const trx = ctx.db;
    const { id } = await organizationRef(trx, input.organization);
    const org = await lockForUpdate(trx('organizations').where('id', id).first(), trx);
    await ctx.authorize(Number(org.id), 'Organization');
    const before = bool(org.require_device_for_punches);
    const after = input.require_device_for_punches;
    if (before !== after) {
      await trx('organizations')
        .where('id', org.id)
        .update({ require_device_for_punches: after, updated_at: toDbTime(ctx.services.clock.now()) });
      ctx.audit({
        action: 'organization.settings_changed',
        subjectType: 'organization',
        subjectId: Number(org.id),
        scopeId: Number(org.id),
        details: {
          before: { require_device_for_punches: before },
          after: { require_device_for_punches: after },
        },
      });
    }
    return {
      changed: before !== after,
      organization: serializeOrganization(await trx('organizations').where('id', org.id).first()),
    };
  },
});
