// A Client row as its owner sees it: the link to a tenant, with that tenant's contact details.
import { DateTime, Int, Obj, type Shape, fromRow } from '../../core/shape.js';

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
  return fromRow(OwnerClient, row, {
    tenant: tenantContact(row.tenant_id, row),
  });
}
