// `wfctl lock`, `wfctl unlock`, `wfctl locks`: pay-month locks from the command line, through the
// same operations as POST /attendance/lock and /attendance/unlock.
import React from 'react';
import type { Command } from 'commander';
import { zonedParts } from '../../core/calendar.js';
import { validate, yup } from '../../core/validation.js';
import { resolveOrganization, resolveUnit } from '../../workforce/attendance/lookup.js';
import { lockGrid } from '../../workforce/attendance/operations/lock-grid.js';
import { lockMonth } from '../../workforce/attendance/operations/lock-month.js';
import { unlockMonth } from '../../workforce/attendance/operations/unlock-month.js';
import {
  lockSchema,
  unlockSchema,
  type LockMonthInput,
  type UnlockMonthInput,
} from '../../workforce/attendance/schemas.js';
import { loadActor } from '../../workforce/identity/actor.js';
import { output, required } from '../io.js';
import { asFlags } from './identity-shared.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import { registerFy } from './fy.js';
import { registerJobs } from './jobs.js';
import { registerSchedule } from './schedule.js';

interface Common {
  actor?: string;
  json?: boolean;
  dryRun?: boolean;
}

/** Every command of attendance locking, the scheduler, the job queue and financial years. */

// Errors of the request fields are reported under the flags a person typed.
const LOCK_FLAGS = { organization_id: '--org', organization_unit_id: '--unit', month: '--month' };
const UNLOCK_FLAGS = { lock_id: 'LOCK_ID', reason: '--reason' };

export function registerAttendanceCommands(program: Command): void {
  registerLock(program);
  registerSchedule(program);
  registerJobs(program);
  registerFy(program);
}

export function registerLock(program: Command): void {
  program
    .command('lock')
    .description('lock a pay month for a whole organization, or one unit (--unit)')
    .option('--org <code>', 'organization code or id')
    .option('--unit <code>', 'unit code (BLR or ACME/BLR) or id; omitted: the whole organization')
    .option('--month <YYYY-MM>', 'the pay month')
    .option('--actor <email>', 'act as this user (default: the system user)')
    .option('--dry-run', 'show what would be locked, change nothing')
    .option('--json', 'print JSON')
    .action(async (opts: Common & { org?: string; unit?: string; month?: string }) => {
      const orgRef = await required(opts.org, '--org', 'Organization code?', opts);
      const month = await required(opts.month, '--month', 'Month (YYYY-MM)?', opts);
      const result = await withServices(async (services) => {
        const actor = await loadActor(services.db, opts.actor);
        const org = await resolveOrganization(services.db, orgRef);
        const unit = opts.unit ? await resolveUnit(services.db, org.id, opts.unit) : null;
        return asFlags(async () => {
          const input = await validate<LockMonthInput>(lockSchema, {
            organization_id: org.id,
            organization_unit_id: unit?.id ?? null,
            month,
          });
          return lockMonth({ services, actor }, input, { dryRun: opts.dryRun });
        }, LOCK_FLAGS);
      });
      await output(result, opts, (r) => (
        <Summary
          title={`${opts.dryRun ? 'Would lock' : 'Locked'} ${r.month} for ${r.unit_code ? `${r.organization_code}/${r.unit_code}` : r.organization_code}`}
          rows={[
            ['lock id', r.lock_id === null ? '(assigned when locked)' : String(r.lock_id)],
            ['rows locked', String(r.rows_locked)],
            ['locked at', r.locked_at ?? ''],
            ...r.units_already_locked.map(
              (u) =>
                ['already unit-locked', `unit ${u.organization_unit_id} (lock ${u.lock_id})`] as [
                  string,
                  string,
                ],
            ),
          ]}
        />
      ));
    });

  program
    .command('unlock')
    .description('unlock the rows a lock stamped and delete the lock (org_admin or system_admin)')
    .argument('[lock_id]', 'the lock id (see `wfctl locks`)')
    .option('--reason <text>', 'why (recorded in the audit trail)')
    .option('--actor <email>', 'act as this user (default: the system user)')
    .option('--dry-run', 'show what would be unlocked, change nothing')
    .option('--json', 'print JSON')
    .action(async (lockId: string | undefined, opts: Common & { reason?: string }) => {
      const id = await required(lockId, 'LOCK_ID', 'Lock id?', opts);
      const reason = await required(opts.reason, '--reason', 'Reason for unlocking?', opts);
      const input = await asFlags(
        () => validate<UnlockMonthInput>(unlockSchema, { lock_id: Number(id), reason }),
        UNLOCK_FLAGS,
      );
      const result = await withServices(async (services) => {
        const actor = await loadActor(services.db, opts.actor);
        return unlockMonth({ services, actor }, input, { dryRun: opts.dryRun });
      });
      await output(result, opts, (r) => (
        <Summary
          title={`${opts.dryRun ? 'Would unlock' : 'Unlocked'} ${r.month} (lock ${r.lock_id})`}
          tone="warn"
          rows={[
            ['scope', r.scope === 'unit' ? `unit ${r.organization_unit_id}` : 'whole organization'],
            ['rows unlocked', String(r.rows_unlocked)],
            ['reason', r.reason],
          ]}
        />
      ));
    });

  program
    .command('locks')
    .description("a month-by-month grid of an organization's locks for a year")
    .option('--org <code>', 'organization code or id')
    .option('--year <YYYY>', 'calendar year (default: this year in the organization’s time zone)')
    .option('--actor <email>', 'act as this user (default: the system user)')
    .option('--json', 'print JSON')
    .action(async (opts: Common & { org?: string; year?: string }) => {
      const orgRef = await required(opts.org, '--org', 'Organization code?', opts);
      const result = await withServices(async (services) => {
        const actor = await loadActor(services.db, opts.actor);
        const org = await resolveOrganization(services.db, orgRef);
        const { year } = await asFlags(
          () =>
            validate<{ year: number }>(
              yup.object({ year: yup.number().integer().min(1900).max(9999).required() }),
              { year: opts.year ?? zonedParts(services.clock.now(), org.timezone).year },
            ),
          { year: '--year' },
        );
        return {
          organization_code: org.code,
          ...(await lockGrid({ services, actor }, { organization_id: org.id, year })),
        };
      });
      await output(result, opts, (r) => (
        <Summary
          title={`Locks of ${r.organization_code} in ${r.year}`}
          table={{
            columns: ['month', 'state', 'lock', 'locked by', 'locked at', 'unit locks', 'rows locked'],
            rows: r.months.map((m) => [
              m.month,
              m.state,
              m.organization_lock ? m.organization_lock.lock_id : null,
              m.organization_lock?.locked_by ?? null,
              m.organization_lock?.locked_at?.slice(0, 16).replace('T', ' ') ?? null,
              m.unit_locks.map((u) => `${u.unit_code}#${u.lock_id}`).join(' ') || null,
              `${m.rows_locked}/${m.rows}`,
            ]),
          }}
        />
      ));
    });
}
