// A tenant as the public directory shows it: contact and profile fields, no plan or internals.
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializeProvider(row: Record<string, any>) {
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

export type ProviderView = ReturnType<typeof serializeProvider>;

const nullableStr = { type: 'string', nullable: true };

export const PROVIDER_JSON = {
  type: 'object',
  required: ['id', 'name', 'slug', 'business_type'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    slug: { type: 'string' },
    business_type: {
      type: 'string',
      enum: ['clinic', 'groomer', 'breeder', 'trainer', 'pharmacy', 'retail'],
    },
    email: { type: 'string', format: 'email' },
    phone: nullableStr,
    address: nullableStr,
    description: nullableStr,
    city: nullableStr,
    latitude: { type: 'number', nullable: true },
    longitude: { type: 'number', nullable: true },
    distance_km: {
      type: 'number',
      nullable: true,
      description: 'great-circle distance from the query point (km, 2 decimals); null without geo parameters',
    },
  },
};
