// Bearer tokens over real HTTP: what gets a 401 (wrong secret, expired, revoked, deleted or disabled
// user, the other kind of token), logout and logout-all, and the throttled last_used_at.
import test from 'ava';
import { runOperation } from '../../../src/core/operation.js';
import { defineRoute } from '../../../src/core/routes.js';
import { createHttpApp } from '../../../src/http/app.js';
import { listen } from '../../../src/http/server.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';
import { partnerAccess } from '../../../src/workforce/identity/access.js';
import { addPartner } from '../../../src/workforce/partners/registry/operations/add-partner.js';
import {
  createPartnerToken,
  revokePartnerTokens,
} from '../../../src/workforce/partners/registry/operations/partner-tokens.js';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { HttpClient } from '../../helpers/http.js';
import { createOrg, createUser, snapshot, TEST_PASSWORD, tokenFor } from '../../helpers/workforce.js';

const TABLES = [
  'users',
  'user_roles',
  'personal_access_tokens',
  'devices',
  'audit_entries',
  'partner_tokens',
];
const DAY = 24 * 3600 * 1000;

/** A partner-only endpoint served by the real pipeline (the pull endpoint comes with its own issue). */
async function partnerEndpoint(app: TestApp) {
  const http = createHttpApp({
    name: 'partner-probe',
    services: app.services,
    openapi: { title: 'probe', version: '1' },
    routes: [
      defineRoute({
        method: 'GET',
        path: '/api/v1/partner-probe',
        summary: 'who am I, as a partner',
        access: partnerAccess,
        permission: null,
        responses: { 200: { description: 'the partner principal' } },
        handler: async ({ principal }) => principal,
      }),
    ],
  });
  const listener = await listen(http.handler, 0, '127.0.0.1');
  return { client: new HttpClient(listener.url), close: () => listener.close(1000) };
}

