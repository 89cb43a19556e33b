// `wfctl tenant profile TENANT --city … --lat … --lng …`: the directory profile from the CLI, its
// flags checked by the operation's own schema (exit 2 naming the flag, nothing changed), and the
// tenant_admin rule held for --actor.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { runOperation } from '../../src/core/operation.js';
import { operatorContext } from '../../src/clinic/context.js';
import { addMember } from '../../src/clinic/tenants/operations/add-member.js';
import { createTenant } from '../../src/clinic/tenants/operations/create-tenant.js';
import { runCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

const PASSWORD = 'correct-horse-9';

for (const dialect of DIALECTS) {
  test(`[${dialect}] tenant profile sets the profile; bad flags exit 2 naming the flag`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services = { db: tdb.db, clock: new FixedClock(), config: tdb.config, logger: silentLogger };
    const operator = operatorContext(services);
    await runOperation(createTenant, operator, {
      name: 'Paws',
      slug: 'paws',
      email: 'paws@example.test',
      owner_name: 'Admin',
      owner_email: 'admin@paws.test',
      password: PASSWORD,
    });
    const url = tdb.database.url;

    const ok = await runCli(
      ['tenant', 'profile', 'paws', '--city', 'Pune', '--lat', '18.5204', '--lng', '73.8567', '--json'],
      { databaseUrl: url },
    );
    t.is(ok.code, 0, ok.stderr);
    t.like(ok.json(), { slug: 'paws', city: 'Pune', latitude: 18.5204, longitude: 73.8567 });

    const before = await tdb.db('tenants').where('slug', 'paws').first();
    const bad: [string[], string][] = [
      [['--lat', '12.9'], '--lat'],
      [['--lng', '77.6'], '--lng'],
      [['--lat', '91', '--lng', '10'], '--lat'],
      [['--lat', 'north', '--lng', '10'], '--lat'],
      [['--lat', '10', '--lng', '-181'], '--lng'],
    ];
    for (const [flags, named] of bad) {
      const r = await runCli(['tenant', 'profile', 'paws', ...flags, '--json'], { databaseUrl: url });
      t.is(r.code, 2, `${flags.join(' ')}: ${r.stderr}`);
      t.truthy(r.json().errors[named], `${flags.join(' ')} names ${named}: ${r.stdout}`);
    }
    t.deepEqual(await tdb.db('tenants').where('slug', 'paws').first(), before);

    // A veterinarian lacks profile.manage.
    await runOperation(addMember, operator, {
      tenant_id: Number(before.id),
      email: 'vet@paws.test',
      role: 'veterinarian',
      name: 'Vet',
      password: PASSWORD,
    });
    const vet = await runCli(
      ['tenant', 'profile', 'paws', '--city', 'X', '--actor', 'vet@paws.test', '--json'],
      {
        databaseUrl: url,
      },
    );
    t.is(vet.code, 2, vet.stderr);
    t.regex(vet.stderr, /profile\.manage/);
    t.is((await tdb.db('tenants').where('slug', 'paws').first()).city, 'Pune');
  });
}
