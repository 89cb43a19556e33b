// The identity commands run as an operator would (child process, off a TTY), against both dialects:
// results on stdout as JSON, exit 2 naming the flag on bad input, and the database as expected.
import test from 'ava';
import bcrypt from 'bcryptjs';
import { sha256Hex } from '../../../src/core/crypto.js';
import { runCli } from '../../helpers/cli.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import {
  createDevice,
  createEmployee,
  createOrg,
  createUser,
  snapshot,
  tokenFor,
} from '../../helpers/workforce.js';
import { FixedClock } from '../../../src/core/clock.js';
import { silentLogger } from '../../../src/core/logger.js';

const TABLES = [
  'users',
  'user_roles',
  'personal_access_tokens',
  'devices',
  'partners',
  'partner_organizations',
  'partner_tokens',
  'audit_entries',
];

async function setup(dialect: (typeof DIALECTS)[number]) {
  const testDb = await createTestDb(dialect);
  const services = { db: testDb.db, clock: new FixedClock(), config: testDb.config, logger: silentLogger };
  const cli = (args: string[], input?: string) =>
    runCli(args, { databaseUrl: testDb.config.database.url, input });
  return { testDb, db: testDb.db, services, cli };
}

/** partner add's secrets move from `--token T --secret S` to two lines on stdin (--secrets-stdin). */
function secretsOnStdin(args: readonly string[]): { argv: string[]; input?: string } {
  if (!args.includes('--token') && !args.includes('--secret')) return { argv: [...args] };
  const argv: string[] = [];
  const secrets: Record<string, string> = { '--token': '', '--secret': '' };
  for (let i = 0; i < args.length; i++) {
    if (args[i] in secrets) secrets[args[i]] = args[++i];
    else argv.push(args[i]);
  }
  return { argv: [...argv, '--secrets-stdin'], input: `${secrets['--token']}\n${secrets['--secret']}\n` };
}