async function partnerWithToken(app: TestApp) {
  const org = await createOrg(app.services.db);
  const ctx = workforceContext(app.services, await systemActor(app.services.db));
  await runOperation(addPartner, ctx, {
    name: 'Paywise',
    kind: 'payroll',
    push_url: 'https://paywise.example/hooks/',
    outbound_token: 'outbound-bearer',
    signing_secret: 'signing-secret-0123456789',
    organizations: [org.code],
  });
  const created = await runOperation(createPartnerToken, ctx, { partner: 'Paywise' });
  return { ctx, org, created };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] tokens that get a 401 on /me, with nothing changed`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const user = await createUser(db);
    const good = await tokenFor(app.services, user.id);
    t.is((await app.workforce.get('/api/v1/me', { token: good })).status, 200);
    const [id, secret] = good.split('|');
    const { created } = await partnerWithToken(app);
    const before = await snapshot(db, TABLES);
    const cases: Record<string, Parameters<typeof app.workforce.get>[1]> = {
      'no header': {},
      'wrong secret, valid id': { token: `${id}|${'x'.repeat(secret.length)}` },
      'secret of the right length but one character off': {
        token: `${id}|${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`,
      },
      'unknown id': { token: `999999|${secret}` },
      'no id': { token: secret },
      'Basic scheme': { headers: { Authorization: `Basic ${good}` } },
      'SQL in the id': { token: `1 OR 1=1|${secret}` },
      'partner token': { token: created.token },
    };
    for (const [name, opts] of Object.entries(cases)) {
      const res = await app.workforce.get('/api/v1/me', opts);
      t.is(res.status, 401, name);
      t.is(res.body.code, 'UNAUTHENTICATED', name);
    }
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] expired, revoked, deleted-user and disabled-user tokens get a 401`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const user = await createUser(db);
    const token = await tokenFor(app.services, user.id); // 30 days
    app.clock.advance(30 * DAY - 1);
    t.is((await app.workforce.get('/api/v1/me', { token })).status, 200);
    app.clock.advance(1);
    const before = await snapshot(db, TABLES);
    t.is((await app.workforce.get('/api/v1/me', { token })).status, 401, 'expired at expires_at exactly');
    t.deepEqual(await snapshot(db, TABLES), before);

    const disabled = await createUser(db);
    const disabledToken = await tokenFor(app.services, disabled.id);
    await db('users').where({ id: disabled.id }).update({ is_active: false });
    t.is((await app.workforce.get('/api/v1/me', { token: disabledToken })).status, 401);

    const deleted = await createUser(db);
    const deletedToken = await tokenFor(app.services, deleted.id);
    await db('users').where({ id: deleted.id }).delete(); // tokens go with the user
    t.is((await app.workforce.get('/api/v1/me', { token: deletedToken })).status, 401);

    const offboarded = await createUser(db);
    const offboardedToken = await tokenFor(app.services, offboarded.id);
    await db('personal_access_tokens').where({ user_id: offboarded.id }).delete(); // what offboarding does
    t.is((await app.workforce.get('/api/v1/me', { token: offboardedToken })).status, 401);
  });

  test(`[${dialect}] logout revokes this token only; logout-all every token of the user`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const user = await createUser(db);
    const other = await createUser(db);
    const login = () =>
      app.workforce.post('/api/v1/auth/login', {
        email: user.email,
        password: TEST_PASSWORD,
        device_name: 'd',
      });
    const a = (await login()).body.token;
    const b = (await login()).body.token;
    const c = (await login()).body.token;
    const others = await tokenFor(app.services, other.id);

    const out = await app.workforce.post('/api/v1/auth/logout', undefined, { token: a });
    t.is(out.status, 200);
    t.deepEqual(out.body, { revoked_tokens: 1 });
    t.is((await app.workforce.get('/api/v1/me', { token: a })).status, 401);
    t.is((await app.workforce.get('/api/v1/me', { token: b })).status, 200);
    const revokedRow = await db('personal_access_tokens')
      .where({ id: Number(a.split('|')[0]) })
      .first();
    t.is(revokedRow.revoked_at, '2026-01-15 10:00:00.000');
    t.is((await app.workforce.post('/api/v1/auth/logout', undefined, { token: a })).status, 401);

    const all = await app.workforce.post('/api/v1/auth/logout-all', undefined, { token: b });
    t.is(all.status, 200);
    t.deepEqual(all.body, { revoked_tokens: 2 });
    for (const tok of [a, b, c]) t.is((await app.workforce.get('/api/v1/me', { token: tok })).status, 401);
    t.is(
      (await app.workforce.get('/api/v1/me', { token: others })).status,
      200,
      "another user's token lives on",
    );
  });

  test(`[${dialect}] last_used_at is written at most once a minute`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const user = await createUser(db);
    const token = await tokenFor(app.services, user.id);
    const id = Number(token.split('|')[0]);
    const lastUsed = async () =>
      (await db('personal_access_tokens').where({ id }).first('last_used_at')).last_used_at;
    t.is(await lastUsed(), null);
    await app.workforce.get('/api/v1/me', { token });
    t.is(await lastUsed(), '2026-01-15 10:00:00.000');
    app.clock.advance(59_000);
    await app.workforce.get('/api/v1/me', { token });
    t.is(await lastUsed(), '2026-01-15 10:00:00.000', 'not written again inside the window');
    app.clock.advance(1_000);
    await app.workforce.get('/api/v1/me', { token });
    t.is(await lastUsed(), '2026-01-15 10:01:00.000');
  });

  test(`[${dialect}] partner endpoints take partner tokens only; user tokens get a 401`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const probe = await partnerEndpoint(app);
    t.teardown(probe.close);
    const { db } = app.services;
    const { ctx, org, created } = await partnerWithToken(app);
    t.regex(created.token, /^pt_\d+\|[A-Za-z0-9]{48}$/);

    const ok = await probe.client.get('/api/v1/partner-probe', { token: created.token });
    t.is(ok.status, 200);
    t.deepEqual(ok.body, {
      kind: 'partner',
      partnerId: created.partner.id,
      tokenId: created.token_id,
      organizationIds: [org.id],
    });

    const user = await createUser(db, { grants: [{ role: 'system_admin', organizationId: null }] });
    const userToken = await tokenFor(app.services, user.id);
    const before = await snapshot(db, TABLES);
    const userRes = await probe.client.get('/api/v1/partner-probe', { token: userToken });
    t.is(userRes.status, 401);
    t.regex(userRes.body.message, /partner token/);
    const [pid, psecret] = created.token.split('|');
    t.is(
      (await probe.client.get('/api/v1/partner-probe', { token: `${pid}|${'y'.repeat(psecret.length)}` }))
        .status,
      401,
    );
    t.is((await probe.client.get('/api/v1/partner-probe')).status, 401);
    t.deepEqual(await snapshot(db, TABLES), before);

    await runOperation(revokePartnerTokens, ctx, { partner: 'Paywise', all: true });
    t.is((await probe.client.get('/api/v1/partner-probe', { token: created.token })).status, 401, 'revoked');
  });
}
