// A Client row as its owner sees it: the link to a tenant, with that tenant's contact details.
import { DateTime, Int, Obj, type Shape } from '../../core/shape.js';
import { iso } from '../../db/time.js';
import { ClientOfTenant } from '../clients/serialize.js';
import { User } from '../identity/serialize.js';
import { PageOf } from '../pagination.js';
import { TenantContact, tenantContact } from '../tenants/serialize.js';

export const OwnerClient = Obj({
  ...ClientOfTenant.properties,
  id: Int({ description: 'client_id' }),
  owner_user_id: Int({ description: 'the caller' }),
  tenant: TenantContact,
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type OwnerClientView = Shape<typeof OwnerClient>;

export const OwnerClientPage = PageOf(OwnerClient);

/** POST /auth/owner/register: the new account and its Client row at the tenant. */
export const OwnerRegistration = Obj({ user: User, client_id: Int() });

export function serializeOwnerClient(row: Record<string, any>): OwnerClientView {
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    owner_user_id: Number(row.owner_user_id),
    name: row.name,
    email: row.email ?? null,
    phone: row.phone ?? null,
    tenant: tenantContact(row.tenant_id, row),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
