// The pipelined push (src/workforce/partners/deliveries/new-batches.ts): the 2xx of a batch is
// recorded while the next batch is in flight, and the batch after that is claimed ahead. When a
// POST fails mid-way, nothing after it may be marked delivered or left in the ledger, the batch
// before it must be recorded as delivered, and the next run must send exactly the batches the
// partner did not acknowledge (the failed one under its delivery id, then the rest), never one it
// acknowledged.
import test from 'ava';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { createPartner, fakeSleep, lockedJanuary, servicesFor, systemContext } from './fixtures.js';

nock.disableNetConnect();

for (const dialect of DIALECTS) {
  test(`[${dialect}] a refusal mid-pipeline: the batch before it is delivered, nothing after it is planned; the next run sends exactly the rest`, async (t) => {
    // Four records, one per batch: four batches.
    const tdb = await createTestDb(dialect, { PARTNER_PUSH_BATCH_SIZE: '1' });
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org } = await lockedJanuary(tdb.db, { code: `PL${dialect.slice(0, 1)}` });
    const host = `https://pipeline-${dialect}.example.test`;
    await createPartner(tdb.db, { url: `${host}/in`, organizationIds: [org.id] });
    const ctx = await systemContext(services, { sleep: fakeSleep(services.clock).sleep });

    // The partner: the third POST of the first run is refused (400: final, not retried); any
    // other answer is a 200, so a run that went on past the refusal would show in `received`.
    const received: string[][] = [[], []];
    let run = 0;
    const scope = nock(host)
      .post('/in/attendance/daily')
      .reply(function () {
        const id = String(this.req.headers['x-attendance-delivery-id']);
        received[run].push(id);
        return run === 0 && received[0].length === 3 ? [400, 'unknown employee'] : [200, 'ok'];
      })
      .persist();
    t.teardown(() => scope.persist(false));
    const ledger = async () =>
      (await tdb.db('partner_deliveries').orderBy('batch_index')).map((r) => ({
        batch_index: Number(r.batch_index),
        delivery_id: r.delivery_id as string,
        status: r.status as string,
        claimed_by: r.claimed_by as string | null,
      }));

    const first = await runOperation(pushToPartners, ctx, {});
    t.false(first.ok);
    t.is(first.delivered_batches, 2);
    t.is(first.failed_batches, 1);
    t.is(received[0].length, 3, 'nothing is sent after the refused batch');
    const afterFirst = await ledger();
    // Batch 1's 2xx was recorded (it is committed beside the next batch's claim, not after the run);
    // batch 3, claimed ahead while batch 2 was in flight, never went out and left the ledger.
    t.deepEqual(
      afterFirst.map((b) => [b.batch_index, b.status, b.claimed_by]),
      [
        [0, 'delivered', null],
        [1, 'delivered', null],
        [2, 'failed', null],
      ],
    );
    t.deepEqual(
      afterFirst.map((b) => b.delivery_id),
      received[0],
    );
    t.deepEqual(
      first.undelivered.map((u) => [u.batch_index, u.reason]),
      [[2, 'failed']],
    );

    run = 1;
    const second = await runOperation(pushToPartners, ctx, {});
    t.true(second.ok);
    const afterSecond = await ledger();
    t.deepEqual(
      afterSecond.map((b) => [b.batch_index, b.status]),
      [
        [0, 'delivered'],
        [1, 'delivered'],
        [2, 'delivered'],
        [3, 'delivered'],
      ],
    );
    // The refused batch again under its own delivery id, then the one never sent; nothing the
    // partner acknowledged in the first run.
    t.deepEqual(received[1], [afterFirst[2].delivery_id, afterSecond[3].delivery_id]);
    t.is(new Set([...received[0], ...received[1]]).size, 4);
  });
}
