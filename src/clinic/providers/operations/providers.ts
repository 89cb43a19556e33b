// The public provider directory: public tenants, filtered by text, business type and distance.
// `business_type=all` (the default) lists every public tenant, pharmacies and shops included (owners
// need them for order requests); the filter values are the contract's four care types.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { fetchPage, type Page } from '../../pagination.js';
import { findTenantByRef } from '../../tenants/resolve.js';
import { boundingBox, haversineKm } from '../geo.js';
import { providerListQuery, providerParams, type ProviderListQuery } from '../schemas.js';
import { serializeProvider, type ProviderView } from '../serialize.js';

/** The contract does not size this list: the clinic's default of 50 (docs/clinic.md). */
export const PROVIDERS_PER_PAGE = 50;

type Row = Record<string, any>;

/** LIKE with `!` as the escape character: `ESCAPE '!'` reads the same on MySQL and SQLite. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

function directory(db: Knex, query: ProviderListQuery) {
  const q = db('tenants').where('public', true);
  if (query.business_type !== 'all') q.where('business_type', query.business_type);
  if (query.q) {
    const pattern = likePattern(query.q);
    q.where((w) =>
      w
        .whereRaw("lower(name) like ? escape '!'", [pattern])
        .orWhereRaw("lower(coalesce(description, '')) like ? escape '!'", [pattern]),
    );
  }
  return q;
}

export const listProviders = defineRead('provider.list', 'public', {
  summary: 'The public provider directory, 50 per page',
  input: providerListQuery,
  async run(ctx: ClinicRun, query): Promise<Page<ProviderView>> {
    const page = await directoryPage(ctx.db, query);
    return { ...page, items: page.items.map(serializeProvider) };
  },
});

async function directoryPage(db: Knex, query: ProviderListQuery): Promise<Page<Row>> {
  const perPage = PROVIDERS_PER_PAGE;
  if (query.latitude == null || query.longitude == null || query.radius_km == null) {
    return fetchPage(directory(db, query).orderBy(['name', 'id']), query.page, perPage);
  }
  const { latitude: lat, longitude: lon, radius_km: radius } = query;
  const box = boundingBox(lat, lon, radius);
  const candidates = directory(db, query)
    .whereNotNull('latitude')
    .whereNotNull('longitude')
    .whereBetween('latitude', [box.minLat, box.maxLat]);
  if (box.lon) candidates.whereBetween('longitude', [box.lon.min, box.lon.max]);
  const within = (await candidates.select('id', 'latitude', 'longitude'))
    .map((r: Row) => ({
      id: Number(r.id),
      km: haversineKm(lat, lon, Number(r.latitude), Number(r.longitude)),
    }))
    .filter((r) => r.km <= radius)
    .sort((a, b) => a.km - b.km || a.id - b.id); // nearest first
  const slice = within.slice((query.page - 1) * perPage, query.page * perPage);
  const rows = slice.length
    ? await db('tenants').whereIn(
        'id',
        slice.map((r) => r.id),
      )
    : [];
  const byId = new Map(rows.map((r: Row) => [Number(r.id), r]));
  return {
    items: slice.map((r) => ({ ...byId.get(r.id), distance_km: r.km })),
    page: query.page,
    perPage,
    total: within.length,
  };
}

/** A public tenant by id or slug; unknown or not public → 404. */
export const getProvider = defineRead('provider.show', 'public', {
  summary: 'A provider’s public profile, by id or slug; unknown or unlisted → 404',
  input: providerParams,
  async run(ctx: ClinicRun, input): Promise<ProviderView> {
    const tenant = await findTenantByRef(ctx.db, input.tenant);
    if (!tenant || !tenant.public) throw new NotFoundError('Provider not found.');
    return serializeProvider(tenant);
  },
});
