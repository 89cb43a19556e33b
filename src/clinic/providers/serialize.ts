// A tenant as the public directory shows it: contact and profile fields, no plan or internals.
import { Nullable, Num, Obj, type Shape } from '../../core/shape.js';
import { PageOf } from '../pagination.js';
import { TenantContact, TenantProfile } from '../tenants/serialize.js';

export const Provider = Obj({
  ...TenantContact.properties,
  ...TenantProfile.properties,
  distance_km: Nullable(
    Num({
      minimum: 0,
      description: 'great-circle distance from the query point (km, 2 decimals); null without geo parameters',
    }),
  ),
});
export type ProviderView = Shape<typeof Provider>;

export const ProviderPage = PageOf(Provider);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializeProvider(row: Record<string, any>): ProviderView {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    business_type: row.business_type,
    email: row.email,
    phone: row.phone ?? null,
    address: row.address ?? null,
    description: row.description ?? null,
    city: row.city ?? null,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    distance_km: row.distance_km === undefined ? null : Math.round(row.distance_km * 100) / 100,
  };
}
