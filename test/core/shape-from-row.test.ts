// fromRow (src/core/shape.ts): a resource read off a database row by its shape's own declaration,
// as both dialects hand rows back (ids and counts as numbers or strings, booleans as 0/1, instants
// as UTC text).
import test from 'ava';
import {
  Bool,
  DateOnly,
  DateTime,
  Enum,
  fromRow,
  Int,
  List,
  Nullable,
  Obj,
  Optional,
  Str,
} from '../../src/core/shape.js';

const Thing = Obj({
  id: Int(),
  price: Nullable(Int()),
  name: Str(),
  note: Nullable(Str()),
  status: Enum(['open', 'closed'] as const),
  active: Bool(),
  born_on: DateOnly(),
  created_at: DateTime(),
  closed_at: Nullable(DateTime()),
  tags: List(Str()),
  extra: Optional(Str()),
});

const row = {
  id: '7',
  price: null,
  name: 'Rex',
  note: undefined,
  status: 'open',
  active: 1,
  born_on: '2020-02-29',
  created_at: '2026-05-01 10:00:00.500',
  closed_at: null,
  extra: 'a column the shape makes optional',
  secret: 'a column the shape does not declare',
};

test('scalars come from their columns, converted as the shape says', (t) => {
  t.deepEqual(fromRow(Thing, row, { tags: ['a'] }), {
    id: 7,
    price: null,
    name: 'Rex',
    note: null,
    status: 'open',
    active: true,
    born_on: '2020-02-29',
    created_at: '2026-05-01T10:00:00.500Z',
    closed_at: null,
    tags: ['a'],
  });
});

test('booleans as either dialect stores them', (t) => {
  for (const [stored, served] of <Array<[unknown, boolean]>>[
    [1, true],
    ['1', true],
    [true, true],
    [0, false],
    ['0', false],
    [false, false],
  ]) {
    t.is(fromRow(Thing, { ...row, active: stored }, { tags: [] }).active, served, String(stored));
  }
});

test('own values win, and give the optional properties; a list without one is refused', (t) => {
  const thing = fromRow(Thing, row, {
    tags: [],
    name: 'given',
    extra: 'x',
    closed_at: '2026-01-01T00:00:00.000Z',
  });
  t.is(thing.name, 'given');
  t.is(thing.extra, 'x');
  t.is(thing.closed_at, '2026-01-01T00:00:00.000Z');
  t.throws(() => fromRow(Thing, row, {} as never), { message: /tags is not a scalar/ });
});
