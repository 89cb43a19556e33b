// Pages in the second half of a list are read from the other end of the index (pagination.ts
// fetchKeyedPage): every page, read either way, must hold exactly the rows of the plain
// `ORDER BY … LIMIT … OFFSET …` in the same order, ties of the sort column included, for one index
// range (the tenant's list) and for several merged (an owner's list, one branch per pet).
import test from 'ava';
import type { Knex } from 'knex';
import { fetchKeyedPage, pageWindow } from '../../../src/clinic/pagination.js';
import type { Branch, OrderTerm } from '../../../src/db/ordered-union.js';
import { DIALECTS } from '../../helpers/db.js';
import { createPet, world, type World } from './fixtures.js';

const ORDER: OrderTerm[] = [
  { column: 'scheduled_at', order: 'desc' },
  { column: 'id', order: 'desc' },
];
/** Five start times, five appointments each: the id alone decides the order inside a time. */
const TIMES = ['2026-03-01T09:00:00Z', '2026-03-02T09:00:00Z', '2026-03-03T09:00:00Z'];
const COUNT = 25;

async function bookAll(w: World): Promise<number[]> {
  const pets = [await createPet(w, { name: 'Bruno' }), await createPet(w, { name: 'Mia' })];
  for (let i = 0; i < COUNT; i++) {
    const res = await w.app.clinic.post(
      `${w.t}/appointments`,
      { pet_id: pets[i % 2].id, scheduled_at: TIMES[(i * 7) % TIMES.length] },
      { token: w.admin.token },
    );
    if (res.status !== 201) throw new Error(`appointment: ${res.status} ${res.text}`);
  }
  return pets.map((p) => Number(p.id));
}

/** The page as the contract defines it: the plain order, skipped and cut. */
async function plainPage(query: Knex.QueryBuilder, page: number, perPage: number): Promise<number[]> {
  const rows = await query
    .clone()
    .orderBy(ORDER)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map((r: { id: number }) => Number(r.id));
}

async function keyedPage(db: Knex, branches: Branch[], page: number, perPage: number) {
  const found = await fetchKeyedPage<{ id: number }>(db, branches, ORDER, page, perPage, (ids) =>
    db('appointments').whereIn('id', ids).select('id'),
  );
  return { ids: found.items.map((r) => Number(r.id)), total: found.total };
}

test('pageWindow reads the second half from the end, taking only what the last page holds', (t) => {
  t.deepEqual(pageWindow(25, 0, 20), { fromEnd: false, offset: 0, limit: 20 });
  t.deepEqual(pageWindow(25, 20, 20), { fromEnd: true, offset: 0, limit: 5 });
  t.deepEqual(pageWindow(100, 40, 20), { fromEnd: false, offset: 40, limit: 20 });
  t.deepEqual(pageWindow(100, 60, 20), { fromEnd: true, offset: 20, limit: 20 });
  t.deepEqual(pageWindow(20_000, 19_980, 20), { fromEnd: true, offset: 0, limit: 20 });
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] every page read from either end equals the plain order, ties included`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const petIds = await bookAll(w);
    const db = w.db;
    const tenantId = w.admin.tenant.id;
    const tenantScope = () => db('appointments').where('tenant_id', tenantId).select('id', 'scheduled_at');
    const petScope = (petId: number) =>
      db('appointments').where('pet_id', petId).select('id', 'scheduled_at');
    const scopes: Array<[string, Branch[], Knex.QueryBuilder]> = [
      ['tenant', [{ query: tenantScope() }], tenantScope()],
      [
        'owner (a branch per pet)',
        petIds.map((id) => ({ query: petScope(id) })),
        db('appointments').whereIn('pet_id', petIds).select('id', 'scheduled_at'),
      ],
    ];
    let fromEnd = 0;
    for (const [name, branches, plain] of scopes) {
      for (const perPage of [3, 4, 7, 20]) {
        const pages = Math.ceil(COUNT / perPage);
        const seen: number[] = [];
        for (let page = 1; page <= pages + 1; page++) {
          if (pageWindow(COUNT, (page - 1) * perPage, perPage).fromEnd) fromEnd += 1;
          const got = await keyedPage(db, branches, page, perPage);
          const want = await plainPage(plain, page, perPage);
          t.deepEqual(got.ids, want, `${name}, ${perPage} per page, page ${page}`);
          t.is(got.total, COUNT);
          seen.push(...got.ids);
        }
        t.is(new Set(seen).size, COUNT, `${name}, ${perPage} per page: every row once`);
      }
    }
    t.true(fromEnd > 10, 'pages were read from the end');
  });

  test(`[${dialect}] the HTTP lists answer the last page as the plain order has it`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    await bookAll(w);
    const all = (
      await w.db('appointments').where('tenant_id', w.admin.tenant.id).orderBy(ORDER).select('id')
    ).map((r: { id: number }) => Number(r.id));
    for (const [path, token] of [
      [`${w.t}/appointments`, w.admin.token],
      ['/api/v1/owner/me/appointments', w.owner.token],
    ] as const) {
      const first = await w.app.clinic.get(`${path}?page=1`, { token });
      const last = await w.app.clinic.get(`${path}?page=2`, { token });
      t.is(last.status, 200);
      const ids = (body: { data: Array<{ id: number }> }) => body.data.map((a) => a.id);
      t.deepEqual(ids(first.body), all.slice(0, 20), path);
      t.deepEqual(ids(last.body), all.slice(20), path);
      t.like(last.body.meta, { current_page: 2, from: 21, to: COUNT, last_page: 2, total: COUNT });
    }
  });
}
