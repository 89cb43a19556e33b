// Great-circle distance for the provider directory. SQL narrows the rows with a bounding box (plain
// comparisons, the same on MySQL and SQLite, which has no trigonometry built in everywhere); the
// exact haversine distance is then computed here.

export const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface Box {
  minLat: number;
  maxLat: number;
  /** Null when the circle reaches a pole or crosses the antimeridian: no longitude filter then. */
  lon: { min: number; max: number } | null;
}

/** A box that contains every point within `radiusKm` of the centre (a superset, never less). */
export function boundingBox(lat: number, lon: number, radiusKm: number): Box {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (minLat <= -90 || maxLat >= 90)
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lon: null };
  // The widest longitude span is at the latitude farthest from the equator inside the box.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLon = dLat / Math.cos(rad(widest));
  if (lon - dLon < -180 || lon + dLon > 180) return { minLat, maxLat, lon: null };
  return { minLat, maxLat, lon: { min: lon - dLon, max: lon + dLon } };
}
