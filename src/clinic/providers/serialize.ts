// A tenant as the public directory shows it: contact and profile fields, no plan or internals.
import { Nullable, Num, Obj, type Shape } from '../../core/shape.js';
import { PageOf } from '../pagination.js';
import { contactAndProfile, TenantContact, TenantProfile } from '../tenants/serialize.js';

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

export function serializeProvider(row: Record<string, any>): ProviderView {
  return {
    ...contactAndProfile(row),
    distance_km: row.distance_km === undefined ? null : Math.round(row.distance_km * 100) / 100,
  };
}
