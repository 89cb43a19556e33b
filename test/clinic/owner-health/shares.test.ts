// Share codes: minting (length, alphabet, TTL), validation, listing, revoke, the public preview,
// redeeming (authentication, the pet moving, the Client row created once) and concurrent redeems.
import test from 'ava';
import { PassThrough } from 'node:stream';
import { createLogger } from '../../../src/core/logger.js';
import { DIALECTS } from '../../helpers/db.js';
import { MINUTE } from '../../../src/core/clock.js';
import { SHARE_CODE_ALPHABET } from '../../../src/clinic/shares/codes.js';
import { runOperation } from '../../../src/core/operation.js';
import { createShareOperation } from '../../../src/clinic/shares/operations/owner-shares.js';
import { httpContext } from '../../../src/clinic/context.js';
import {
  addStaff,
  bootClinic,
  countRows,
  grantCaregiver,
  insertPet,
  registerOwner,
  signup,
  world,
} from './fixtures.js';

const CODE = new RegExp(`^[${SHARE_CODE_ALPHABET}]{8}$`);

for (const dialect of DIALECTS) {
  test(`[${dialect}] shares: mint, validate, list, revoke, preview and expiry`, async (t) => {
    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk) => (logged += chunk));
    const app = await bootClinic(dialect, {
      env: { SHARE_TTL_MINUTES: '30' },
      logger: createLogger('info', log),
    });
    t.teardown(app.close);
    const { admin, owner, petId } = await world(app);
    const stranger = await registerOwner(app, admin.tenant.id);
    const helper = await registerOwner(app, admin.tenant.id);
    await grantCaregiver(app, petId, owner.userId, helper.userId, 'full');

    const made = await app.clinic.post(
      '/api/v1/owner/me/shares',
      { pet_id: petId, note: 'for Dr. Rao' },
      { token: owner.token },
    );
    t.is(made.status, 201, made.text);
    t.like(made.body.data, { pet_id: petId, note: 'for Dr. Rao', expires_at: '2026-01-15T10:30:00.000Z' });
    t.regex(made.body.data.code, CODE);
    const custom = await app.clinic.post(
      '/api/v1/owner/me/shares',
      { pet_id: petId, expires_in_minutes: 5 },
      { token: owner.token },
    );
    t.is(custom.body.data.expires_at, '2026-01-15T10:05:00.000Z');
    t.not(custom.body.data.code, made.body.data.code);

    const before = await countRows(app.services.db, 'pet_shares');
    const bad: Array<[unknown, string, string[]]> = [
      [{}, owner.token, ['pet_id']],
      [{ pet_id: petId, expires_in_minutes: 4 }, owner.token, ['expires_in_minutes']],
      [{ pet_id: petId, expires_in_minutes: 1441 }, owner.token, ['expires_in_minutes']],
      [{ pet_id: petId, expires_in_minutes: 10.5 }, owner.token, ['expires_in_minutes']],
      [{ pet_id: petId, note: 'n'.repeat(501) }, owner.token, ['note']],
      [{ pet_id: petId }, stranger.token, ['pet_id']],
      [{ pet_id: petId }, helper.token, ['pet_id']],
      [{ pet_id: 999999 }, owner.token, ['pet_id']],
    ];
    for (const [body, token, fields] of bad) {
      const res = await app.clinic.post('/api/v1/owner/me/shares', body, { token });
      t.is(res.status, 422, JSON.stringify(body));
      t.deepEqual(Object.keys(res.body.errors), fields);
    }
    t.is(await countRows(app.services.db, 'pet_shares'), before);

    const listed = await app.clinic.get('/api/v1/owner/me/shares', { token: owner.token });
    t.deepEqual(
      listed.body.data.map((s: any) => s.id).sort(),
      [made.body.data.id, custom.body.data.id].sort(),
    );
    t.is((await app.clinic.get('/api/v1/owner/me/shares', { token: stranger.token })).body.data.length, 0);

    // Preview: pet and owner name for any signed-in account (not a public endpoint in the
    // contract), case-insensitive; changes nothing.
    const unsigned = await app.clinic.get(`/api/v1/shares/${made.body.data.code}`);
    t.is(unsigned.status, 401);
    const preview = await app.clinic.get(`/api/v1/shares/${made.body.data.code.toLowerCase()}`, {
      token: stranger.token,
    });
    t.is(preview.status, 200);
    t.like(preview.body.data, {
      pet: { name: 'Biscuit', species: 'dog', breed: 'Beagle' },
      owner: { name: 'Olive Owner' },
    });
    t.is(preview.body.data.pet.id, undefined);
    t.is((await app.clinic.get('/api/v1/shares/ZZZZZZZZ', { token: stranger.token })).status, 404);
    // The access log shows the route, never the code (whoever reads logs could redeem it).
    t.regex(logged, /"path":"\/api\/v1\/shares\/:code"/);
    t.false(logged.includes(made.body.data.code), 'no share code in the log');

    // Revoke: someone else's is a 404; twice is unchanged; a revoked code has no preview.
    const path = `/api/v1/owner/me/shares/${made.body.data.id}/revoke`;
    t.is((await app.clinic.post(path, undefined, { token: stranger.token })).status, 404);
    const revoked = await app.clinic.post(path, undefined, { token: owner.token });
    t.is(revoked.status, 200);
    t.like(revoked.body.data, { id: made.body.data.id, revoked: true, status: 'revoked' });
    t.is(
      (await app.clinic.post(path, undefined, { token: owner.token })).body.data.revoked_at,
      revoked.body.data.revoked_at,
    );
    t.is(
      (await app.clinic.get(`/api/v1/shares/${made.body.data.code}`, { token: stranger.token })).status,
      404,
    );

    // Expiry by the clock: the 5-minute code dies at 10:05 exactly.
    app.clock.advance(5 * MINUTE - 1);
    t.is(
      (await app.clinic.get(`/api/v1/shares/${custom.body.data.code}`, { token: stranger.token })).status,
      200,
    );
    app.clock.advance(1);
    t.is(
      (await app.clinic.get(`/api/v1/shares/${custom.body.data.code}`, { token: stranger.token })).status,
      404,
    );
    t.is((await app.clinic.get('/api/v1/owner/me/shares', { token: owner.token })).body.data.length, 0);
    const vet = await addStaff(app, admin, 'veterinarian');
    const late = await app.clinic.post(
      '/api/v1/shares/redeem',
      { code: custom.body.data.code, tenant_id: admin.tenant.id, user_id: vet.userId },
      { token: vet.token },
    );
    t.is(late.status, 422);
    t.truthy(late.body.errors.code);
  });

  test(`[${dialect}] shares: a code collision is retried with a new code`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { owner, petId } = await world(app);
    const codes = ['AAAA2222', 'AAAA2222', 'BBBB3333'];
    const ctx = httpContext(app.services, owner.userId);
    const createShare = createShareOperation(() => codes.shift()!);
    const first = await runOperation(createShare, ctx, { pet_id: petId });
    const second = await runOperation(createShare, ctx, { pet_id: petId });
    t.is(first.code, 'AAAA2222');
    t.is(second.code, 'BBBB3333');
    t.is(codes.length, 0);
  });

  test(`[${dialect}] shares: redeem attempts are limited to 30 a minute per user`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    await world(app);
    const target = await signup(app);
    const vet = await addStaff(app, target, 'veterinarian');
    const guess = { code: 'ZZZZZZZZ', tenant_id: target.tenant.id, user_id: vet.userId };
    for (let i = 0; i < 30; i++) {
      t.is((await app.clinic.post('/api/v1/shares/redeem', guess, { token: vet.token })).status, 422);
    }
    const limited = await app.clinic.post('/api/v1/shares/redeem', guess, { token: vet.token });
    t.is(limited.status, 429);
    t.truthy(limited.headers.get('retry-after'));
  });

  test(`[${dialect}] shares: redeem moves the pet, creates the Client row once, and is single-use`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { owner, petId } = await world(app);
    const target = await signup(app);
    const vet = await addStaff(app, target, 'veterinarian');
    const desk = await addStaff(app, target, 'receptionist');
    const pharmacy = await signup(app, { business_type: 'pharmacy' });
    const secondPet = await insertPet(app, owner, { name: 'Pepper' });
    const mint = async (pet: number) =>
      (await app.clinic.post('/api/v1/owner/me/shares', { pet_id: pet }, { token: owner.token })).body.data;
    const share = await mint(petId);
    const redeem = (body: Record<string, unknown>, token?: string) =>
      app.clinic.post('/api/v1/shares/redeem', body, { token });
    const ok = { code: share.code, tenant_id: target.tenant.id, user_id: vet.userId };

    const clientsBefore = await countRows(app.services.db, 'clinic_clients');
    t.is((await redeem(ok)).status, 401);
    t.is((await redeem(ok, desk.token)).status, 403, 'user_id must be the caller');
    t.is(
      (await redeem({ ...ok, tenant_id: pharmacy.tenant.id, user_id: pharmacy.user.id }, pharmacy.token))
        .status,
      422,
    );
    const notMember = await redeem({ ...ok, user_id: owner.userId }, owner.token);
    t.is(notMember.status, 403);
    t.is(notMember.body.code, 'NOT_A_MEMBER');
    const invalid = await redeem({ code: 'SHORT', tenant_id: 'x' }, vet.token);
    t.is(invalid.status, 422);
    t.deepEqual(Object.keys(invalid.body.errors).sort(), ['code', 'tenant_id', 'user_id']);
    t.is((await redeem({ ...ok, tenant_id: 999999 }, vet.token)).status, 422);
    t.is((await redeem({ ...ok, code: 'ZZZZZZZZ' }, vet.token)).status, 422);
    t.is(await countRows(app.services.db, 'clinic_clients'), clientsBefore);

    const done = await redeem({ ...ok, code: share.code.toLowerCase() }, vet.token);
    t.is(done.status, 200, done.text);
    t.is(done.body.data.pet.id, petId);
    t.is(done.body.data.pet.tenant_id, target.tenant.id);
    t.is(done.body.data.pet.client_id, done.body.data.client_id);
    t.regex(done.body.data.message, /new client record/);
    const client = await app.services.db('clinic_clients').where('id', done.body.data.client_id).first();
    t.is(Number(client.tenant_id), target.tenant.id);
    t.is(Number(client.owner_user_id), owner.userId);
    t.is(await countRows(app.services.db, 'clinic_clients'), clientsBefore + 1);

    const again = await redeem(ok, vet.token);
    t.is(again.status, 422, 'single use');
    t.is((await app.clinic.get(`/api/v1/shares/${share.code}`, { token: vet.token })).status, 404);
    t.is(
      (await app.clinic.post(`/api/v1/owner/me/shares/${share.id}/revoke`, undefined, { token: owner.token }))
        .status,
      422,
    );

    // The owner's second pet joins the same Client row; the owner still reaches the moved pet.
    const next = await redeem({ ...ok, code: (await mint(secondPet)).code }, vet.token);
    t.is(next.status, 200);
    t.is(next.body.data.client_id, done.body.data.client_id);
    t.notRegex(next.body.data.message, /new client record/);
    t.is(await countRows(app.services.db, 'clinic_clients'), clientsBefore + 1);
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/pets/${petId}/vaccinations`, { token: owner.token })).status,
      200,
    );
  });

  test(`[${dialect}] shares: of two concurrent redeems exactly one wins`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { owner, petId } = await world(app);
    const a = await signup(app);
    const b = await signup(app);
    const share = (
      await app.clinic.post('/api/v1/owner/me/shares', { pet_id: petId }, { token: owner.token })
    ).body.data;
    const results = await Promise.all(
      [a, b].map((s) =>
        app.clinic.post(
          '/api/v1/shares/redeem',
          { code: share.code, tenant_id: s.tenant.id, user_id: s.user.id },
          { token: s.token },
        ),
      ),
    );
    t.deepEqual(results.map((r) => r.status).sort(), [200, 422]);
    const winner = results.find((r) => r.status === 200)!;
    const pet = await app.services.db('pets').where('id', petId).first();
    t.is(Number(pet.tenant_id), winner.body.data.pet.tenant_id);
    const row = await app.services.db('pet_shares').where('id', share.id).first();
    t.is(Number(row.redeemed_tenant_id), winner.body.data.pet.tenant_id);
  });
}
