// Off a terminal, every missing required value is named in one usage error (issue 14), so a
// script's author fixes them all at once; nothing is asked and nothing runs.
import test from 'ava';
import { runCli } from '../helpers/cli.js';
import { createTestDb } from '../helpers/db.js';

test('offboard with nothing given names the employee and both flags, exit 2', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const r = await runCli(['offboard', '--json'], { databaseUrl: db.database.url });
  t.is(r.code, 2);
  t.regex(r.stderr, /Missing required options <employee>, --last-day, --reason\./);
  t.deepEqual(Object.keys(r.json().errors), ['<employee>', '--last-day', '--reason']);
});
