// The health log resource.
import { DateTime, Enum, Int, List, Nullable, Num, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

import { PageOf } from '../pagination.js';
import { APPETITES, ENERGY_LEVELS, HEALTH_LOG_LIMITS, STOOL_QUALITIES } from './schemas.js';

export const HealthLog = Obj({
  id: Int(),
  pet_id: Int(),
  logged_at: DateTime(),
  weight_kg: Nullable(Num({ minimum: 0, maximum: HEALTH_LOG_LIMITS.weightKgMax })),
  appetite: Nullable(Enum(APPETITES)),
  energy_level: Nullable(Enum(ENERGY_LEVELS)),
  stool_quality: Nullable(Enum(STOOL_QUALITIES)),
  water_intake_ml_per_kg: Nullable(
    Int({ minimum: HEALTH_LOG_LIMITS.waterMlPerKg.min, maximum: HEALTH_LOG_LIMITS.waterMlPerKg.max }),
  ),
  symptoms: List(Str()),
  notes: Nullable(Str()),
  logged_by_user_id: Int(),
  source: Enum(['owner', 'clinic'] as const, { description: 'clinic: written under /tenant/{tenant}' }),
  tenant_id: Nullable(Int({ description: 'the clinic that wrote a clinic entry' })),
  created_at: DateTime(),
});
export type HealthLogView = Shape<typeof HealthLog>;

export const HealthLogPage = PageOf(HealthLog);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializeHealthLog(row: Record<string, any>): HealthLogView {
  return fromRow(HealthLog, row, {
    weight_kg: num(row.weight_kg),
    water_intake_ml_per_kg: num(row.water_intake_ml_per_kg),
    symptoms: row.symptoms ? (JSON.parse(row.symptoms) as string[]) : [],
    tenant_id: num(row.tenant_id),
  });
}
