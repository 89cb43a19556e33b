// PATCH /tenant/{tenant}/profile and `wfctl tenant profile`: the tenant's directory profile
// (description, city, address, phone, coordinates), what GET /providers shows and searches. Only a
// tenant_admin (profile.manage) changes it: it is the clinic's public face. Fields left out are kept;
// null (or '') clears one; the two coordinates are given together or not at all. The route names
// the tenant by its path; the CLI by slug or id (TENANT), resolved by tenant-scope.ts.
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { updateProfileSchema } from '../schemas.js';
import { serializeTenant, type TenantView } from '../serialize.js';

export const updateProfileInput = tenantScoped(updateProfileSchema);

export const updateTenantProfile = defineWrite('tenant.update-profile', 'profile.manage', {
  summary: 'Set the tenant’s directory profile: description, city, address, phone, coordinates',
  input: updateProfileInput,
  async run(ctx: ClinicRun, input): Promise<TenantView> {
    const { tenant_id: _id, tenant: _name, ...fields } = input;
    const tenantId = await tenantScope(ctx, input);
    const tenant = await lockForUpdate(ctx.db('tenants').where('id', tenantId), ctx.db).first();
    if (!tenant) throw new NotFoundError('Tenant not found.');
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length) {
      await ctx
        .db('tenants')
        .where('id', tenantId)
        .update({ ...changes, updated_at: toDbTime(ctx.services.clock.now()) });
      ctx.audit({
        scopeId: tenantId,
        action: 'tenant.profile_updated',
        subjectType: 'tenant',
        subjectId: tenantId,
        details: { fields: Object.keys(changes) },
      });
    }
    return serializeTenant(await ctx.db('tenants').where('id', tenantId).first());
  },
});
