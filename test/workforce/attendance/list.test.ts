// GET /attendances: keyset pagination over 1,000 rows, filters, scope, limits and tampered cursors.
import test from 'ava';
import { encodeCursor } from '../../../src/core/cursor.js';
import { addDays } from '../../../src/core/calendar.js';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createAttendance, orgWorld, type AttendanceRowInput } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] 1,000 rows page by (date, id) with filters, never repeating or skipping`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    const rows: AttendanceRowInput[] = [];
    for (let i = 0; i < 500; i++) {
      const date = addDays('2024-06-01', i);
      for (const e of a.employees)
        rows.push({ employeeId: e.id, organizationId: a.org.id, unitId: e.unitId, date });
    }
    for (const e of b.employees)
      rows.push({ employeeId: e.id, organizationId: b.org.id, unitId: e.unitId, date: '2024-06-01' });
    await createAttendance(db, rows);

    const walk = async (query: string, token = a.tokens.orgAdmin) => {
      const seen: Array<{ id: number; date: string }> = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/v1/attendances?${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await app.workforce.get(url, { token });
        t.is(res.status, 200, res.text);
        seen.push(...res.body.data.map((r: any) => ({ id: r.id, date: r.date })));
        cursor = res.body.meta.next_cursor;
        pages += 1;
      } while (cursor);
      return { seen, pages };
    };

    const all = await walk('limit=37');
    t.is(all.seen.length, 1000, 'only the caller organization rows');
    t.is(new Set(all.seen.map((r) => r.id)).size, 1000);
    t.is(all.pages, Math.ceil(1000 / 37));
    const sorted = [...all.seen].sort((x, y) => (x.date === y.date ? x.id - y.id : x.date < y.date ? -1 : 1));
    t.deepEqual(all.seen, sorted);

    const max = await walk('limit=500');
    t.is(max.pages, 2);
    t.is(max.seen.length, 1000);

    const byEmployee = await walk(`limit=100&employee_id=${a.employees[1].code}`);
    t.is(byEmployee.seen.length, 500);
    const byUnit = await walk(`limit=100&unit_id=${a.units[0].id}&from=2024-07-01&to=2024-07-31`);
    t.is(byUnit.seen.length, 31);
    t.true(byUnit.seen.every((r) => r.date >= '2024-07-01' && r.date <= '2024-07-31'));

    const first = await app.workforce.get('/api/v1/attendances', { token: a.tokens.orgAdmin });
    t.is(first.body.meta.limit, 50);
    t.is(first.body.data.length, 50);
    const item = first.body.data[0];
    t.deepEqual(Object.keys(item).sort(), [
      'check_in',
      'check_out',
      'date',
      'employee_id',
      'flags',
      'id',
      'lock_id',
      'locked_at',
      'organization_code',
      'status',
      'unit_code',
      'worked_minutes',
    ]);
    t.is(item.organization_code, a.org.code);
    t.is(item.check_in, '03:30:00Z');
    t.deepEqual(item.flags, []);
    t.is(item.locked_at, null);

    const foreign = await app.workforce.get(`/api/v1/attendances?organization_id=${b.org.id}`, {
      token: a.tokens.orgAdmin,
    });
    t.is(foreign.status, 404);
    const own = await walk('limit=500', a.tokens.employee);
    t.is(own.seen.length, 500, 'an employee without a role sees only their own rows');
  });

  test(`[${dialect}] limits and cursors: over the maximum, malformed or tampered → 422`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const a = await orgWorld(app.services);
    await createAttendance(
      app.services.db,
      ['2025-01-01', '2025-01-02', '2025-01-03'].map((date) => ({
        employeeId: a.employees[0].id,
        organizationId: a.org.id,
        unitId: a.units[0].id,
        date,
      })),
    );
    const get = (q: string) => app.workforce.get(`/api/v1/attendances?${q}`, { token: a.tokens.orgAdmin });
    for (const [q, field] of [
      ['limit=501', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['from=2025-02-30', 'from'],
      ['from=2025-02-01&to=2025-01-01', 'to'],
      ['unit_id=x', 'unit_id'],
      ['organization_id=0x1', 'organization_id'],
      ['unit_id=1e0', 'unit_id'],
      ['cursor=%%%', 'cursor'],
      ['cursor=abc', 'cursor'],
    ]) {
      const res = await get(q);
      t.is(res.status, 422, q);
      t.truthy(res.body.errors[field], `${q} names ${field}`);
    }
    const page = await get('limit=1');
    const cursor: string = page.body.meta.next_cursor;
    t.truthy(cursor);
    const flipped = cursor.slice(0, -2) + (cursor.endsWith('A') ? 'BB' : 'AA');
    t.is((await get(`cursor=${flipped}`)).status, 422);
    t.is((await get(`cursor=${encodeCursor([1, 'x'])}`)).status, 422, 'checksum ok, shape wrong');
    const next = await get(`limit=1&cursor=${cursor}`);
    t.is(next.status, 200);
    t.is(next.body.data[0].date, '2025-01-02');
    const last = await get('limit=3');
    t.is(last.body.meta.next_cursor, null);
  });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] an employee role sees only their own rows; staff roles see the organization`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const a = await orgWorld(app.services);
    const db = app.services.db;
    await createAttendance(
      db,
      a.employees.map((e) => ({
        employeeId: e.id,
        organizationId: a.org.id,
        unitId: e.unitId,
        date: '2025-03-03',
      })),
    );
    // The fixture's employee account now holds the employee role in its organization.
    await db('user_roles').insert({
      user_id: a.users.employee,
      role: 'employee',
      organization_id: a.org.id,
      scope_key: `org:${a.org.id}`,
      created_at: '2026-01-01 00:00:00.000',
    });
    const codes = async (query: string, token: string) => {
      const res = await app.workforce.get(`/api/v1/attendances?${query}`, { token });
      t.is(res.status, 200, res.text);
      return res.body.data.map((r: any) => r.employee_id).sort();
    };
    const mine = [a.employees[0].code];
    t.deepEqual(await codes('limit=50', a.tokens.employee), mine);
    t.deepEqual(await codes(`organization_id=${a.org.id}`, a.tokens.employee), mine);
    const colleague = await app.workforce.get(`/api/v1/attendances?employee_id=${a.employees[1].code}`, {
      token: a.tokens.employee,
    });
    t.is(colleague.status, 404, 'a colleague is not visible to a plain employee');
    t.deepEqual(await codes(`employee_id=${a.employees[0].code}`, a.tokens.employee), mine);
    t.deepEqual(await codes(`unit_id=${a.employees[0].unitId}`, a.tokens.employee), mine);
    t.deepEqual(await codes('limit=50', a.tokens.hr), a.employees.map((e) => e.code).sort());

    // Another organization's hr: the unit and the employee filters are 404s, like organization_id.
    const b = await orgWorld(app.services);
    for (const query of [
      `organization_id=${a.org.id}`,
      `unit_id=${a.employees[0].unitId}`,
      `employee_id=${a.employees[0].code}`,
      'unit_id=999999',
    ]) {
      const res = await app.workforce.get(`/api/v1/attendances?${query}`, { token: b.tokens.hr });
      t.is(res.status, 404, query);
    }
    t.deepEqual(await codes(`unit_id=${b.units[0].id}`, b.tokens.hr), []);
  });
}
