// Every operator action that changes a partner's state is in the audit trail. Redelivery overrides
// the retry rules (a dead batch gets a fresh budget of attempts), so each batch it revives writes
// `partner_delivery.redelivered` — by whom, which batch of which partner, from what state — through
// the runner's audit writer, in the batch's organization; a redelivery refused before the batch was
// touched writes nothing. The other partner-changing operations (add, token create and revoke,
// secret rotate and promote) are checked here too.
import test from 'ava';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { redeliverBatch } from '../../../src/workforce/partners/deliveries/operations/redeliver.js';
import { addPartner } from '../../../src/workforce/partners/registry/operations/add-partner.js';
import {
  createPartnerToken,
  revokePartnerTokens,
} from '../../../src/workforce/partners/registry/operations/partner-tokens.js';
import {
  promoteSigningSecret,
  rotateSigningSecret,
} from '../../../src/workforce/partners/registry/operations/signing-secrets.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { createPartner, fakeSleep, lockedJanuary, servicesFor, systemContext } from './fixtures.js';

nock.disableNetConnect();

let hosts = 0;

const trail = async (db: any) =>
  (await db('audit_entries').orderBy('id')).map((r: any) => ({
    event: r.event,
    subject_type: r.subject_type,
    subject_id: r.subject_id === null ? null : Number(r.subject_id),
    organization_id: r.organization_id === null ? null : Number(r.organization_id),
    actor_user_id: r.actor_user_id === null ? null : Number(r.actor_user_id),
    context: typeof r.context === 'string' ? JSON.parse(r.context) : r.context,
  }));

for (const dialect of DIALECTS) {
  test(`[${dialect}] partner redeliver writes one audit entry per batch it revives; a refused one writes none`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, lockId } = await lockedJanuary(tdb.db, { code: `AU${++hosts}` });
    const host = `https://audit-${dialect}-${hosts}.example.test`;
    const partner = await createPartner(tdb.db, { url: `${host}/in`, organizationIds: [org.id] });
    const ctx = await systemContext(services, { sleep: fakeSleep(services.clock).sleep });
    nock(host).post('/in/attendance/daily').times(5).reply(500, 'boom');
    t.false((await runOperation(pushToPartners, ctx, {})).ok);
    const [dead] = await tdb.db('partner_deliveries');
    t.is(dead.status, 'dead');
    const before = await trail(tdb.db);

    nock(host).post('/in/attendance/daily').reply(200, 'ok');
    const again = await runOperation(redeliverBatch, ctx, { delivery: String(dead.id) });
    t.true(again.ok);
    const added = (await trail(tdb.db))
      .slice(before.length)
      .filter((e: any) => e.event === 'partner_delivery.redelivered');
    t.is(added.length, 1);
    t.like(added[0], {
      event: 'partner_delivery.redelivered',
      subject_type: 'partner_delivery',
      subject_id: Number(dead.id),
      organization_id: org.id,
      actor_user_id: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    });
    t.deepEqual(added[0].context, {
      partner_id: partner.id,
      partner: partner.name,
      delivery_id: dead.delivery_id,
      month: '2026-01',
      lock_id: lockId,
      batch_index: 0,
      previous_status: 'dead',
      previous_attempts: 5,
    });

    // Refused (already delivered): nothing changed, nothing audited.
    const count = (await trail(tdb.db)).length;
    await t.throwsAsync(runOperation(redeliverBatch, ctx, { delivery: String(dead.id) }), {
      code: 'ALREADY_DELIVERED',
    } as any);
    t.is((await trail(tdb.db)).length, count);
  });

  test(`[${dialect}] redeliver --all-dead audits each batch it sends`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const a = await lockedJanuary(tdb.db, { code: `AD${++hosts}` });
    const host = `https://audit-all-${dialect}-${hosts}.example.test`;
    await createPartner(tdb.db, { url: `${host}/in`, organizationIds: [a.org.id] });
    const ctx = await systemContext(services, { sleep: fakeSleep(services.clock).sleep });
    nock(host).post('/in/attendance/daily').times(5).reply(500, 'boom');
    await runOperation(pushToPartners, ctx, {});
    nock(host).post('/in/attendance/daily').reply(200, 'ok');
    const result = await runOperation(redeliverBatch, ctx, { all_dead: true });
    t.is(result.deliveries.length, 1);
    const events = (await trail(tdb.db)).filter((e: any) => e.event === 'partner_delivery.redelivered');
    t.deepEqual(
      events.map((e: any) => e.subject_id),
      result.deliveries.map((d) => d.id),
    );
  });

  test(`[${dialect}] the push's ledger writes are step operations with audit: planned, each attempt, delivered`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org, lockId } = await lockedJanuary(tdb.db, { code: `AP${++hosts}` });
    const host = `https://audit-push-${dialect}-${hosts}.example.test`;
    const partner = await createPartner(tdb.db, { url: `${host}/in`, organizationIds: [org.id] });
    const ctx = await systemContext(services, { sleep: fakeSleep(services.clock).sleep });
    nock(host).post('/in/attendance/daily').reply(503, 'busy');
    nock(host).post('/in/attendance/daily').reply(200, 'ok');
    t.true((await runOperation(pushToPartners, ctx, {})).ok);
    const [batch] = await tdb.db('partner_deliveries');
    const story = (await trail(tdb.db)).filter((e: any) => e.subject_type === 'partner_delivery');
    t.deepEqual(
      story.map((e: any) => [e.event, e.context.status ?? null, e.context.response_code ?? null]),
      [
        ['partner_delivery.planned', null, null],
        ['partner_delivery.attempt-failed', 'pending', 503],
        ['partner_delivery.delivered', 'delivered', 200],
      ],
    );
    for (const e of story) {
      t.like(e, {
        subject_id: Number(batch.id),
        organization_id: org.id,
        actor_user_id: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      });
      t.like(e.context, { partner_id: partner.id, delivery_id: batch.delivery_id, lock_id: lockId });
    }
  });

  test(`[${dialect}] every other operation that changes a partner is audited`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = servicesFor(tdb);
    const { org } = await lockedJanuary(tdb.db, { code: `AO${++hosts}` });
    const ctx = await systemContext(services);
    await runOperation(addPartner, ctx, {
      name: 'Audited',
      kind: 'payroll',
      push_url: 'https://audited.example.test/in',
      outbound_token: 'outbound-bearer-token',
      signing_secret: 'a-signing-secret-of-16+',
      organizations: [org.code],
    });
    const token = await runOperation(createPartnerToken, ctx, { partner: 'Audited' });
    await runOperation(revokePartnerTokens, ctx, { partner: 'Audited', all: true });
    await runOperation(rotateSigningSecret, ctx, {
      partner: 'Audited',
      next_signing_secret: 'another-secret-of-16+',
    });
    await runOperation(promoteSigningSecret, ctx, { partner: 'Audited' });
    t.truthy(token);
    const events = (await trail(tdb.db)).map((e: any) => e.event);
    t.deepEqual(events.slice(-5).length, 5);
    for (const e of events.slice(-5)) t.regex(e, /^partner/);
  });
}
