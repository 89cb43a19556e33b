// POST /tenants and `wfctl tenant create`: a tenant and its first user, who is its tenant_admin.
// slug and email are unique among tenants, owner_email among all clinic users; a duplicate is a
// 422 naming the field, also when two sign-ups race for the same value.
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { hashPassword } from '../../../core/passwords.js';
import { loadUserRecord } from '../../identity/queries.js';
import { serializeUser, type UserView } from '../../identity/serialize.js';
import { assertUnique, onUniqueViolation, type UniqueCheck } from '../../uniqueness.js';
import { createTenantSchema, type CreateTenantInput } from '../schemas.js';
import { serializeTenant, type TenantView } from '../serialize.js';
import { createCounters } from '../../counters.js';

export interface CreatedTenant {
  tenant: TenantView;
  user: UserView;
}

/** The unique rules of a sign-up; a value that is missing (not valid yet) is not checked. */
export function tenantUniqueChecks(
  input: Partial<Pick<CreateTenantInput, 'slug' | 'email' | 'owner_email'>>,
): UniqueCheck[] {
  return [
    { field: 'slug', table: 'tenants', where: { slug: input.slug } },
    { field: 'email', table: 'tenants', where: { email: input.email } },
    { field: 'owner_email', table: 'clinic_users', where: { email: input.owner_email } },
  ];
}

export const createTenant = defineWrite('tenant.create', 'public', {
  summary: 'Sign up a tenant with its first user, who becomes its tenant_admin',
  input: createTenantSchema,
  async run(ctx: ClinicRun, input): Promise<CreatedTenant> {
    const { db } = ctx;
    const checks = tenantUniqueChecks(input);
    await assertUnique(db, checks); // before bcrypt: a duplicate costs no hashing
    const passwordHash = await hashPassword(input.password, ctx.services.config.passwordHashCost);

    const ids = await onUniqueViolation(db, checks, async (trx) => {
      const now = toDbTime(ctx.services.clock.now());
      const [tenantId] = await trx('tenants').insert({
        name: input.name,
        slug: input.slug,
        email: input.email,
        phone: input.phone ?? null,
        address: input.address ?? null,
        description: input.description ?? null,
        city: input.city ?? null,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        subscription_plan: input.subscription_plan,
        business_type: input.business_type,
        timezone: input.timezone,
        created_at: now,
        updated_at: now,
      });
      const [userId] = await trx('clinic_users').insert({
        name: input.owner_name,
        email: input.owner_email,
        password_hash: passwordHash,
        current_tenant_id: tenantId,
        created_at: now,
        updated_at: now,
      });
      await trx('tenant_memberships').insert({
        tenant_id: tenantId,
        user_id: userId,
        role: 'tenant_admin',
        created_at: now,
      });
      await createCounters(trx, Number(tenantId));
      return { tenantId: Number(tenantId), userId: Number(userId) };
    });
    ctx.audit({
      scopeId: ids.tenantId,
      action: 'tenant.created',
      subjectType: 'tenant',
      subjectId: ids.tenantId,
      details: { slug: input.slug, admin_user_id: ids.userId },
    });
    return {
      tenant: serializeTenant(await db('tenants').where('id', ids.tenantId).first()),
      user: serializeUser(await loadUserRecord(db, ids.userId)),
    };
  },
});
