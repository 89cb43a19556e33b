// Partner deliveries get a lifetime retry budget and short leases (issues 13 and 16).
// - budget_used: attempts made within the batch's current budget. The contract's "5 attempts with
//   backoff" is the budget of a batch, not of each run: at five the batch is `dead` and no later run
//   sends it; `wfctl partner redeliver` resets it to 0 (a fresh budget). `attempts` stays the
//   lifetime count the ledger shows.
// - claimed_by: which run holds the claim (host:pid:run). claimed_until becomes a short lease
//   (LEASE_SECONDS) the holder renews while it works, so only the holder can renew it and a dead
//   run's claim is taken over within one lease instead of the old 42-minute window.
// Existing rows: a batch that already used five attempts or more has spent its budget, so a failed
// one becomes dead (the ledger once showed `attempts: 10`, five more every run).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.integer('budget_used').unsigned().notNullable().defaultTo(0);
    t.string('claimed_by', 191).nullable();
  });
  await knex('partner_deliveries').update({
    budget_used: knex.raw('case when ?? > 5 then 5 else ?? end', ['attempts', 'attempts']),
  });
  await knex('partner_deliveries')
    .where('status', 'failed')
    .andWhere('attempts', '>=', 5)
    .update({ status: 'dead' });
}

export async function down(knex: Knex): Promise<void> {
  await knex('partner_deliveries').where('status', 'dead').update({ status: 'failed' });
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.dropColumn('claimed_by');
    t.dropColumn('budget_used');
  });
}
