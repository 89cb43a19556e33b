// The tenant a tenant-scoped operation acts in: tenant_id, as the routes pass it (the path's tenant,
// whose membership the access checked), or `tenant`, the CLI's name for it (`--tenant happy-paws`,
// a slug or an id), resolved here, inside the operation, through refs.ts: an unknown name is the
// refs' one 404 naming the field. The routes never pass `tenant` (a body's or query's unknown field
// is stripped). Then the operation's permission is checked on the tenant.
import type { Knex } from 'knex';
import { ValidationError } from '../core/errors.js';
import { byName, idNumber, yup } from '../core/validation.js';
import type { ClinicRun } from './context.js';
import { tenantRef } from './refs.js';

/** The input fields naming the tenant: one of the two is given. */
const tenantScopeFields = yup.object({
  tenant_id: idNumber(),
  tenant: byName(yup.string().trim().max(64).meta({ description: 'tenant id or slug' })),
});

/** What a scoped input holds: the schema's own fields, and the tenant's. */
type Scoped<S extends yup.AnyObjectSchema> = yup.ObjectSchema<
  yup.InferType<S> & { tenant_id?: number; tenant?: string }
>;

/**
 * `schema` with the tenant's fields, listed first (yup's concat puts the added fields before the
 * schema's own), so a command shows --tenant first, as every record command does.
 */
export const tenantScoped = <S extends yup.AnyObjectSchema>(schema: S): Scoped<S> =>
  schema.concat(tenantScopeFields) as unknown as Scoped<S>;

/** The tenant the input names, by id or by name, if it names one; no permission is checked here. */
export async function namedTenantId(
  db: Knex,
  input: { tenant_id?: number; tenant?: string },
): Promise<number | undefined> {
  return input.tenant !== undefined ? (await tenantRef(db, input.tenant, 'tenant')).id : input.tenant_id;
}

export async function tenantScope(
  ctx: ClinicRun,
  input: { tenant_id?: number; tenant?: string },
): Promise<number> {
  const tenantId = await namedTenantId(ctx.db, input);
  if (tenantId === undefined) throw ValidationError.field('tenant_id', 'The tenant_id field is required.');
  await ctx.authorize(tenantId, 'Tenant');
  return tenantId;
}
