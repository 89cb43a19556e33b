// Issue 13 (4): signing-secret rotation. `partner secret rotate` stores the next secret (hidden
// prompt or --secret-stdin, never argv) and pushes then carry two v1= signatures, current first;
// `promote` makes the next one current (the old one is gone); `show` gives fingerprints only.
// Operator-only catalogue operations, audited without the secret.
import test from 'ava';
import { createHash } from 'node:crypto';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { loadActor } from '../../../src/workforce/identity/actor.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import {
  promoteSigningSecret,
  rotateSigningSecret,
  showSigningSecrets,
} from '../../../src/workforce/partners/registry/operations/signing-secrets.js';
import { verifySignature } from '../../../src/workforce/partners/signature.js';
import { runCli } from '../../helpers/cli.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import { createUser, snapshot } from '../../helpers/workforce.js';
import {
  createPartner,
  insertAttendance,
  lockFixture,
  orgWithStaff,
  servicesFor,
  systemContext,
} from './fixtures.js';

nock.disableNetConnect();

const fp = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 12);
const CURRENT = 'whsec_current_secret_1';
const NEXT = 'whsec_next_secret_22222';

let hosts = 0;

async function setup(dialect: Dialect) {
  const n = ++hosts;
  const tdb = await createTestDb(dialect);
  const services = servicesFor(tdb);
  const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 1, code: `S${n}` });
  await insertAttendance(tdb.db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds: employees.map((e) => e.id),
    month: '2026-01',
    days: 1,
  });
  await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
  const host = `https://rotate-${dialect}-${n}.example.test`;
  const partner = await createPartner(tdb.db, {
    name: `rot-${n}`,
    url: `${host}/in`,
    secret: CURRENT,
    organizationIds: [org.id],
  });
  const ctx = await systemContext(services);
  const captured: Array<{ header: string; body: string }> = [];
  const receive = () =>
    nock(host)
      .post('/in/attendance/daily')
      .reply(function (_u, body) {
        captured.push({
          header: String(this.req.headers['x-attendance-signature']),
          body: typeof body === 'string' ? body : JSON.stringify(body),
        });
        return [200, 'ok'];
      });
  return { tdb, services, org, partner, ctx, captured, receive };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] rotate, push with two signatures, promote: the old secret no longer verifies`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const before = await runOperation(showSigningSecrets, s.ctx, { partner: s.partner.name });
    t.deepEqual(before, {
      partner: s.partner.name,
      current: { fingerprint: fp(CURRENT) },
      next: null,
    });

    const rotated = await runOperation(rotateSigningSecret, s.ctx, {
      partner: s.partner.name,
      next_signing_secret: NEXT,
    });
    t.deepEqual(rotated, {
      partner: s.partner.name,
      current: { fingerprint: fp(CURRENT) },
      next: { fingerprint: fp(NEXT) },
    });

    s.receive();
    t.true((await runOperation(pushToPartners, s.ctx, {})).ok);
    const [{ header, body }] = s.captured;
    t.regex(header, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const now = s.services.clock.now();
    t.true(verifySignature({ secret: CURRENT, header, body, now }).valid);
    t.true(verifySignature({ secret: NEXT, header, body, now }).valid);
    // Current first: the first v1 alone verifies with the current secret.
    const [ts, first] = header.split(',');
    t.true(verifySignature({ secret: CURRENT, header: `${ts},${first}`, body, now }).valid);

    const promoted = await runOperation(promoteSigningSecret, s.ctx, { partner: s.partner.name });
    t.deepEqual(promoted, { partner: s.partner.name, current: { fingerprint: fp(NEXT) }, next: null });
    const row = await s.tdb.db('partners').where({ id: s.partner.id }).first();
    t.is(row.signing_secret, NEXT);
    t.is(row.next_signing_secret, null);

    // The next push is signed with the new secret only.
    await s.tdb.db('partner_deliveries').delete();
    s.receive();
    await runOperation(pushToPartners, s.ctx, {});
    const last = s.captured[1];
    t.regex(last.header, /^t=\d+,v1=[0-9a-f]{64}$/);
    t.true(verifySignature({ secret: NEXT, header: last.header, body: last.body, now }).valid);
    t.false(verifySignature({ secret: CURRENT, header: last.header, body: last.body, now }).valid);

    // Audited, without the secrets.
    const audit = await s.tdb
      .db('audit_entries')
      .whereIn('event', ['partner.signing_secret_rotated', 'partner.signing_secret_promoted'])
      .orderBy('id');
    t.deepEqual(
      audit.map((a) => a.event),
      ['partner.signing_secret_rotated', 'partner.signing_secret_promoted'],
    );
    const text = JSON.stringify(audit);
    t.false(text.includes(CURRENT));
    t.false(text.includes(NEXT));
    t.like(JSON.parse(audit[0].context), { next_fingerprint: fp(NEXT) });
  });

  test(`[${dialect}] bad input: short or unchanged secret, unknown partner, promote without a next secret, a non-operator`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const before = await snapshot(s.tdb.db, ['partners', 'audit_entries']);
    const short: any = await t.throwsAsync(
      runOperation(rotateSigningSecret, s.ctx, { partner: s.partner.name, next_signing_secret: 'short' }),
    );
    t.is(short.status, 422);
    t.deepEqual(Object.keys(short.errors), ['next_signing_secret']);
    const same: any = await t.throwsAsync(
      runOperation(rotateSigningSecret, s.ctx, { partner: s.partner.name, next_signing_secret: CURRENT }),
    );
    t.is(same.status, 422);
    t.deepEqual(Object.keys(same.errors), ['next_signing_secret']);
    const unknown: any = await t.throwsAsync(runOperation(showSigningSecrets, s.ctx, { partner: 'nobody' }));
    t.is(unknown.status, 422);
    t.deepEqual(Object.keys(unknown.errors), ['partner']);
    const nothing: any = await t.throwsAsync(
      runOperation(promoteSigningSecret, s.ctx, { partner: s.partner.name }),
    );
    t.is(nothing.status, 409);
    t.is(nothing.code, 'NO_NEXT_SECRET');

    const hr = await createUser(s.tdb.db, { grants: [{ role: 'org_admin', organizationId: s.org.id }] });
    const hrCtx = workforceContext(s.services, await loadActor(s.tdb.db, hr.email));
    const refused: any = await t.throwsAsync(
      runOperation(rotateSigningSecret, hrCtx, { partner: s.partner.name, next_signing_secret: NEXT }),
    );
    t.is(refused.status, 403);
    t.deepEqual(await snapshot(s.tdb.db, ['partners', 'audit_entries']), before);
  });

  test.serial(
    `[${dialect}] CLI: rotate reads the secret from stdin (never argv), show prints fingerprints only`,
    async (t) => {
      const s = await setup(dialect);
      t.teardown(s.tdb.destroy);
      const cli = (args: string[], input?: string) =>
        runCli(args, { databaseUrl: s.tdb.database.url, input });
      const onArgv = await cli(['partner', 'secret', 'rotate', s.partner.name, '--secret', NEXT, '--json']);
      t.is(onArgv.code, 2);
      t.deepEqual(Object.keys(onArgv.json().errors), ['--secret']);
      const missing = await cli(['partner', 'secret', 'rotate', s.partner.name]);
      t.is(missing.code, 2);
      t.regex(missing.stderr, /--secret-stdin/);

      const rotate = await cli(
        ['partner', 'secret', 'rotate', s.partner.name, '--secret-stdin', '--json'],
        `${NEXT}\n`,
      );
      t.is(rotate.code, 0, rotate.stderr);
      t.deepEqual(rotate.json(), {
        partner: s.partner.name,
        current: { fingerprint: fp(CURRENT) },
        next: { fingerprint: fp(NEXT) },
      });
      t.false(rotate.stdout.includes(NEXT));

      const show = await cli(['partner', 'secret', 'show', s.partner.name, '--json']);
      t.is(show.code, 0, show.stderr);
      t.deepEqual(show.json().next, { fingerprint: fp(NEXT) });
      t.false(show.stdout.includes(NEXT) || show.stdout.includes(CURRENT));
      const human = await cli(['partner', 'secret', 'show', s.partner.name]);
      t.is(human.code, 0);
      t.regex(human.stdout, new RegExp(fp(NEXT)));

      const promote = await cli(['partner', 'secret', 'promote', s.partner.name, '--yes', '--json']);
      t.is(promote.code, 0, promote.stderr);
      t.deepEqual(promote.json(), {
        partner: s.partner.name,
        current: { fingerprint: fp(NEXT) },
        next: null,
      });
      const again = await cli(['partner', 'secret', 'promote', s.partner.name, '--yes']);
      t.is(again.code, 2);
      t.regex(again.stderr, /no next signing secret/i);
      const short = await cli(['partner', 'secret', 'rotate', s.partner.name, '--secret-stdin'], 'short\n');
      t.is(short.code, 2);
      t.regex(short.stderr, /16/);
    },
  );
}
