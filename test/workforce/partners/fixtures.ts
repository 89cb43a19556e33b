// Partner and lock fixtures written straight to the database, so these tests do not wait for the
// partner registry (wfctl partner add) or the lock operation (wfctl lock) built in other issues.
import type { Knex } from 'knex';
import { FixedClock } from '../../../src/core/clock.js';
import { silentLogger } from '../../../src/core/logger.js';
import type { Services } from '../../../src/core/services.js';
import { sha256Hex } from '../../../src/core/crypto.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';
import type { PushTools } from '../../../src/workforce/partners/deliveries/context.js';
import { createEmployee, createOrg, createUnit } from '../../helpers/workforce.js';
import type { TestDb } from '../../helpers/db.js';

const NOW = '2026-01-01 00:00:00.000';
let seq = 0;

export function servicesFor(
  tdb: TestDb,
  clock = new FixedClock('2026-02-02T04:00:00Z'),
): Services & { clock: FixedClock } {
  return { db: tdb.db, clock, config: tdb.config, logger: silentLogger };
}

/**
 * What runOperation is given to push, list or redeliver as cron does: the built-in system user,
 * with the push's injectable tools (a fake sleep, a transport).
 */
export async function systemContext(services: Services, tools: PushTools = {}) {
  return { ...workforceContext(services, await systemActor(services.db)), ...tools };
}

/** A sleep that waits no real time: it records the wait and moves the test clock instead. */
export function fakeSleep(clock: FixedClock) {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      clock.advance(ms);
    },
  };
}

export async function createPartner(
  db: Knex,
  opts: {
    name?: string;
    url?: string;
    token?: string;
    secret?: string;
    nextSecret?: string | null;
    organizationIds?: number[];
    active?: boolean;
    kind?: 'payroll' | 'billing';
  } = {},
) {
  const n = ++seq;
  const name = opts.name ?? `partner-${n}`;
  const [id] = await db('partners').insert({
    name,
    kind: opts.kind ?? 'payroll',
    push_url: opts.url ?? `https://${name}.example.test/hooks`,
    outbound_token: opts.token ?? `outbound-token-${n}`,
    signing_secret: opts.secret ?? `whsec_current_${n}`,
    next_signing_secret: opts.nextSecret ?? null,
    is_active: opts.active ?? true,
    created_at: NOW,
    updated_at: NOW,
  });
  for (const organizationId of opts.organizationIds ?? []) {
    await db('partner_organizations').insert({ partner_id: id, organization_id: organizationId });
  }
  return { id: Number(id), name, url: opts.url ?? `https://${name}.example.test/hooks` };
}

/** A partner inbound token `pt_<id>|<secret>`, as `wfctl partner token create` prints it. */
export async function partnerToken(db: Knex, partnerId: number): Promise<string> {
  const secret = `partner-secret-${++seq}-abcdefghijklmnopqrstuvwxyz`;
  const [id] = await db('partner_tokens').insert({
    partner_id: partnerId,
    token_hash: sha256Hex(secret),
    created_at: NOW,
  });
  return `pt_${id}|${secret}`;
}

/** An organization with one unit and `employees` employees deployed there. */
export async function orgWithStaff(db: Knex, opts: { employees: number; code?: string; unitCode?: string }) {
  const org = await createOrg(db, { code: opts.code });
  const unit = await createUnit(db, org.id, { code: opts.unitCode });
  const employees: Array<{ id: number; code: string }> = [];
  for (let i = 0; i < opts.employees; i++)
    employees.push(await createEmployee(db, { organizationId: org.id, unitId: unit.id }));
  return { org, unit, employees };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Two employees of a new organization with a locked 2026-01 of two days each: four records to push. */
export async function lockedJanuary(db: Knex, opts: { code?: string } = {}) {
  const { org, unit, employees } = await orgWithStaff(db, { employees: 2, code: opts.code });
  await insertAttendance(db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds: employees.map((e) => e.id),
    month: '2026-01',
    days: 2,
  });
  const lockId = await lockFixture(db, { organizationId: org.id, month: '2026-01' });
  return { org, unit, employees, lockId };
}

/**
 * Attendance for each employee on days 1..days of the month, inserted set-wise. Day d of employee i
 * is present 09:00:00Z–17:30:00Z with 510 worked minutes, and LATE_CHECK_IN on odd days.
 */