function flagsOf(res: { stdout: string }) {
  return Object.keys(JSON.parse(res.stdout).errors);
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] user create --password-stdin, roles, list, disable`, async (t) => {
    const { testDb, db, services, cli } = await setup(dialect);
    t.teardown(() => testDb.destroy());
    await createOrg(db, { code: 'ACME' });
    const created = await cli(
      [
        'user',
        'create',
        'Asha@Acme.test',
        '--name',
        'Asha Rao',
        '--role',
        'hr:ACME',
        '--role',
        'shift_manager:ACME',
        '--password-stdin',
      ],
      'a long enough secret\n',
    );
    t.is(created.code, 0, created.stderr);
    const body = created.json();
    t.like(body, { email: 'asha@acme.test', name: 'Asha Rao', is_active: true });
    t.deepEqual(body.grants, [
      { role: 'hr', organization: 'ACME' },
      { role: 'shift_manager', organization: 'ACME' },
    ]);
    const row = await db('users').where({ id: body.id }).first();
    t.true(
      bcrypt.compareSync('a long enough secret', row.password_hash),
      'stdin minus its newline is the password',
    );
    t.false(created.stdout.includes('a long enough secret'));
    const audit = await db('audit_entries').where({ event: 'user.created' }).first();
    t.is(audit.subject_id, body.id);
    t.false(audit.context.includes('secret'));

    const roles = await cli([
      'user',
      'roles',
      'asha@acme.test',
      '--grant',
      'system_admin',
      '--revoke',
      'shift_manager:ACME',
      '--json',
    ]);
    t.is(roles.code, 0, roles.stderr);
    t.deepEqual(roles.json().user.grants, [
      { role: 'hr', organization: 'ACME' },
      { role: 'system_admin', organization: null },
    ]);

    const token = await tokenFor(services, body.id);
    const disabled = await cli(['user', 'disable', 'asha@acme.test', '--yes']);
    t.is(disabled.code, 0, disabled.stderr);
    t.like(disabled.json(), { changed: true, revoked_token_ids: [Number(token.split('|')[0])] });
    t.falsy((await db('users').where({ id: body.id }).first()).is_active);

    const list = await cli(['user', 'list', '--org', 'ACME']);
    t.is(list.code, 0, list.stderr);
    t.deepEqual(
      list.json().data.map((u: any) => [u.email, u.is_active]),
      [['asha@acme.test', false]],
    );
  });

  test(`[${dialect}] user commands: exit 2 naming the flag, nothing changed`, async (t) => {
    const { testDb, db, cli } = await setup(dialect);
    t.teardown(() => testDb.destroy());
    await createOrg(db, { code: 'ACME' });
    await createUser(db, { email: 'taken@x.test' });
    const before = await snapshot(db, TABLES);
    // Each run costs a process start, so these are the representative cases.
    const cases: Array<[string[], string | undefined, string]> = [
      [['user', 'create', 'new@x.test', '--name', 'N'], undefined, '--password-stdin'], // no TTY, no stdin flag
      [['user', 'create', 'new@x.test', '--name', 'N', '--password-stdin'], 'short\n', '--password-stdin'],
      [['user', 'create', 'not-an-email', '--name', 'N', '--password-stdin'], 'long enough pw', 'EMAIL'],
      [['user', 'create', 'taken@x.test', '--name', 'N', '--password-stdin'], 'long enough pw', 'EMAIL'],
      [
        ['user', 'create', 'new@x.test', '--name', 'N', '--role', 'hr', '--password-stdin'],
        'long enough pw',
        '--role',
      ],
      [['user', 'roles', 'taken@x.test', '--grant', 'hr:NOPE'], undefined, '--grant'],
    ];
    for (const [args, input, flag] of cases) {
      const res = await cli([...args, '--json'], input);
      t.is(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
      t.deepEqual(flagsOf(res), [flag], args.join(' '));
      t.true(res.stderr.includes(flag), `${args.join(' ')} names ${flag} on stderr`);
    }
    // A password from stdin is named by the flag that read it, and the rule by what it is.
    const short = await cli(['user', 'create', 'new@x.test', '--name', 'N', '--password-stdin'], 'short\n');
    t.regex(short.stderr, /^wfctl: --password-stdin: The password must be at least 8 characters\.$/m);
    // A password is never an argument.
    const onArgv = await cli(['user', 'create', 'new@x.test', '--name', 'N', '--password', 'hunter22']);
    t.is(onArgv.code, 2);
    t.regex(onArgv.stderr, /unknown option '--password'/);
    // A non-admin actor is refused.
    const hr = await createUser(db, { email: 'hr@x.test', grants: [] });
    t.truthy(hr);
    const beforeActor = await snapshot(db, TABLES);
    const forbidden = await cli([
      'user',
      'disable',
      'taken@x.test',
      '--yes',
      '--actor',
      'hr@x.test',
      '--json',
    ]);
    t.is(forbidden.code, 2);
    t.is(forbidden.json().code, 'FORBIDDEN');
    t.deepEqual(await snapshot(db, TABLES), beforeActor);
    const { users: _u, ...restBefore } = before;
    const { users: _a, ...restAfter } = beforeActor;
    t.deepEqual(restAfter, restBefore);
  });

  test(`[${dialect}] token revoke --user: all tokens, or one with --id`, async (t) => {
    const { testDb, db, services, cli } = await setup(dialect);
    t.teardown(() => testDb.destroy());
    const user = await createUser(db, { email: 'u@x.test' });
    const a = await tokenFor(services, user.id);
    const b = await tokenFor(services, user.id);
    const c = await tokenFor(services, user.id);
    const idOf = (tok: string) => Number(tok.split('|')[0]);
    const one = await cli(['token', 'revoke', '--user', 'u@x.test', '--id', String(idOf(a)), '--yes']);
    t.is(one.code, 0, one.stderr);
    t.deepEqual(one.json().revoked_token_ids, [idOf(a)]);
    const rest = await cli(['token', 'revoke', '--user', 'u@x.test', '--yes']);
    t.deepEqual(rest.json().revoked_token_ids, [idOf(b), idOf(c)]);
    t.is(
      await db('personal_access_tokens')
        .whereNull('revoked_at')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );

    const before = await snapshot(db, TABLES);
    for (const [args, flag] of [
      [['token', 'revoke', '--user', 'nobody@x.test', '--yes'], '--user'],
      [['token', 'revoke', '--user', 'u@x.test', '--id', String(idOf(a)), '--yes'], '--id'], // already revoked
    ] as const) {
      const res = await cli([...args, '--json']);
      t.is(res.code, 2, args.join(' '));
      t.deepEqual(flagsOf(res), [flag], args.join(' '));
    }
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] device approve|revoke by id or by employee and fingerprint`, async (t) => {
    const { testDb, db, services, cli } = await setup(dialect);
    t.teardown(() => testDb.destroy());
    const org = await createOrg(db, { code: 'ACME' });
    const user = await createUser(db, { email: 'e@x.test' });
    const emp = await createEmployee(db, { organizationId: org.id, userId: user.id, code: 'E042' });
    const phone = await createDevice(db, emp.id, 'fp-phone', 'pending');
    const tablet = await createDevice(db, emp.id, 'fp-tablet', 'pending');
    const mobileToken = await tokenFor(services, user.id, { clientKind: 'mobile', fingerprint: 'fp-phone' });

    const approved = await cli(['device', 'approve', String(phone), '--json']);
    t.is(approved.code, 0, approved.stderr);
    t.like(approved.json(), {
      changed: true,
      previous_status: 'pending',
      device: { id: phone, employee_id: 'E042', status: 'approved' },
    });
    const byFingerprint = await cli([
      'device',
      'approve',
      '--employee',
      'E042',
      '--fingerprint',
      'fp-tablet',
      '--json',
    ]);
    t.is(byFingerprint.code, 0, byFingerprint.stderr);
    t.is(byFingerprint.json().device.id, tablet);

    const revoked = await cli([
      'device',
      'revoke',
      String(phone),
      '--reason',
      'lost on a train',
      '--yes',
      '--json',
    ]);
    t.is(revoked.code, 0, revoked.stderr);
    t.like(revoked.json(), { changed: true, previous_status: 'approved', device: { status: 'revoked' } });
    t.deepEqual(revoked.json().revoked_token_ids, [Number(mobileToken.split('|')[0])]);
    const audit = await db('audit_entries').where({ event: 'device.revoked' }).first();
    t.is(JSON.parse(audit.context).reason, 'lost on a train');
    t.is(audit.actor_user_id, (await db('users').where({ is_system: true }).first()).id);

    const before = await snapshot(db, TABLES);
    for (const [args, flag] of [
      [['device', 'approve', '--employee', 'E042'], '--fingerprint'],
      [['device', 'approve', 'abc'], 'DEVICE'],
      [['device', 'approve', '--employee', 'E042', '--fingerprint', 'fp-unknown'], '--fingerprint'],
    ] as const) {
      const res = await cli([...args, '--json']);
      t.is(res.code, 2, args.join(' '));
      t.deepEqual(flagsOf(res), [flag], args.join(' '));
    }
    const terminal = await cli(['device', 'approve', String(phone), '--json']);
    t.is(terminal.code, 2);
    t.is(terminal.json().code, 'DEVICE_REVOKED');
    // Off a terminal a destructive command wants --yes.
    const noYes = await cli(['device', 'revoke', String(tablet)]);
    t.is(noYes.code, 2);
    t.regex(noYes.stderr, /--yes/);
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] partner add, list, token create --json (printed once, hash stored), token revoke`, async (t) => {
    const { testDb, db, cli } = await setup(dialect);
    t.teardown(() => testDb.destroy());
    await createOrg(db, { code: 'ACME' });
    await createOrg(db, { code: 'BETA' });
    const added = await cli(
      [
        'partner',
        'add',
        'Paywise',
        '--kind',
        'payroll',
        '--url',
        'https://paywise.example/in/',
        '--org',
        'ACME',
        '--org',
        'BETA',
        '--secrets-stdin',
        '--json',
      ],
      'outbound-bearer-xyz\nsigning-secret-0123456789\n',
    );
    t.is(added.code, 0, added.stderr);
    t.deepEqual(added.json(), {
      id: added.json().id,
      name: 'Paywise',
      kind: 'payroll',
      push_url: 'https://paywise.example/in',
      is_active: true,
      organizations: ['ACME', 'BETA'],
      tokens: [],
    });
    t.false(added.stdout.includes('outbound-bearer-xyz'));
    t.false(added.stdout.includes('signing-secret'));

    const created = await cli(['partner', 'token', 'create', 'Paywise', '--json']);
    t.is(created.code, 0, created.stderr);
    t.deepEqual(Object.keys(created.json()), ['token']);
    const token: string = created.json().token;
    t.regex(token, /^pt_\d+\|[A-Za-z0-9]{48}$/);
    t.is(created.stdout.split(token).length, 2, 'printed exactly once');
    const [idPart, secret] = token.slice(3).split('|');
    const row = await db('partner_tokens')
      .where({ id: Number(idPart) })
      .first();
    t.is(row.token_hash, sha256Hex(secret));
    const everything = JSON.stringify(await snapshot(db, [...TABLES, 'idempotency_keys']));
    t.false(everything.includes(secret), 'the secret is stored nowhere');

    const list = await cli(['partner', 'list', '--json']);
    t.is(list.code, 0, list.stderr);
    t.deepEqual(
      list.json().data[0].tokens.map((x: any) => x.id),
      [Number(idPart)],
    );
    t.false(list.stdout.includes('outbound-bearer-xyz'));

    const before = await snapshot(db, TABLES);
    for (const [args, flags] of [
      [
        [
          'partner',
          'add',
          'Paywise',
          '--kind',
          'payroll',
          '--url',
          'https://x.example',
          '--token',
          't',
          '--secret',
          'signing-secret-0123456789',
          '--org',
          'ACME',
        ],
        ['NAME'],
      ],
      [
        [
          'partner',
          'add',
          'Other',
          '--kind',
          'hr',
          '--url',
          'https://x.example',
          '--token',
          't',
          '--secret',
          'signing-secret-0123456789',
          '--org',
          'ACME',
        ],
        ['--kind'],
      ],
      [
        [
          'partner',
          'add',
          'Other',
          '--kind',
          'billing',
          '--url',
          'ftp://x.example',
          '--token',
          't',
          '--secret',
          'short',
          '--org',
          'ACME',
        ],
        ['--url', 'signing_secret'],
      ],
      [
        [
          'partner',
          'add',
          'Other',
          '--kind',
          'billing',
          '--url',
          'https://x.example',
          '--token',
          't',
          '--secret',
          'signing-secret-0123456789',
        ],
        ['--org'],
      ],
      [
        [
          'partner',
          'add',
          'Other',
          '--kind',
          'billing',
          '--url',
          'https://x.example',
          '--token',
          't',
          '--secret',
          'signing-secret-0123456789',
          '--org',
          'NOPE',
        ],
        ['--org'],
      ],
      [
        [
          'partner',
          'add',
          'Other',
          '--kind',
          'billing',
          '--url',
          'https://x.example',
          '--secret',
          'signing-secret-0123456789',
          '--org',
          'ACME',
        ],
        ['outbound_token'],
      ],
      [['partner', 'token', 'create', 'Nobody'], ['NAME']],
      [['partner', 'token', 'revoke', 'Paywise', '--yes'], ['--id']],
      [['partner', 'token', 'revoke', 'Paywise', '--id', '999', '--yes'], ['--id']],
    ] as const) {
      const { argv, input } = secretsOnStdin(args);
      const res = await cli([...argv, '--json'], input);
      t.is(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
      t.deepEqual(flagsOf(res).sort(), [...flags].sort(), args.join(' '));
    }
    // Secrets are never taken on argv, and off a terminal without --secrets-stdin nothing is asked.
    const base = [
      'partner',
      'add',
      'Other',
      '--kind',
      'billing',
      '--url',
      'https://x.example',
      '--org',
      'ACME',
    ];
    for (const [extra, flags] of [
      [['--token', 'outbound-bearer-xyz'], ['--token']],
      [['--secret', 'signing-secret-0123456789'], ['--secret']],
      [[], ['--secrets-stdin']],
    ] as const) {
      const res = await cli([...base, ...extra, '--json']);
      t.is(res.code, 2, res.stderr);
      t.deepEqual(flagsOf(res), [...flags]);
      t.false(res.stdout.includes('signing-secret') || res.stderr.includes('signing-secret'));
    }
    t.deepEqual(await snapshot(db, TABLES), before);

    const revoked = await cli(['partner', 'token', 'revoke', 'Paywise', '--id', idPart, '--yes', '--json']);
    t.is(revoked.code, 0, revoked.stderr);
    t.deepEqual(revoked.json().revoked_token_ids, [Number(idPart)]);
    t.truthy(
      (
        await db('partner_tokens')
          .where({ id: Number(idPart) })
          .first()
      ).revoked_at,
    );
  });
}
