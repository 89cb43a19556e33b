// Response shapes, declared once. Each resource's output is one TypeBox declaration: it is the JSON
// Schema the OpenAPI document serves (TypeBox objects are plain JSON Schema), and `Shape<typeof X>`
// is the TypeScript type its serializer returns, so the document, the type and the serializer cannot
// drift apart. Every property is required unless wrapped in `Optional`; the tests' response validator
// closes every object, so a field the serializer adds or drops fails the test that observes it.
//
// OpenAPI 3.0 has no `type: 'null'`: `Nullable` writes `nullable: true` (the dialect the documents
// are served in) and widens the static type with `| null`. Inputs stay yup schemas (src/core/validation.ts).
import {
  Type,
  type ObjectOptions,
  type Static,
  type TObject,
  type TProperties,
  type TSchema,
} from '@sinclair/typebox';
import { iso, isoOrNull } from '../db/time.js';

export type Shape<S extends TSchema> = Static<S>;

export const Optional = Type.Optional;

/** An object whose listed properties are all required (unless `Optional`). */
export const Obj = <P extends TProperties>(properties: P, options?: ObjectOptions) =>
  Type.Object(properties, options);

/** A whole number (ids, counts, minutes). */
export const Int = (options?: {
  description?: string;
  minimum?: number;
  maximum?: number;
  example?: number;
}) => Type.Integer(options);

export const Num = (options?: {
  description?: string;
  minimum?: number;
  maximum?: number;
  example?: number;
}) => Type.Number(options);

export const Str = (options?: {
  description?: string;
  format?: string;
  example?: string;
  minLength?: number;
  maxLength?: number;
}) => Type.String(options);

export const Bool = (options?: { description?: string }) => Type.Boolean(options);

/** An ISO-8601 instant with its offset (what `isoOrNull` writes). */
export const DateTime = (options?: { description?: string }) =>
  Type.String({ format: 'date-time', ...options });

/** A calendar date, YYYY-MM-DD. */
export const DateOnly = (options?: { description?: string }) => Type.String({ format: 'date', ...options });

/** One of a fixed list of strings; the static type is the union of the literals. */
export const Enum = <const V extends readonly string[]>(values: V, options?: { description?: string }) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });

/** The value, or null (OpenAPI 3.0's `nullable: true`). */
export const Nullable = <S extends TSchema>(schema: S) =>
  Type.Unsafe<Static<S> | null>({ ...schema, nullable: true });

export const List = <S extends TSchema>(items: S, options?: { description?: string }) =>
  Type.Array(items, options);

/** An object of free-form keys (a map), each value of one shape. */
export const Dict = <S extends TSchema>(values: S, options?: { description?: string }) =>
  Type.Unsafe<Record<string, Static<S>>>({ type: 'object', additionalProperties: values, ...options });

/** `{ data: X }`, the envelope of a single resource. */
export const Data = <S extends TSchema>(schema: S) => Type.Object({ data: schema });

/** A schema as the OpenAPI document carries it (TypeBox's symbol keys are not JSON and drop out). */
export function jsonSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

/** The keys of T whose values are not plain scalars (objects, lists): a serializer writes these. */
type ComposedKeys<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string | number | boolean ? never : K;
}[keyof T];

/**
 * A resource of `shape` from a database row: each scalar property the shape declares is read from
 * the row's column of the same name (integers and numbers through Number, booleans from 1/'1'/true
 * as both dialects store them, date-times as ISO-8601 UTC, strings, enums and dates as stored, and a
 * nullable property's missing value as null). `own` gives what a column does not hold as it is: every
 * object and list property (the compiler requires them), any renamed or computed value, and the
 * optional properties (never read from the row, so a column does not add one). So the
 * shape's field list is written once: a scalar property added to the shape is served from its column.
 */
export function fromRow<S extends TObject>(
  shape: S,
  row: Record<string, any>,
  own: Pick<Static<S>, ComposedKeys<Static<S>>> & Partial<Static<S>>,
): Static<S> {
  const out: Record<string, unknown> = {};
  for (const [key, property, required] of fieldsOf(shape)) {
    if (key in own) out[key] = (own as Record<string, unknown>)[key];
    // An optional property is the serializer's to give: a column of that name does not add it.
    else if (required) out[key] = scalarOf(property, row[key], key);
  }
  return out as Static<S>;
}

type Field = [key: string, property: TSchema & { nullable?: boolean }, required: boolean];

/** Each shape's properties, listed once (a list endpoint serializes hundreds of rows). */
const fieldLists = new WeakMap<TObject, Field[]>();

function fieldsOf(shape: TObject): Field[] {
  let fields = fieldLists.get(shape);
  if (!fields) {
    const required = new Set(shape.required ?? []);
    fields = Object.entries(shape.properties).map(([key, p]) => [key, p, required.has(key)] as Field);
    fieldLists.set(shape, fields);
  }
  return fields;
}

function scalarOf(property: TSchema & { nullable?: boolean }, value: unknown, key: string): unknown {
  if (!['integer', 'number', 'boolean', 'string'].includes(String(property.type))) {
    throw new Error(`fromRow: ${key} is not a scalar; the serializer gives it`);
  }
  if (value === null || value === undefined) return property.nullable ? null : value;
  switch (property.type) {
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true || value === 1 || value === '1';
    default:
      return property.format === 'date-time'
        ? property.nullable
          ? isoOrNull(value as string)
          : iso(value as string)
        : value;
  }
}
