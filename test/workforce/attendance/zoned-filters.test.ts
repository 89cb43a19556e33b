// The workforce's date filters were checked for the clinic's mistake (issue 26, point 6): a day is the
// unit's local day. GET /attendances?from&to filter the stored `date`, which is already the day on the
// unit's wall clock when the punch is placed, so a punch at 00:30 in Kolkata (19:00Z the day before)
// is found under its local day, and one at 22:00 in New York (03:00Z the next day) under its own.
import test from 'ava';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { orgWorld } from './fixtures.js';

async function dayOf(app: TestApp, timezone: string, at: string) {
  const w = await orgWorld(app.services, { timezone });
  const target = w.employees[1];
  const res = await app.workforce.post(
    '/api/v1/attendance/punches',
    { kind: 'check_in', at, employee_id: target.code },
    { token: w.tokens.hr },
  );
  if (res.status !== 201) throw new Error(`punch: ${res.status} ${res.text}`);
  const list = (q: string) =>
    app.workforce
      .get(`/api/v1/attendances?employee_id=${target.code}&${q}`, { token: w.tokens.hr })
      .then((r) => r.body.data.map((a: any) => a.date));
  return { date: res.body.attendance.date as string, list };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] attendance from/to are days of the unit's zone (Asia/Kolkata, America/New_York)`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    app.clock.set(new Date('2026-03-02T12:00:00Z'));

    const india = await dayOf(app, 'Asia/Kolkata', '2026-02-28T19:00:00Z'); // 00:30 on 1 March, IST
    t.is(india.date, '2026-03-01');
    t.deepEqual(await india.list('from=2026-03-01&to=2026-03-01'), ['2026-03-01']);
    t.deepEqual(await india.list('to=2026-02-28'), []);

    const york = await dayOf(app, 'America/New_York', '2026-03-01T03:00:00Z'); // 22:00 on 28 February, EST
    t.is(york.date, '2026-02-28');
    t.deepEqual(await york.list('from=2026-03-01'), []);
    t.deepEqual(await york.list('from=2026-02-28&to=2026-02-28'), ['2026-02-28']);
  });
}
