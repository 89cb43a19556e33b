// Request schemas of the health journal (owner and clinic routes share the body).
import { instantRangeTest, isoDate, isRealInstant, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const APPETITES = ['normal', 'reduced', 'none', 'increased'] as const;
export const ENERGY_LEVELS = ['normal', 'low', 'lethargic', 'hyperactive'] as const;
export const STOOL_QUALITIES = ['normal', 'soft', 'diarrhea', 'constipated', 'bloody'] as const;

/** The contract's Limits: weight_kg at most 9999.99, water_intake_ml_per_kg 0 to 500. */
export const HEALTH_LOG_LIMITS = { weightKgMax: 9999.99, waterMlPerKg: { min: 0, max: 500 } } as const;

/** The fields that carry an observation; an entry must hold at least one. */
export const VALUE_FIELDS = [
  'weight_kg',
  'appetite',
  'energy_level',
  'stool_quality',
  'water_intake_ml_per_kg',
  'symptoms',
  'notes',
] as const;

const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** ISO-8601 date-time; without an offset it is read as UTC. Null when not a real instant. */
export function parseInstant(value: string): Date | null {
  const m = INSTANT.exec(value.trim());
  if (!m) return null;
  const zone = m[5] ?? 'Z';
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const iso = `${m[1]}T${m[2]}${m[3] ?? ':00'}${offset}`;
  return isRealInstant(iso) ? new Date(iso) : null;
}

const nullableEnum = (values: readonly string[]) =>
  yup
    .string()
    .nullable()
    .oneOf([...values, null]);

export const healthLogSchema = yup
  .object({
    logged_at: yup
      .string()
      .nullable()
      .test(
        'instant',
        ({ path }) => `The ${path} field must be an ISO-8601 date-time (e.g. 2026-01-15T10:00:00Z).`,
        (v) => v == null || parseInstant(v) !== null,
      )
      .test(instantRangeTest(parseInstant)),
    weight_kg: yup
      .number()
      .nullable()
      .moreThan(0)
      .max(HEALTH_LOG_LIMITS.weightKgMax)
      .test(
        'two-decimals',
        ({ path }) => `The ${path} field must have at most 2 decimal places.`,
        (v) => v == null || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      ),
    appetite: nullableEnum(APPETITES),
    energy_level: nullableEnum(ENERGY_LEVELS),
    stool_quality: nullableEnum(STOOL_QUALITIES),
    water_intake_ml_per_kg: yup
      .number()
      .nullable()
      .integer()
      .min(HEALTH_LOG_LIMITS.waterMlPerKg.min)
      .max(HEALTH_LOG_LIMITS.waterMlPerKg.max),
    symptoms: yup.array(yup.string().trim().min(1).max(120).required()).nullable().max(30),
    notes: optionalText(2000),
  })
  .test(
    'at-least-one-value',
    `At least one of ${VALUE_FIELDS.join(', ')} must be present.`,
    (v) =>
      v == null ||
      VALUE_FIELDS.some((f) => {
        const value = (v as Record<string, unknown>)[f];
        return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
      }),
  );
export type HealthLogInput = yup.InferType<typeof healthLogSchema>;

export const healthLogListQuery = yup.object({
  since: isoDate().optional(),
  page: pageField(),
});
