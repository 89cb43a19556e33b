// `wfctl offboard EMPLOYEE --last-day DATE --reason TEXT`: the offboard operation HTTP also calls.
import React from 'react';
import type { Command } from 'commander';
import {
  offboardEmployee,
  type OffboardResult,
} from '../../workforce/employees/operations/offboard-employee.js';
import { offboardBody, type OffboardBody } from '../../workforce/employees/schemas.js';
import { findEmployeeId } from '../../workforce/lookup.js';
import { required } from '../io.js';
import { Summary } from '../views/Summary.js';
import { runFlow, validateFlags, type FlowFlags } from './lifecycle-flow.js';

const list = (ids: unknown[]) =>
  ids.length ? ids.map((x) => (typeof x === 'object' ? JSON.stringify(x) : x)).join(', ') : '—';

export function OffboardView({ result }: { result: OffboardResult }) {
  const e = result.employee;
  return (
    <Summary
      title={
        result.dry_run
          ? `Preview: offboard ${e.employee_id} (nothing changed yet)`
          : `Offboarded ${e.employee_id}`
      }
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['employee', `${e.employee_id} ${e.name} (id ${e.id})`],
        ['last working day', e.last_working_day ?? '—'],
        ['reason', e.exit_reason ?? '—'],
        ['deployments ended', list(result.deployments_ended)],
        ['shifts cancelled', list(result.shifts_cancelled)],
        ['devices revoked', list(result.devices_revoked)],
        ['tokens deleted', String(result.tokens_deleted.length)],
        ['leaves rejected', list(result.leaves_rejected)],
        ['regularizations rejected', list(result.regularizations_rejected)],
        [
          'roles removed',
          list(result.roles_removed.map((r) => `${r.role}@${r.organization_id ?? 'global'}`)),
        ],
        ['user deactivated', result.user_deactivated === null ? '—' : `user ${result.user_deactivated}`],
      ]}
    />
  );
}

interface Flags extends FlowFlags {
  lastDay?: string;
  reason?: string;
}

export function registerOffboard(program: Command): void {
  program
    .command('offboard')
    .description('offboard an employee: end deployments, cancel later shifts, revoke devices and tokens, …')
    .argument('<employee>', 'employee code (E042) or id')
    .option('--last-day <date>', 'last working day, YYYY-MM-DD')
    .option('--reason <text>', 'exit reason')
    .option('--dry-run', 'print what would change and change nothing')
    .option('-y, --yes', 'do not ask for confirmation (required off a terminal)')
    .option('--actor <email>', 'act as this user (default: the built-in system user)')
    .option('--json', 'print JSON')
    .action(async (employee: string, flags: Flags) => {
      const lastDay = await required(flags.lastDay, '--last-day', 'Last working day (YYYY-MM-DD)?', flags);
      const reason = await required(flags.reason, '--reason', 'Exit reason?', flags);
      const body = await validateFlags<OffboardBody>(
        offboardBody,
        { last_working_day: lastDay, reason },
        { last_working_day: '--last-day', reason: '--reason' },
      );
      await runFlow(flags, {
        async prepare(ctx) {
          const employeeId = await findEmployeeId(ctx.services.db, employee);
          const input = { employeeId, lastWorkingDay: body.last_working_day, reason: body.reason };
          return {
            question: `Offboard ${employee} with last working day ${body.last_working_day}?`,
            run: (dryRun) => offboardEmployee(ctx, input, { dryRun }),
          };
        },
        view: (result) => <OffboardView result={result} />,
      });
    });
}
