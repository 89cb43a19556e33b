// The runner's ownership promise: an `authenticated` operation must check what the caller owns
// through ctx.owns, or runOperation fails closed: an error, and the transaction (its writes
// included) rolled back, exactly as for a scoped permission that was never checked.
import test from 'ava';
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/logger.js';
import {
  defineRead,
  defineWrite,
  ownershipRule,
  runOperation,
  UncheckedOwnershipError,
  UncheckedPermissionError,
  type OperationContext,
  type Policy,
  type RunContext,
} from '../../src/core/operation.js';
import type { Services } from '../../src/core/services.js';
import { yup } from '../../src/core/validation.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';

/** The account acting (a number), or null for an actor that is no account (a partner, the operator). */
type Actor = number | null;

const policy: Policy<Actor> = {
  admit: (_actor, op) => op.permission === 'authenticated',
  authorize: async () => {},
  scopes: async () => null,
  account(actor) {
    if (actor === null) throw new ForbiddenError('Not an account.');
    return actor;
  },
  writeAudit: async () => {},
};

async function setup(t: any, dialect: Dialect) {
  const tdb = await createTestDb(dialect);
  t.teardown(tdb.destroy);
  await tdb.db.schema.createTable('owned_probe', (table) => {
    table.integer('id').primary();
    table.integer('owner').notNullable();
    table.integer('n').notNullable();
  });
  await tdb.db('owned_probe').insert([
    { id: 1, owner: 7, n: 0 },
    { id: 2, owner: 8, n: 0 },
  ]);
  const services = { db: tdb.db, logger: silentLogger } as unknown as Services;
  const as = (actor: Actor): OperationContext<Actor> => ({ services, actor, policy });
  return { db: tdb.db, as };
}

const nOf = async (db: Knex, id: number) => Number((await db('owned_probe').where({ id }).first()).n);

/** A probe row the caller owns, or a 404. */
const ownedRow = (id: number) =>
  ownershipRule<Actor, { id: number }>('probe row (its owner)', async (db, account) => {
    const row = await db('owned_probe').where({ id, owner: account }).first('id');
    if (!row) throw new NotFoundError('Row not found.');
    return { id: Number(row.id) };
  });

const input = yup.object({ id: yup.number().required(), check: yup.string().oneOf(['none', 'self', 'row']) });

/** Bumps row `id`; checks ownership as `check` says (`none`: forgets). */
const bump = defineWrite('probe.bump', 'authenticated', {
  summary: 'bumps a probe row',
  input,
  async run(ctx: RunContext<Actor>, { id, check }) {
    if (check === 'self') ctx.owns('self');
    if (check === 'row') await ctx.owns(ownedRow(id));
    await ctx.db('owned_probe').where({ id }).increment('n', 1);
    return nOf(ctx.db, id);
  },
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] an authenticated operation that forgets its ownership check fails and its write is rolled back`, async (t) => {
    const { db, as } = await setup(t, dialect);
    const err = await t.throwsAsync(runOperation(bump, as(7), { id: 1, check: 'none' }), {
      instanceOf: UncheckedOwnershipError,
    });
    t.regex(err!.message, /probe\.bump .*ctx\.owns/);
    t.is(await nOf(db, 1), 0, 'the increment did not commit');
  });

  test(`[${dialect}] the same operation commits once it declares its rule ('self' or a record's)`, async (t) => {
    const { db, as } = await setup(t, dialect);
    t.is(await runOperation(bump, as(7), { id: 1, check: 'self' }), 1);
    t.is(await runOperation(bump, as(7), { id: 1, check: 'row' }), 2);
    t.is(await nOf(db, 1), 2);
  });

  test(`[${dialect}] a record the caller does not own is the rule's 404, and nothing is written`, async (t) => {
    const { db, as } = await setup(t, dialect);
    await t.throwsAsync(runOperation(bump, as(7), { id: 2, check: 'row' }), { instanceOf: NotFoundError });
    t.is(await nOf(db, 2), 0);
  });

  test(`[${dialect}] ctx.owns refuses an actor that is not an account, before the rule runs`, async (t) => {
    const { db, as } = await setup(t, dialect);
    for (const check of ['self', 'row']) {
      await t.throwsAsync(runOperation(bump, as(null), { id: 1, check }), { instanceOf: ForbiddenError });
    }
    t.is(await nOf(db, 1), 0);
  });

  test(`[${dialect}] a check made on one path only fails closed on the other; reads are held to it too`, async (t) => {
    const { as } = await setup(t, dialect);
    const read = defineRead('probe.read', 'authenticated', {
      summary: 'reads a probe row, checking ownership only when asked',
      input,
      async run(ctx: RunContext<Actor>, { id, check }) {
        if (check === 'row') await ctx.owns(ownedRow(id));
        return nOf(ctx.db, id);
      },
    });
    t.is(await runOperation(read, as(7), { id: 1, check: 'row' }), 0);
    await t.throwsAsync(runOperation(read, as(7), { id: 1, check: 'none' }), {
      instanceOf: UncheckedOwnershipError,
    });
  });

  test(`[${dialect}] ownership is the authenticated rule's check only: a scoped permission still needs ctx.authorize`, async (t) => {
    const { db, as } = await setup(t, dialect);
    const scoped = defineWrite('probe.scoped', 'probe.update', {
      summary: 'a scoped permission that checks ownership instead of its permission',
      input,
      async run(ctx: RunContext<Actor>, { id }) {
        await ctx.owns(ownedRow(id));
        await ctx.db('owned_probe').where({ id }).increment('n', 1);
      },
    });
    await t.throwsAsync(runOperation(scoped, as(7), { id: 1 }), { instanceOf: UncheckedPermissionError });
    t.is(await nOf(db, 1), 0);
  });
}
