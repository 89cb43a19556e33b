// Caregivers: invite (email in the outbox + job in the same transaction), accept, revoke, expiry,
// the bad-token and twice-accepted answers, and what view and full caregivers may do.
import test from 'ava';
import { DAY } from '../../../src/core/clock.js';
import { workOnce } from '../../../src/core/job-queue.js';
import { jobHandlers } from '../../../src/tasks.js';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, registerOwner } from '../fixtures.js';
import { rowCounts, world } from './fixtures.js';

const TABLES = ['pet_caregivers', 'mail_outbox', 'jobs', 'clinic_audit_entries'];

async function tokenFromOutbox(app: any, email: string): Promise<string> {
  const mail = await app.services.db('mail_outbox').where('to_address', email).orderBy('id', 'desc').first();
  const match = /^ {4}([A-Za-z0-9]{48})$/m.exec(mail.body);
  if (!match) throw new Error('no token in the invite email');
  return match[1];
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] invite queues the email in the same transaction; the job delivers it; accept binds the caller`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId } = await world(app);
    const friend = await registerOwner(app, clinic.tenant.id);

    const res = await app.clinic.post(
      `/api/v1/owner/me/pets/${petId}/caregivers`,
      {
        invited_email: friend.email.toUpperCase(),
        invited_name: 'Fay Friend',
        access_level: 'view',
        note: 'Walks on Tuesdays',
      },
      { token: owner.token },
    );
    t.is(res.status, 200, res.text);
    const cg = res.body.data;
    t.is(cg.status_label, 'pending');
    t.is(cg.invited_email, friend.email);
    t.is(cg.access_level, 'view');
    t.is(cg.expires_at, new Date(app.clock.now().getTime() + 7 * DAY).toISOString());
    t.false(JSON.stringify(res.body).includes('token'));

    const db = app.services.db;
    const row = await db('pet_caregivers').where('id', cg.id).first();
    t.regex(row.token_hash, /^[0-9a-f]{64}$/);
    const mail = await db('mail_outbox').where('to_address', friend.email).first();
    t.is(mail.status, 'queued');
    t.regex(mail.body, /Walks on Tuesdays/);
    const token = await tokenFromOutbox(app, friend.email);
    t.false(JSON.stringify(row).includes(token));
    const job = await db('jobs').where('name', 'SendCaregiverInviteEmailJob').first();
    t.deepEqual(JSON.parse(job.payload), { mail_id: Number(mail.id) });
    t.false(job.payload.includes(token));

    // `wfctl jobs work --once`
    const ran = await workOnce(app.services, jobHandlers, 'test-worker');
    t.is(ran?.status, 'done');
    t.is((await db('mail_outbox').where('id', mail.id).first()).status, 'sent');

    const accepted = await app.clinic.post('/api/v1/caregivers/accept', { token }, { token: friend.token });
    t.is(accepted.status, 200, accepted.text);
    t.is(accepted.body.data.access_level, 'view');
    t.is(accepted.body.data.pet.id, petId);
    t.is(accepted.body.data.pet.name, 'Biscuit');

    const again = await app.clinic.post('/api/v1/caregivers/accept', { token }, { token: friend.token });
    t.is(again.status, 409);
    t.is(again.body.code, 'INVITE_ALREADY_ACCEPTED');

    const shared = await app.clinic.get('/api/v1/owner/me/caregivers/shared-with-me', {
      token: friend.token,
    });
    t.is(shared.status, 200);
    t.is(shared.body.data.length, 1);
    t.is(shared.body.data[0].pet.id, petId);
    t.is(shared.body.data[0].access_level, 'view');
    t.is(shared.body.data[0].owner.name, 'Olive Owner');

    const list = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/caregivers`, { token: owner.token });
    t.is(list.status, 200);
    t.is(list.body.data[0].status_label, 'active');
    t.is(list.body.data[0].caregiver_user_id, friend.userId);

    // A caregiver is not the primary owner: the list and invites are 404 for them.
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/pets/${petId}/caregivers`, { token: friend.token })).status,
      404,
    );

    const revoked = await app.clinic.post(
      `/api/v1/owner/me/pets/${petId}/caregivers/${cg.id}/revoke`,
      undefined,
      { token: owner.token },
    );
    t.is(revoked.status, 200);
    t.is(revoked.body.data.status_label, 'revoked');
    t.is(revoked.body.data.revoked_at, app.clock.now().toISOString());
    const after = await app.clinic.get('/api/v1/owner/me/caregivers/shared-with-me', { token: friend.token });
    t.is(after.body.data.length, 0);
    const gone = await app.clinic.post('/api/v1/caregivers/accept', { token }, { token: friend.token });
    t.is(gone.status, 410);
    t.is(gone.body.code, 'INVITE_REVOKED');
  });

  test(`[${dialect}] expired invite is 410, unknown token 404, malformed token 422`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId } = await world(app);
    const friend = await registerOwner(app, clinic.tenant.id);
    const res = await app.clinic.post(
      `/api/v1/owner/me/pets/${petId}/caregivers`,
      { invited_email: friend.email, access_level: 'full' },
      { token: owner.token },
    );
    t.is(res.status, 200);
    const token = await tokenFromOutbox(app, friend.email);

    app.clock.advance(7 * DAY);
    const list = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/caregivers`, { token: owner.token });
    t.is(list.body.data[0].status_label, 'expired');
    const expired = await app.clinic.post('/api/v1/caregivers/accept', { token }, { token: friend.token });
    t.is(expired.status, 410);
    t.is(expired.body.code, 'INVITE_EXPIRED');

    const unknown = await app.clinic.post(
      '/api/v1/caregivers/accept',
      { token: 'x'.repeat(48) },
      { token: friend.token },
    );
    t.is(unknown.status, 404);
    const short = await app.clinic.post(
      '/api/v1/caregivers/accept',
      { token: 'abc' },
      { token: friend.token },
    );
    t.is(short.status, 422);
    t.truthy(short.body.errors.token);
    t.is((await app.clinic.post('/api/v1/caregivers/accept', { token })).status, 401);

    // An expired invite no longer blocks a fresh one to the same email.
    const again = await app.clinic.post(
      `/api/v1/owner/me/pets/${petId}/caregivers`,
      { invited_email: friend.email, access_level: 'full' },
      { token: owner.token },
    );
    t.is(again.status, 200);
  });

  test(`[${dialect}] invite validation: 422 naming fields and nothing written`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId } = await world(app);
    const friend = await registerOwner(app, clinic.tenant.id);
    const before = await rowCounts(app, TABLES);
    const path = `/api/v1/owner/me/pets/${petId}/caregivers`;

    const missing = await app.clinic.post(path, {}, { token: owner.token });
    t.is(missing.status, 422);
    t.deepEqual(Object.keys(missing.body.errors).sort(), ['access_level', 'invited_email']);

    const bad = await app.clinic.post(
      path,
      { invited_email: 'not-an-email', access_level: 'admin', invited_name: 'n'.repeat(181) },
      { token: owner.token },
    );
    t.is(bad.status, 422);
    t.deepEqual(Object.keys(bad.body.errors).sort(), ['access_level', 'invited_email', 'invited_name']);

    const own = await app.clinic.post(
      path,
      { invited_email: owner.email.toUpperCase(), access_level: 'view' },
      { token: owner.token },
    );
    t.is(own.status, 422);
    t.truthy(own.body.errors.invited_email);

    // A caregiver or a stranger cannot invite: the pet is not theirs (404).
    t.is(
      (
        await app.clinic.post(
          path,
          { invited_email: 'x@example.test', access_level: 'view' },
          { token: friend.token },
        )
      ).status,
      404,
    );
    t.deepEqual(await rowCounts(app, TABLES), before);

    t.is(
      (
        await app.clinic.post(
          path,
          { invited_email: friend.email, access_level: 'view' },
          { token: owner.token },
        )
      ).status,
      200,
    );
    const dup = await app.clinic.post(
      path,
      { invited_email: friend.email, access_level: 'full' },
      { token: owner.token },
    );
    t.is(dup.status, 422);
    t.truthy(dup.body.errors.invited_email);

    // The owner cannot accept an invite to their own pet.
    const token = await tokenFromOutbox(app, friend.email);
    const self = await app.clinic.post('/api/v1/caregivers/accept', { token }, { token: owner.token });
    t.is(self.status, 422);
  });
}
