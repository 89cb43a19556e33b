// Who may correct another employee's day is what README and docs/workforce-attendance.md say:
// attendance.lock holders (hr, org_admin, system_admin). A shift_manager holds no attendance.lock:
// a correction is a 403 (inside the organization), with or without a device; hr's is a 201.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createUser, tokenFor } from '../../helpers/workforce.js';
import { orgWorld } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] a shift manager's correction is a 403; hr's is accepted`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    app.clock.set(new Date('2026-01-20T10:00:00Z'));
    const w = await orgWorld(app.services);
    const manager = await createUser(app.services.db, {
      grants: [{ role: 'shift_manager', organizationId: w.org.id }],
    });
    const token = await tokenFor(app.services, manager.id);
    const body = { kind: 'check_in', at: '2026-01-19T04:00:00Z', employee_id: w.employees[1].code };
    const refused = await app.workforce.post('/api/v1/attendance/punches', body, { token });
    t.is(refused.status, 403, refused.text);
    const hr = await app.workforce.post('/api/v1/attendance/punches', body, { token: w.tokens.hr });
    t.is(hr.status, 201, hr.text);
  });
}
