// A Client (a pet owner the tenant knows) as the clinic side sees it, and the slices of it that
// other resources carry: ClientRef on an appointment or invoice, ClientOfTenant on a pet.
import { DateTime, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

import { PageOf } from '../pagination.js';

export const ClientRef = Obj({
  id: Int(),
  owner_user_id: Nullable(Int({ description: 'the owner’s account, when they have one' })),
  name: Str(),
  email: Nullable(Str()),
  phone: Nullable(Str()),
});

export const ClientOfTenant = Obj({ ...ClientRef.properties, tenant_id: Int() });

export const Client = Obj({
  ...ClientOfTenant.properties,
  pets_count: Int({ minimum: 0 }),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type ClientView = Shape<typeof Client>;

export const ClientPage = PageOf(Client);

export function serializeClient(row: Record<string, any>): ClientView {
  return fromRow(Client, row, {
    pets_count: Number(row.pets_count ?? 0),
  });
}

/** A Client row joined onto another resource's row as client_* columns. */
/** ClientRef's columns from `clinic_clients as c` joined onto another resource's row. */
export const CLIENT_REF_COLUMNS = [
  'c.name as client_name',
  'c.email as client_email',
  'c.phone as client_phone',
  'c.owner_user_id as client_owner_user_id',
];

export function clientRef(row: Record<string, any>): Shape<typeof ClientRef> {
  return {
    id: Number(row.client_id),
    owner_user_id: row.client_owner_user_id == null ? null : Number(row.client_owner_user_id),
    name: row.client_name,
    email: row.client_email ?? null,
    phone: row.client_phone ?? null,
  };
}
