// The workforce demo seed: loaded through the import, idempotent, and its users can log in.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { DEMO_PASSWORD, seed } from '../../../seeds/10_workforce_demo.js';
import { stateOf } from './world.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] the workforce demo seed loads once, adds nothing the second time, and its users log in`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const first = (await seed(app.services)) as any;
    t.is(first.counts.employees.created, 10);
    t.is(first.counts.attendance.created, 310, 'December 2025: 31 days × 10 employees');
    const before = await stateOf(app.services.db);
    const second = (await seed(app.services)) as any;
    t.true(Object.values(second.counts).every((c: any) => c.created === 0 && c.updated === 0));
    const after = await stateOf(app.services.db);
    t.deepEqual(after.employees, before.employees);
    t.deepEqual(after.attendance, before.attendance);
    t.deepEqual(after.user_roles, before.user_roles);
    for (const email of ['hr@acme.demo', 'a1001@acme.demo', 'admin@wfctl.demo']) {
      const login = await app.workforce.post('/api/v1/auth/login', {
        email,
        password: DEMO_PASSWORD,
        device_name: 'demo',
      });
      t.is(login.status, 200, `${email}: ${login.text}`);
    }
  });
}