export async function insertAttendance(
  db: Knex,
  opts: {
    organizationId: number;
    unitId: number;
    employeeIds: number[];
    month: string;
    days: number;
    row?: (employeeId: number, day: number) => Record<string, unknown>;
  },
): Promise<number> {
  const rows: Record<string, unknown>[] = [];
  for (let day = 1; day <= opts.days; day++) {
    for (const employeeId of opts.employeeIds) {
      rows.push({
        employee_id: employeeId,
        organization_id: opts.organizationId,
        organization_unit_id: opts.unitId,
        date: `${opts.month}-${pad(day)}`,
        status: 'present',
        check_in: '09:00:00Z',
        check_out: '17:30:00Z',
        worked_minutes: 510,
        flags: JSON.stringify(day % 2 ? ['LATE_CHECK_IN'] : []),
        created_at: NOW,
        updated_at: NOW,
        ...opts.row?.(employeeId, day),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db('attendance').insert(rows.slice(i, i + 500));
  return rows.length;
}

async function systemUserId(db: Knex): Promise<number> {
  const row = await db('users').where({ is_system: true }).first('id');
  return Number(row.id);
}

/** What the lock operation does: a lock record, and every unlocked row of the scope stamped with it. */
export async function lockFixture(
  db: Knex,
  opts: { organizationId: number; month: string; unitId?: number; at?: string },
): Promise<number> {
  const at = opts.at ?? '2026-02-01 02:00:00.000';
  const [id] = await db('attendance_locks').insert({
    organization_id: opts.organizationId,
    organization_unit_id: opts.unitId ?? null,
    month: opts.month,
    scope_key: opts.unitId ? `unit:${opts.unitId}` : 'org',
    locked_by: await systemUserId(db),
    created_at: at,
  });
  const [y, m] = opts.month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
  const rows = db('attendance')
    .where('organization_id', opts.organizationId)
    .andWhere('date', '>=', `${opts.month}-01`)
    .andWhere('date', '<', next)
    .whereNull('locked_at');
  if (opts.unitId) rows.andWhere('organization_unit_id', opts.unitId);
  await rows.update({ locked_at: at, lock_id: id });
  return Number(id);
}

/** What the unlock operation does: the rows that lock stamped are unlocked, the lock is deleted. */
export async function unlockFixture(db: Knex, lockId: number): Promise<void> {
  await db('attendance').where({ lock_id: lockId }).update({ locked_at: null, lock_id: null });
  await db('attendance_locks').where({ id: lockId }).delete();
}

/** `count` employees inserted set-wise (codes `<prefix>00001`…), for the large-month tests. */
export async function bulkEmployees(db: Knex, organizationId: number, count: number, prefix: string) {
  const rows = Array.from({ length: count }, (_, i) => ({
    employee_id: `${prefix}${String(i + 1).padStart(5, '0')}`,
    organization_id: organizationId,
    name: `Employee ${i + 1}`,
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  }));
  for (let i = 0; i < rows.length; i += 500) await db('employees').insert(rows.slice(i, i + 500));
  return (await db('employees').where({ organization_id: organizationId }).orderBy('id').pluck('id')).map(
    Number,
  );
}

/**
 * A locked 2026-01 of 110 employees × 20 days: 2,200 records, more than one page of the month reads
 * (MONTH_PAGE_SIZE is 2,000), for the tests that change the month while it is being read.
 */
export async function lockedTwoPageMonth(db: Knex) {
  const { org, unit } = await orgWithStaff(db, { employees: 0, code: 'SNAP' });
  const employeeIds = await bulkEmployees(db, org.id, 110, 'S');
  const records = await insertAttendance(db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds,
    month: '2026-01',
    days: 20,
  });
  const lockId = await lockFixture(db, { organizationId: org.id, month: '2026-01' });
  return { org, unit, records, lockId };
}

/** What an unlock and a correction of the unlocked days do, from another connection. */
export async function unlockAndCorrect(db: Knex, lockId: number, organizationId: number) {
  await unlockFixture(db, lockId);
  await db('attendance').where({ organization_id: organizationId }).update({ worked_minutes: 1 });
}
