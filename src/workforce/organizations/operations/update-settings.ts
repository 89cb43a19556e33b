// organization.update-settings: the per-organization switches an org_admin may turn, today only
// require_device_for_punches (whether an employee's own punches need an approved device). Audited
// with the value before and after; setting a value it already has changes nothing.
import { NotFoundError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { bool, type WorkforceRun } from '../../context.js';
import { serializeOrganization, type OrganizationView } from '../serialize.js';

export const organizationSettingsInput = yup.object({
  organization_id: idNumber().required(),
  require_device_for_punches: yup.boolean().strict().required(),
});

export interface OrganizationSettingsResult {
  changed: boolean;
  organization: OrganizationView;
}

export const updateOrganizationSettings = defineOperation({
  name: 'organization.update-settings',
  summary: 'Change an organization’s settings (require_device_for_punches)',
  input: organizationSettingsInput,
  permission: 'organization.update',
  async run(ctx: WorkforceRun, input): Promise<OrganizationSettingsResult> {
    const trx = ctx.db;
    const org = await lockForUpdate(trx('organizations').where('id', input.organization_id).first(), trx);
    if (!org) throw new NotFoundError('Organization not found.');
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
