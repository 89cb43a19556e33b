// `wfctl tenant reminders TENANT [flags]` shows or sets a tenant's vaccination reminders (bad values
// exit 2 naming the flag, nothing changed), and `wfctl clinic reminders preview --tenant T --date D`
// prints off a terminal, as JSON, what the day's run would send, writing nothing.
import test, { type ExecutionContext } from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { runOperation } from '../../src/core/operation.js';
import { operatorContext } from '../../src/clinic/context.js';
import { listGatewayEvents } from '../../src/clinic/gateway/operations/list-gateway-events.js';
import { previewReminders } from '../../src/clinic/reminders/operations/preview.js';
import { updateReminderSettings } from '../../src/clinic/reminders/operations/settings.js';
import { recountCounters } from '../../src/clinic/system/operations/recount.js';
import { listMembers } from '../../src/clinic/tenants/operations/list-members.js';
import { removeMember } from '../../src/clinic/tenants/operations/remove-member.js';
import { updateTenantProfile } from '../../src/clinic/tenants/operations/update-profile.js';
import { createTenant } from '../../src/clinic/tenants/operations/create-tenant.js';
import { toDbTime } from '../../src/db/time.js';
import { runCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';

/** A fresh database holding the tenant `paws`, and the operator's context to act on it. */
async function pawsTenant(t: ExecutionContext, dialect: Dialect, timezone?: string) {
  const tdb = await createTestDb(dialect);
  t.teardown(tdb.destroy);
  const services = { db: tdb.db, clock: new FixedClock(), config: tdb.config, logger: silentLogger };
  const operator = operatorContext(services);
  const { tenant } = await runOperation(createTenant, operator, {
    name: 'Paws',
    slug: 'paws',
    email: 'paws@example.test',
    owner_name: 'Admin',
    owner_email: 'admin@paws.test',
    password: 'correct-horse-9',
    ...(timezone ? { timezone } : {}),
  });
  return { tdb, services, operator, tenant };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] tenant reminders shows and sets the setting; clinic reminders preview writes nothing`, async (t) => {
    const { tdb, services, operator, tenant } = await pawsTenant(t, dialect, 'Asia/Kolkata');
    const url = tdb.database.url;
    const cli = (args: string[]) => runCli(args, { databaseUrl: url });

    const shown = await cli(['tenant', 'reminders', 'paws']);
    t.is(shown.code, 0, shown.stderr);
    t.like(shown.json(), { enabled: false, days_before_due: 14, send_hour: 9, timezone: 'Asia/Kolkata' });

    const set = await cli([
      'tenant',
      'reminders',
      'paws',
      '--enabled',
      'on',
      '--days-before',
      '30',
      '--send-hour',
      '8',
    ]);
    t.is(set.code, 0, set.stderr);
    t.like(set.json(), { enabled: true, days_before_due: 30, send_hour: 8, effective_sender_name: 'Paws' });

    const before = await tdb.db('tenants').where('slug', 'paws').first();
    for (const [flags, named] of [
      [['--send-hour', '24'], '--send-hour'],
      [['--days-before', '-1'], '--days-before'],
      [['--enabled', 'maybe'], '--enabled'],
    ] as const) {
      const r = await cli(['tenant', 'reminders', 'paws', ...flags, '--json']);
      t.is(r.code, 2, `${flags.join(' ')}: ${r.stderr}`);
      t.truthy(r.json().errors[named], `${flags.join(' ')} names ${named}: ${r.stdout}`);
    }
    t.deepEqual(await tdb.db('tenants').where('slug', 'paws').first(), before);

    // An owner with a pet whose rabies shot falls due in ten days.
    const now = toDbTime(services.clock.now());
    const [userId] = await tdb.db('clinic_users').insert({
      name: 'Asha',
      email: 'asha@example.test',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    });
    const [clientId] = await tdb.db('clinic_clients').insert({
      tenant_id: tenant.id,
      owner_user_id: userId,
      name: 'Asha',
      created_at: now,
      updated_at: now,
    });
    const [petId] = await tdb.db('pets').insert({
      tenant_id: tenant.id,
      client_id: clientId,
      name: 'Moti',
      species: 'dog',
      created_at: now,
      updated_at: now,
    });
    await tdb.db('pet_vaccinations').insert({
      pet_id: petId,
      name: 'Rabies',
      administered_at: '2025-12-11',
      next_due_at: '2026-12-11',
      created_at: now,
      updated_at: now,
    });

    const tables = ['mail_outbox', 'vaccination_reminders', 'jobs', 'clinic_audit_entries'];
    const counts = async () =>
      Promise.all(
        tables.map((n) =>
          tdb
            .db(n)
            .count({ n: '*' })
            .first()
            .then((r) => Number(r!.n)),
        ),
      );
    const was = await counts();
    const preview = await cli(['clinic', 'reminders', 'preview', '--tenant', 'paws', '--date', '2026-12-01']);
    t.is(preview.code, 0, preview.stderr);
    const json = preview.json();
    t.deepEqual(
      json.messages.map((m: any) => [m.to, m.pet_name, m.due[0].name, m.due[0].due_on]),
      [['asha@example.test', 'Moti', 'Rabies', '2026-12-11']],
    );
    t.deepEqual(
      json,
      await runOperation(previewReminders, operator, { tenant_id: tenant.id, date: '2026-12-01' }),
    );
    t.deepEqual(await counts(), was, 'nothing written');

    const bad = await cli([
      'clinic',
      'reminders',
      'preview',
      '--tenant',
      'paws',
      '--date',
      '2026-13-01',
      '--json',
    ]);
    t.is(bad.code, 2);
    t.truthy(bad.json().errors['--date'], bad.stdout);
  });

  test(`[${dialect}] the tenant commands' operations take the tenant by slug and resolve it themselves`, async (t) => {
    const { operator, tenant } = await pawsTenant(t, dialect);
    const run = (op: any, input: unknown): Promise<any> => runOperation(op, operator, input);
    t.like(await run(updateReminderSettings, { tenant: 'paws', send_hour: 7 }), { send_hour: 7 });
    t.like(await run(updateTenantProfile, { tenant: String(tenant.id), city: 'Pune' }), { city: 'Pune' });
    t.is((await run(listMembers, { tenant: 'paws' })).total, 1);
    t.like(await run(previewReminders, { tenant: 'paws', date: '2026-12-01' }), { tenant_id: tenant.id });
    t.like(await run(recountCounters, { tenant: 'paws' }), { tenants_checked: 1 });
    t.is((await run(listGatewayEvents, { tenant: 'paws' })).total, 0);
    // The refs' one error for an unknown name: a 404 naming the field, with the nearest slug.
    for (const [op, input] of [
      [updateReminderSettings, {}],
      [updateTenantProfile, { city: 'Pune' }],
      [listMembers, {}],
      [removeMember, { email: 'admin@paws.test' }],
      [previewReminders, { date: '2026-12-01' }],
      [recountCounters, {}],
      [listGatewayEvents, {}],
    ] as const) {
      const refused = await t.throwsAsync<any>(run(op, { ...input, tenant: 'pawz' }));
      t.like(refused, {
        status: 404,
        errors: { tenant: ['tenant: no tenant pawz with that id or slug. Did you mean paws?'] },
      });
    }
    // Neither name nor id, where one is needed: refused, nothing read.
    t.like(await t.throwsAsync(run(listMembers, {})), { status: 422 });
  });
}
