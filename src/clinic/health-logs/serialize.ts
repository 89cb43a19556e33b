// The health log resource and its JSON Schema.
import { isoOrNull } from '../../db/time.js';
import { APPETITES, ENERGY_LEVELS, STOOL_QUALITIES } from './schemas.js';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializeHealthLog(row: Record<string, any>) {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    logged_at: isoOrNull(row.logged_at),
    weight_kg: num(row.weight_kg),
    appetite: row.appetite ?? null,
    energy_level: row.energy_level ?? null,
    stool_quality: row.stool_quality ?? null,
    water_intake_ml_per_kg: num(row.water_intake_ml_per_kg),
    symptoms: row.symptoms ? (JSON.parse(row.symptoms) as string[]) : [],
    notes: row.notes ?? null,
    logged_by_user_id: Number(row.logged_by_user_id),
    source: row.source,
    tenant_id: num(row.tenant_id),
    created_at: isoOrNull(row.created_at),
  };
}

export type HealthLogView = ReturnType<typeof serializeHealthLog>;

const nullableEnum = (values: readonly string[]) => ({ type: 'string', enum: values, nullable: true });

export const HEALTH_LOG_JSON = {
  type: 'object',
  required: ['id', 'pet_id', 'logged_at', 'logged_by_user_id', 'source'],
  properties: {
    id: { type: 'integer' },
    pet_id: { type: 'integer' },
    logged_at: { type: 'string', format: 'date-time' },
    weight_kg: { type: 'number', nullable: true, maximum: 9999.99 },
    appetite: nullableEnum(APPETITES),
    energy_level: nullableEnum(ENERGY_LEVELS),
    stool_quality: nullableEnum(STOOL_QUALITIES),
    water_intake_ml_per_kg: { type: 'integer', nullable: true, minimum: 0, maximum: 500 },
    symptoms: { type: 'array', items: { type: 'string' } },
    notes: { type: 'string', nullable: true },
    logged_by_user_id: { type: 'integer' },
    source: { type: 'string', enum: ['owner', 'clinic'] },
    tenant_id: { type: 'integer', nullable: true, description: 'the clinic that wrote a clinic entry' },
    created_at: { type: 'string', format: 'date-time' },
  },
};
