// POST /attendance/lock and /attendance/unlock: scope rules, overlaps, permissions, bad input.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createUser, snapshot, tokenFor } from '../../helpers/workforce.js';
import { fillMonth, lockedCount, orgWorld } from './fixtures.js';

const TABLES = ['attendance', 'attendance_locks', 'audit_entries'];

for (const dialect of DIALECTS) {
  test(`[${dialect}] a unit lock stamps only that unit's rows of the month, once`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    await fillMonth(db, a, '2026-01');
    await fillMonth(db, b, '2025-12');

    const res = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, organization_unit_id: a.units[0].id, month: '2025-12' },
      { token: a.tokens.orgAdmin },
    );
    t.is(res.status, 201, res.text);
    t.is(res.body.scope, 'unit');
    t.is(res.body.rows_locked, 31);
    t.is(res.body.locked_by, a.users.orgAdmin);
    t.is(res.body.locked_at, app.clock.now().toISOString());
    t.is(await lockedCount(db, { organization_unit_id: a.units[0].id }), 31);
    t.is(await lockedCount(db, { lock_id: res.body.lock_id }), 31);
    t.is(await lockedCount(db, { organization_unit_id: a.units[1].id }), 0, 'other unit untouched');
    t.is(await lockedCount(db, { organization_id: b.org.id }), 0, 'other organization untouched');
    const lock = await db('attendance_locks').where({ id: res.body.lock_id }).first();
    t.is(Number(lock.locked_by), a.users.orgAdmin);
    t.is(lock.scope_key, `unit:${a.units[0].id}`);
    const audit = await db('audit_entries').where({ event: 'attendance.lock' }).first();
    t.is(Number(audit.subject_id), res.body.lock_id);
    t.is(JSON.parse(audit.context).rows_locked, 31);

    const before = await snapshot(db, TABLES);
    const again = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, organization_unit_id: a.units[0].id, month: '2025-12' },
      { token: a.tokens.hr },
    );
    t.is(again.status, 409);
    t.is(again.body.code, 'MONTH_ALREADY_LOCKED');
    t.is(again.body.lock_id, res.body.lock_id);
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] an org lock over a unit-locked month covers the rest; unlocking restores exactly that`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    const [u0, u1] = a.units;
    const post = (path: string, body: unknown, token = a.tokens.orgAdmin) =>
      app.workforce.post(path, body, { token });

    const unitLock = await post('/api/v1/attendance/lock', {
      organization_id: a.org.id,
      organization_unit_id: u0.id,
      month: '2025-12',
    });
    t.is(unitLock.status, 201);
    const orgLock = await post('/api/v1/attendance/lock', { organization_id: a.org.id, month: '2025-12' });
    t.is(orgLock.status, 201, orgLock.text);
    t.is(orgLock.body.scope, 'organization');
    t.is(orgLock.body.rows_locked, 31);
    t.deepEqual(orgLock.body.units_already_locked, [
      { lock_id: unitLock.body.lock_id, organization_unit_id: u0.id },
    ]);
    t.is(await lockedCount(db, { organization_unit_id: u0.id, lock_id: unitLock.body.lock_id }), 31);
    t.is(await lockedCount(db, { organization_unit_id: u1.id, lock_id: orgLock.body.lock_id }), 31);

    // Inside the org-locked month: a unit lock is covered, and unlocking the unit lock is refused.
    const before = await snapshot(db, TABLES);
    const covered = await post('/api/v1/attendance/lock', {
      organization_id: a.org.id,
      organization_unit_id: u1.id,
      month: '2025-12',
    });
    t.is(covered.status, 409);
    t.is(covered.body.lock_id, orgLock.body.lock_id);
    const orgAgain = await post('/api/v1/attendance/lock', { organization_id: a.org.id, month: '2025-12' });
    t.is(orgAgain.status, 409);
    t.is(orgAgain.body.lock_id, orgLock.body.lock_id);
    const unitFirst = await post('/api/v1/attendance/unlock', {
      lock_id: unitLock.body.lock_id,
      reason: 'fix',
    });
    t.is(unitFirst.status, 409);
    t.is(unitFirst.body.code, 'ORGANIZATION_LOCK_COVERS_MONTH');
    t.is(unitFirst.body.lock_id, orgLock.body.lock_id);
    t.deepEqual(await snapshot(db, TABLES), before);

    const unlockOrg = await post('/api/v1/attendance/unlock', {
      lock_id: orgLock.body.lock_id,
      reason: 'late punches',
    });
    t.is(unlockOrg.status, 200, unlockOrg.text);
    t.is(unlockOrg.body.rows_unlocked, 31);
    t.is(await lockedCount(db, { organization_unit_id: u0.id }), 31, 'the unit lock still holds its rows');
    t.is(await lockedCount(db, { organization_unit_id: u1.id }), 0);
    t.falsy(await db('attendance_locks').where({ id: orgLock.body.lock_id }).first());
    const audit = await db('audit_entries').where({ event: 'attendance.unlock' }).first();
    t.is(JSON.parse(audit.context).reason, 'late punches');
    t.is(Number(audit.actor_user_id), a.users.orgAdmin);

    const unlockUnit = await post('/api/v1/attendance/unlock', {
      lock_id: unitLock.body.lock_id,
      reason: 'fix',
    });
    t.is(unlockUnit.status, 200);
    t.is(await lockedCount(db, { organization_id: a.org.id }), 0);
  });

  test(`[${dialect}] ?dry_run=true on lock and unlock returns the summary and changes nothing`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    const post = (path: string, body: unknown) =>
      app.workforce.post(path, body, { token: a.tokens.orgAdmin });
    const body = { organization_id: a.org.id, month: '2025-12' };

    const before = await snapshot(db, TABLES);
    const preview = await post('/api/v1/attendance/lock?dry_run=true', body);
    t.is(preview.status, 200, 'nothing was created');
    t.like(preview.body, { dry_run: true, lock_id: null, scope: 'organization', month: '2025-12' });
    t.true(preview.body.rows_locked > 0);
    t.deepEqual(await snapshot(db, TABLES), before);

    const real = await post('/api/v1/attendance/lock', body);
    t.is(real.status, 201);
    t.is(real.body.dry_run, false);
    t.is(real.body.rows_locked, preview.body.rows_locked, 'the preview was exact');

    const locked = await snapshot(db, TABLES);
    const unlockPreview = await post('/api/v1/attendance/unlock?dry_run=true', {
      lock_id: real.body.lock_id,
      reason: 'checking first',
    });
    t.is(unlockPreview.status, 200);
    t.like(unlockPreview.body, {
      dry_run: true,
      lock_id: real.body.lock_id,
      rows_unlocked: real.body.rows_locked,
    });
    t.deepEqual(await snapshot(db, TABLES), locked, 'the lock is still there');
    const bad = await post('/api/v1/attendance/unlock?dry_run=maybe', {
      lock_id: real.body.lock_id,
      reason: 'x',
    });
    t.is(bad.status, 422);
    t.truthy(bad.body.errors.dry_run);
  });

  test(`[${dialect}] unlock never touches another organization's rows`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    await fillMonth(db, b, '2025-12');
    const admin = await createUser(db, { grants: [{ role: 'system_admin', organizationId: null }] });
    const token = await tokenFor(app.services, admin.id);
    const la = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, month: '2025-12' },
      { token },
    );
    const lb = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: b.org.id, month: '2025-12' },
      { token },
    );
    t.is(la.status, 201);
    t.is(lb.status, 201);
    // A row of B wrongly carrying A's lock id must still not be cleared by A's unlock.
    const stray = await db('attendance').where({ organization_id: b.org.id }).orderBy('id').first('id');
    await db('attendance').where({ id: stray.id }).update({ lock_id: la.body.lock_id });

    const res = await app.workforce.post(
      '/api/v1/attendance/unlock',
      { lock_id: la.body.lock_id, reason: 'redo' },
      { token },
    );
    t.is(res.status, 200);
    t.is(res.body.rows_unlocked, 62);
    t.is(await lockedCount(db, { organization_id: a.org.id }), 0);
    t.is(await lockedCount(db, { organization_id: b.org.id }), 62);

    // B's org_admin cannot see A's locks at all.
    const relock = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, month: '2025-12' },
      { token },
    );
    const foreign = await app.workforce.post(
      '/api/v1/attendance/unlock',
      { lock_id: relock.body.lock_id, reason: 'nope' },
      { token: b.tokens.orgAdmin },
    );
    t.is(foreign.status, 404);
    t.is(await lockedCount(db, { organization_id: a.org.id }), 62);
  });

  test(`[${dialect}] hr may lock but gets 403 on unlock; nothing changes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    const lock = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, month: '2025-12' },
      { token: a.tokens.hr },
    );
    t.is(lock.status, 201);
    t.is(lock.body.locked_by, a.users.hr);
    const before = await snapshot(db, TABLES);
    const res = await app.workforce.post(
      '/api/v1/attendance/unlock',
      { lock_id: lock.body.lock_id, reason: 'please' },
      { token: a.tokens.hr },
    );
    t.is(res.status, 403);
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] bad lock and unlock input: 4xx naming the field, nothing changed`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    await fillMonth(db, a, '2025-12');
    const lock = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, organization_unit_id: a.units[0].id, month: '2025-12' },
      { token: a.tokens.orgAdmin },
    );
    const before = await snapshot(db, TABLES);
    const cases: Array<[unknown, number, string | null]> = [
      [{ organization_id: a.org.id, month: '2025-13' }, 422, 'month'],
      [{ organization_id: a.org.id, month: 'December' }, 422, 'month'],
      [{ organization_id: a.org.id }, 422, 'month'],
      [{ month: '2025-12' }, 422, 'organization_id'],
      [{ organization_id: 'x', month: '2025-12' }, 422, 'organization_id'],
      [{ organization_id: a.org.id, month: '2026-02' }, 422, 'month'], // not started (clock: 2026-01-15)
      [{ organization_id: a.org.id, month: '2026-01' }, 422, 'month'], // running: its punches would be refused
      [
        { organization_id: a.org.id, organization_unit_id: b.units[0].id, month: '2025-12' },
        422,
        'organization_unit_id',
      ],
      [{ organization_id: b.org.id, month: '2025-12' }, 404, null],
      [{ organization_id: 999999, month: '2025-12' }, 404, null],
    ];
    for (const [body, status, field] of cases) {
      const res = await app.workforce.post('/api/v1/attendance/lock', body, { token: a.tokens.orgAdmin });
      t.is(res.status, status, JSON.stringify(body));
      if (field) t.truthy(res.body.errors[field], `${JSON.stringify(body)} names ${field}`);
    }
    const employeeLock = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, month: '2025-12' },
      { token: a.tokens.employee },
    );
    t.is(employeeLock.status, 404, 'an employee without a role sees no organization to lock');
    const unlockCases: Array<[unknown, number, string | null]> = [
      [{ lock_id: lock.body.lock_id }, 422, 'reason'],
      [{ lock_id: lock.body.lock_id, reason: '   ' }, 422, 'reason'],
      [{ lock_id: lock.body.lock_id, reason: ['x'] }, 422, 'reason'],
      [{ lock_id: lock.body.lock_id, reason: { text: 'x' } }, 422, 'reason'],
      [{ reason: 'x' }, 422, 'lock_id'],
      [{ lock_id: 999999, reason: 'x' }, 404, null],
    ];
    for (const [body, status, field] of unlockCases) {
      const res = await app.workforce.post('/api/v1/attendance/unlock', body, { token: a.tokens.orgAdmin });
      t.is(res.status, status, JSON.stringify(body));
      if (field) t.truthy(res.body.errors[field]);
    }
    const anon = await app.workforce.post('/api/v1/attendance/lock', {
      organization_id: a.org.id,
      month: '2025-12',
    });
    t.is(anon.status, 401);
    t.deepEqual(await snapshot(db, TABLES), before);
  });
}
