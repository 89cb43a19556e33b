// `wfctl tenant …` run as cron or a script would (no terminal): flags, --password-stdin, --json,
// exit codes (0 ok, 2 usage, validation or not permitted), --actor held to the tenant rules, and
// the database before and after.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { runOperation } from '../../src/core/operation.js';
import { operatorContext } from '../../src/clinic/context.js';
import { toDbTime } from '../../src/db/time.js';
import { login } from '../../src/clinic/identity/operations/login.js';
import { addMember } from '../../src/clinic/tenants/operations/add-member.js';
import { createTenant } from '../../src/clinic/tenants/operations/create-tenant.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { runCli } from '../helpers/cli.js';
import { clinicRowCounts, PASSWORD } from './fixtures.js';

const createArgs = (slug: string, extra: string[] = []) => [
  'tenant',
  'create',
  '--name',
  `Clinic ${slug}`,
  '--slug',
  slug,
  '--email',
  `${slug}@example.test`,
  '--owner-name',
  `Admin ${slug}`,
  '--owner-email',
  `admin@${slug}.test`,
  '--password-stdin',
  '--json',
  ...extra,
];

for (const dialect of DIALECTS) {
  test(`[${dialect}] tenant create takes flags and the password on stdin, prints {tenant, user} with --json`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const url = tdb.database.url;
    const r = await runCli(
      createArgs('happy-paws', ['--business-type', 'groomer', '--plan', 'starter', '--phone', '+91 1']),
      {
        databaseUrl: url,
        input: `${PASSWORD}\n`,
      },
    );
    t.is(r.code, 0, r.stderr);
    const out = r.json();
    t.like(out.tenant, {
      slug: 'happy-paws',
      business_type: 'groomer',
      subscription_plan: 'starter',
      phone: '+91 1',
    });
    t.like(out.user, { email: 'admin@happy-paws.test', role: 'tenant_admin' });
    t.true(Number.isInteger(out.tenant.id) && Number.isInteger(out.user.id));
    const db = tdb.db;
    t.is(
      (await db('tenant_memberships').where({ tenant_id: out.tenant.id, user_id: out.user.id }).first()).role,
      'tenant_admin',
    );
    t.like(await db('clinic_audit_entries').where('action', 'tenant.created').first(), {
      via: 'cli',
      actor_user_id: null,
    });

    // The password is the stdin line without its newline: the admin logs in with it (checked by
    // the login operation the HTTP API uses).
    const services = { db, clock: new FixedClock(), config: tdb.config, logger: silentLogger };
    const session = await runOperation(login, operatorContext(services), {
      email: 'admin@happy-paws.test',
      password: PASSWORD,
    });
    t.is(session.user.id, out.user.id);

    const list = await runCli(['tenant', 'list', '--json'], { databaseUrl: url });
    t.is(list.code, 0, list.stderr);
    t.deepEqual(
      list.json().data.map((x: any) => [x.slug, x.members_count]),
      [['happy-paws', 1]],
    );
    t.like(list.json().meta, { current_page: 1, last_page: 1, per_page: 50, total: 1 });
  });

  test(`[${dialect}] tenant create refuses missing flags, bad values and duplicates with exit 2, writing nothing`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const url = tdb.database.url;
    t.is((await runCli(createArgs('taken'), { databaseUrl: url, input: PASSWORD })).code, 0);
    const before = await clinicRowCounts(tdb.db);

    const noSlug = createArgs('x').filter((a, i, all) => a !== '--slug' && all[i - 1] !== '--slug');
    const missing = await runCli(noSlug, { databaseUrl: url, input: PASSWORD });
    t.is(missing.code, 2);
    t.regex(missing.stderr, /Missing required option --slug/);

    const noPassword = await runCli(
      createArgs('y').filter((a) => a !== '--password-stdin'),
      { databaseUrl: url },
    );
    t.is(noPassword.code, 2);
    t.regex(noPassword.stderr, /--password-stdin/);

    const invalid = await runCli(createArgs('bad', ['--slug', 'bad slug', '--plan', 'gold']), {
      databaseUrl: url,
      input: 'short',
    });
    t.is(invalid.code, 2);
    // Named as typed: the --slug and --plan flags, and the password by the flag that reads it.
    t.deepEqual(Object.keys(invalid.json().errors).sort(), ['--password-stdin', '--plan', '--slug']);

    const dup = await runCli(createArgs('TAKEN'), { databaseUrl: url, input: PASSWORD });
    t.is(dup.code, 2);
    t.deepEqual(Object.keys(dup.json().errors).sort(), ['--email', '--owner-email', '--slug']);
    t.regex(dup.stderr, /The --slug has already been taken/);
    t.regex(dup.stderr, /--owner-email: The --owner-email has already been taken/);

    t.deepEqual(await clinicRowCounts(tdb.db), before);
  });

  test(`[${dialect}] tenant member add / list / remove, with the role and last-admin rules`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const url = tdb.database.url;
    const created = await runCli(createArgs('paws'), { databaseUrl: url, input: PASSWORD });
    t.is(created.code, 0, created.stderr);
    const tenantId = created.json().tenant.id;

    const add = await runCli(
      [
        'tenant',
        'member',
        'add',
        'paws',
        'Vera@Example.test',
        '--role',
        'veterinarian',
        '--name',
        'Dr Vera',
        '--password-stdin',
        '--json',
      ],
      { databaseUrl: url, input: `${PASSWORD}\n` },
    );
    t.is(add.code, 0, add.stderr);
    t.like(add.json(), {
      email: 'vera@example.test',
      role: 'veterinarian',
      permissions: ['medical_record.read', 'medical_record.create'],
    });

    const pharmacy = await runCli(
      [
        'tenant',
        'member',
        'add',
        String(tenantId),
        'p@example.test',
        '--role',
        'pharmacy',
        '--name',
        'P',
        '--password-stdin',
      ],
      {
        databaseUrl: url,
        input: PASSWORD,
      },
    );
    t.is(pharmacy.code, 2);
    t.regex(pharmacy.stderr, /not offered to a clinic tenant/);
    const noAccount = await runCli(
      ['tenant', 'member', 'add', 'paws', 'new@example.test', '--role', 'receptionist'],
      { databaseUrl: url },
    );
    t.is(noAccount.code, 2);
    t.regex(noAccount.stderr, /The --name field is required to create an account/);
    t.regex(noAccount.stderr, /--password-stdin: The password field is required/);
    const noRole = await runCli(['tenant', 'member', 'add', 'paws', 'new@example.test'], {
      databaseUrl: url,
    });
    t.is(noRole.code, 2);
    t.regex(noRole.stderr, /--role/);
    const nowhere = await runCli(
      ['tenant', 'member', 'add', 'nowhere', 'vera@example.test', '--role', 'receptionist'],
      { databaseUrl: url },
    );
    t.is(nowhere.code, 2);
    t.regex(nowhere.stderr, /TENANT: no tenant nowhere with that id or slug\./);

    const list = await runCli(['tenant', 'member', 'list', 'paws', '--json'], { databaseUrl: url });
    t.deepEqual(
      list.json().data.map((m: any) => [m.email, m.role]),
      [
        ['admin@paws.test', 'tenant_admin'],
        ['vera@example.test', 'veterinarian'],
      ],
    );

    const unconfirmed = await runCli(['tenant', 'member', 'remove', 'paws', 'vera@example.test'], {
      databaseUrl: url,
    });
    t.is(unconfirmed.code, 2);
    t.regex(unconfirmed.stderr, /--yes/);
    const removed = await runCli(
      ['tenant', 'member', 'remove', 'paws', 'vera@example.test', '--yes', '--json'],
      { databaseUrl: url },
    );
    t.is(removed.code, 0, removed.stderr);
    t.like(removed.json(), { tenant_id: tenantId, role: 'veterinarian' });
    const lastAdmin = await runCli(['tenant', 'member', 'remove', 'paws', 'admin@paws.test', '--yes'], {
      databaseUrl: url,
    });
    t.is(lastAdmin.code, 2);
    t.regex(lastAdmin.stderr, /last tenant_admin/);
    const gone = await runCli(['tenant', 'member', 'remove', 'paws', 'vera@example.test', '--yes'], {
      databaseUrl: url,
    });
    t.is(gone.code, 2);
    t.regex(gone.stderr, /not a member/);
    const members = await tdb.db('tenant_memberships').where('tenant_id', tenantId).pluck('role');
    t.deepEqual(members, ['tenant_admin']);
  });

  test(`[${dialect}] tenant member add gives an existing account a membership directly (operators are trusted)`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const url = tdb.database.url;
    const db = tdb.db;
    for (const slug of ['paws', 'other']) {
      const created = await runCli(createArgs(slug), { databaseUrl: url, input: PASSWORD });
      t.is(created.code, 0, created.stderr);
    }
    const paws = await db('tenants').where('slug', 'paws').first();
    const user = await db('clinic_users').where('email', 'admin@other.test').first();
    // A pending invitation (as the HTTP route would leave) is superseded by the direct add.
    await db('tenant_invitations').insert({
      tenant_id: paws.id,
      user_id: user.id,
      role: 'veterinarian',
      invited_by_user_id: null,
      created_at: toDbTime(new Date()),
    });
    const add = await runCli(
      ['tenant', 'member', 'add', 'paws', 'admin@other.test', '--role', 'receptionist', '--json'],
      {
        databaseUrl: url,
      },
    );
    t.is(add.code, 0, add.stderr);
    t.like(add.json(), {
      email: 'admin@other.test',
      role: 'receptionist',
      status: 'active',
      invited_at: null,
    });
    t.is(
      (await db('tenant_memberships').where({ tenant_id: paws.id, user_id: user.id }).first()).role,
      'receptionist',
    );
    t.deepEqual(await db('tenant_invitations').select('id'), []);
    t.deepEqual(await db('clinic_audit_entries').where('tenant_id', paws.id).orderBy('id').pluck('action'), [
      'tenant.created',
      'member.added',
    ]);
  });

  test(`[${dialect}] --actor holds a command to the actor's tenant rules: the 403 of HTTP, and nothing changes`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const url = tdb.database.url;
    const db = tdb.db;
    const services = { db, clock: new FixedClock(), config: tdb.config, logger: silentLogger };
    const operator = operatorContext(services);
    const tenant = async (slug: string) =>
      runOperation(createTenant, operator, {
        name: slug,
        slug,
        email: `${slug}@example.test`,
        owner_name: `${slug} admin`,
        owner_email: `admin@${slug}.test`,
        password: PASSWORD,
      });
    const paws = (await tenant('paws')).tenant;
    await tenant('other');
    await runOperation(addMember, operator, {
      tenant_id: paws.id,
      email: 'vet@paws.test',
      role: 'veterinarian',
      name: 'Vet',
      password: PASSWORD,
    });
    const before = await clinicRowCounts(db);

    // A veterinarian lacks member.manage: the command is refused as POST /members would be.
    const add = await runCli(
      [
        'tenant',
        'member',
        'add',
        'paws',
        'desk@example.test',
        '--role',
        'receptionist',
        '--name',
        'Desk',
        '--password-stdin',
        '--actor',
        'vet@paws.test',
        '--json',
      ],
      { databaseUrl: url, input: PASSWORD },
    );
    t.is(add.code, 2, add.stderr);
    t.regex(add.stderr, /This action requires the member\.manage permission\./);
    t.deepEqual(add.json(), {
      message: 'This action requires the member.manage permission.',
      errors: {},
      code: 'PERMISSION_DENIED',
    });
    const remove = await runCli(
      ['tenant', 'member', 'remove', 'paws', 'admin@paws.test', '--yes', '--actor', 'vet@paws.test'],
      { databaseUrl: url },
    );
    t.is(remove.code, 2, remove.stderr);
    t.regex(remove.stderr, /This action requires the member\.manage permission\./);

    // Another tenant's admin is not a member here at all.
    const dashboard = await runCli(['tenant', 'dashboard', 'paws', '--actor', 'admin@other.test', '--json'], {
      databaseUrl: url,
    });
    t.is(dashboard.code, 2, dashboard.stderr);
    t.like(dashboard.json(), { message: 'You are not a member of this tenant.', code: 'NOT_A_MEMBER' });
    t.deepEqual(await clinicRowCounts(db), before);

    // The tenant's admin may: an existing account is invited (as over HTTP), not attached.
    const invite = await runCli(
      [
        'tenant',
        'member',
        'add',
        'paws',
        'admin@other.test',
        '--role',
        'receptionist',
        '--actor',
        'admin@paws.test',
        '--json',
      ],
      { databaseUrl: url },
    );
    t.is(invite.code, 0, invite.stderr);
    t.like(invite.json(), { email: 'admin@other.test', role: 'receptionist', status: 'invited' });
    t.like(await db('clinic_audit_entries').where('action', 'member.invited').first(), {
      tenant_id: paws.id,
      via: 'cli',
      actor_user_id: (await db('clinic_users').where('email', 'admin@paws.test').first()).id,
    });
  });
}
