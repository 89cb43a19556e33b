// Forms on a real terminal (tmux, 80 columns), issue 25: every answer is checked as it is typed
// with the operation's own rule (or looked up), refused at its prompt and kept for correction, and
// every required value is asked for; nothing typed is thrown away by a failure after the last one.
import { createTestDb } from '../helpers/db.js';
import { openTerminal, terminalTest, type Terminal } from '../helpers/tty.js';
import { createOrg } from '../helpers/workforce.js';

/** Erases what the prompt holds (the refused answer is kept on it for correction). */
const erase = (term: Terminal, n: number) => term.type(...Array<string>(n).fill('BSpace'));

terminalTest(
  'tenant create at 80 columns: a bad slug, e-mail and password are refused at their prompts',
  async (t) => {
    const tdb = await createTestDb('sqlite');
    t.teardown(() => tdb.destroy());
    const term = openTerminal(['tenant', 'create'], {
      width: 80,
      env: { DATABASE_URL: tdb.database.url },
    });
    t.teardown(() => term.close());

    await term.waitFor(/Tenant name/);
    term.type('Happy Paws', 'Enter');
    await term.waitFor(/Slug/);
    term.type('Happy Paws!', 'Enter');
    let screen = await term.waitFor(/may only contain letters, digits and single hyphens/);
    t.notRegex(screen, /Tenant contact email/, 'still at the slug prompt');
    t.regex(screen, /Slug \(letters, digits, hyphens\) Happy Paws!/, 'the answer is kept');
    erase(term, 'Happy Paws!'.length);
    term.type('happy-paws', 'Enter');

    await term.waitFor(/Tenant contact email/);
    term.type('hello@', 'Enter');
    screen = await term.waitFor(/must be a valid email address/);
    t.notRegex(screen, /Admin name/);
    erase(term, 'hello@'.length);
    term.type('hello@happypaws.test', 'Enter');

    await term.waitFor(/Admin name/);
    term.type('Asha', 'Enter');
    await term.waitFor(/Admin login email/);
    term.type('asha@happypaws.test', 'Enter');
    await term.waitFor(/Admin password/);
    term.type('short', 'Enter');
    screen = await term.waitFor(/must be at least 8 characters/);
    t.notRegex(screen, /Business type/);
    erase(term, 'short'.length);
    term.type('a-long-enough-password', 'Enter');

    await term.waitFor(/Business type/);
    term.type('Enter');
    await term.waitFor(/Subscription plan/);
    term.type('Enter');
    t.is(await term.exitCode(), 0, term.screen());
    screen = term.screen();
    t.regex(screen, /Created tenant happy-paws/);
    t.regex(screen, /^database: sqlite /m, 'a command that changes data says which database');
    for (const line of screen.split('\n')) t.true(line.length <= 80, line);
    const tenant = await tdb.db('tenants').where({ slug: 'happy-paws' }).first('email');
    t.is(tenant.email, 'hello@happypaws.test');
  },
);

terminalTest(
  'partner add asks kind, url and organizations, and refuses a short secret at its prompt',
  async (t) => {
    const tdb = await createTestDb('sqlite');
    t.teardown(() => tdb.destroy());
    await createOrg(tdb.db, { code: 'ACME' });
    const term = openTerminal(['partner', 'add', 'Paywise'], {
      width: 80,
      env: { DATABASE_URL: tdb.database.url },
    });
    t.teardown(() => term.close());

    await term.waitFor(/Kind/);
    term.type('Enter'); // the first choice: payroll
    await term.waitFor(/Push base URL/);
    term.type('not a url', 'Enter');
    let screen = await term.waitFor(/http/i);
    t.notRegex(screen, /Organizations/);
    erase(term, 'not a url'.length);
    term.type('https://paywise.example/in', 'Enter');
    await term.waitFor(/Organizations/);
    term.type('acme', 'Enter');
    screen = await term.waitFor(/no organization acme\. Did you mean ACME\?/);
    t.notRegex(screen, /Outbound bearer token/);
    erase(term, 'acme'.length);
    term.type('ACME', 'Enter');
    await term.waitFor(/Outbound bearer token/);
    term.type('outbound-bearer', 'Enter');
    await term.waitFor(/Signing secret/);
    term.type('12345', 'Enter');
    screen = await term.waitFor(/must be at least 16 characters/);
    erase(term, 5);
    term.type('a-signing-secret-of-16+', 'Enter');
    t.is(await term.exitCode(), 0, term.screen());
    const partner = await tdb.db('partners').where({ name: 'Paywise' }).first('kind', 'push_url');
    t.deepEqual({ ...partner }, { kind: 'payroll', push_url: 'https://paywise.example/in' });
  },
);

terminalTest('lock checks the organization code before it asks the month', async (t) => {
  const tdb = await createTestDb('sqlite');
  t.teardown(() => tdb.destroy());
  await createOrg(tdb.db, { code: 'ACME' });
  const term = openTerminal(['lock', '--org', 'acme'], {
    width: 80,
    env: { DATABASE_URL: tdb.database.url },
  });
  t.teardown(() => term.close());
  t.is(await term.exitCode(), 2);
  const screen = term.screen();
  t.regex(screen, /--org: no organization acme\. Did you mean ACME\?/);
  t.notRegex(screen, /Month/);
});

terminalTest(
  'user create refuses a short password at its hidden prompt and keeps the other answers',
  async (t) => {
    const tdb = await createTestDb('sqlite');
    t.teardown(() => tdb.destroy());
    const term = openTerminal(['user', 'create'], { width: 80, env: { DATABASE_URL: tdb.database.url } });
    t.teardown(() => term.close());

    await term.waitFor(/Email\?/);
    term.type('asha@acme.test', 'Enter');
    await term.waitFor(/Name\?/);
    term.type('Asha', 'Enter');
    await term.waitFor(/Password/);
    term.type('short', 'Enter');
    const screen = await term.waitFor(/The password must be at least 8 characters/);
    t.notRegex(screen, /Created user|--password-stdin must/);
    erase(term, 'short'.length);
    term.type('a-long-enough-password', 'Enter');
    t.is(await term.exitCode(), 0, term.screen());
    t.regex(term.screen(), /Created user asha@acme\.test/);
    t.truthy(await tdb.db('users').where({ email: 'asha@acme.test' }).first('id'));
  },
);
