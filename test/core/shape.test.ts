// src/core/shape.ts: one declaration is both the served JSON Schema (OpenAPI 3.0 dialect) and the
// serializer's type.
import test from 'ava';
import {
  Data,
  DateTime,
  Dict,
  Enum,
  Int,
  Nullable,
  Obj,
  Optional,
  Str,
  jsonSchema,
  type Shape,
} from '../../src/core/shape.js';

const Pet = Obj({
  id: Int(),
  name: Str(),
  breed: Nullable(Str()),
  status: Enum(['active', 'archived'] as const),
  born_at: Optional(DateTime()),
  tags: Dict(Int()),
});

test('an object lists every property but the optional ones as required', (t) => {
  const schema = jsonSchema(Pet);
  t.deepEqual(schema.required, ['id', 'name', 'breed', 'status', 'tags']);
  t.is(schema.type, 'object');
});

test('Nullable and Enum write the OpenAPI 3.0 dialect, and symbols do not reach the document', (t) => {
  const schema = jsonSchema(Pet) as any;
  t.deepEqual(schema.properties.breed, { type: 'string', nullable: true });
  t.deepEqual(schema.properties.status, { type: 'string', enum: ['active', 'archived'] });
  t.deepEqual(schema.properties.born_at, { type: 'string', format: 'date-time' });
  t.deepEqual(schema.properties.tags, { type: 'object', additionalProperties: { type: 'integer' } });
  t.deepEqual(Object.getOwnPropertySymbols(schema), []);
});

test('the static type follows the declaration', (t) => {
  const pet: Shape<typeof Pet> = { id: 1, name: 'Biscuit', breed: null, status: 'active', tags: { a: 1 } };
  // @ts-expect-error: a status outside the enum is not a Pet
  const wrong: Shape<typeof Pet> = { ...pet, status: 'lost' };
  // @ts-expect-error: breed is required (nullable, not optional)
  const missing: Shape<typeof Pet> = { id: 1, name: 'x', status: 'active', tags: {} };
  t.truthy(wrong && missing);
  t.deepEqual(jsonSchema(Data(Pet)).required, ['data']);
});
