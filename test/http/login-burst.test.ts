// A burst of concurrent logins from one IP: exactly the first five (the limit) are answered on
// their merits, the rest get 429 — correct passwords among the first five are never refused.
import test from 'ava';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { createOrg, createUser, TEST_PASSWORD } from '../helpers/workforce.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] 9 concurrent correct logins on a limit of 5: five 200s, four 429s`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const org = await createOrg(app.services.db);
    const user = await createUser(app.services.db, { grants: [{ role: 'hr', organizationId: org.id }] });
    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        app.workforce.post('/api/v1/auth/login', {
          email: user.email,
          password: TEST_PASSWORD,
          device_name: 'burst',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    t.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429, 429]);
  });
}
