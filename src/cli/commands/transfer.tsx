// `wfctl transfer EMPLOYEE --to UNIT --on DATE`: close the primary deployment, open one at the new
// unit, cancel later shifts at the old unit (listed, so they can be assigned again).
import React from 'react';
import type { Command } from 'commander';
import {
  transferEmployee,
  type TransferResult,
} from '../../workforce/deployments/operations/transfer-employee.js';
import { transferFlags } from '../../workforce/deployments/schemas.js';
import { findEmployeeId, findUnitId } from '../../workforce/lookup.js';
import { required } from '../io.js';
import { Summary } from '../views/summary.js';
import { runFlow, validateFlags, type FlowFlags } from './lifecycle-flow.js';

export function TransferView({ result }: { result: TransferResult }) {
  const { closed_deployment: closed, opened_deployment: opened } = result;
  const code = result.employee.employee_id;
  return (
    <Summary
      title={result.dry_run ? `Preview: transfer ${code} (nothing changed yet)` : `Transferred ${code}`}
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['closed deployment', `${closed.id} at unit ${closed.organization_unit_id}, ends ${closed.ends_on}`],
        [
          'new primary deployment',
          `${opened.id ?? '(new)'} at unit ${opened.organization_unit_id}, from ${opened.starts_on}` +
            (opened.ends_on ? ` to ${opened.ends_on}` : ''),
        ],
        ['demoted primaries', result.demoted_primary_deployment_ids.join(', ') || '—'],
        ['shifts cancelled (re-assign)', result.shifts_cancelled.join(', ') || '—'],
      ]}
    />
  );
}

interface Flags extends FlowFlags {
  to?: string;
  on?: string;
}

export function registerTransfer(program: Command): void {
  program
    .command('transfer')
    .description('move an employee’s primary deployment to another unit from a date')
    .argument('<employee>', 'employee code (E042) or id')
    .option('--to <unit>', 'the new unit, ORG/UNIT (ACME/MUM) or id')
    .option('--on <date>', 'first day at the new unit, YYYY-MM-DD')
    .option('--dry-run', 'print what would change and change nothing')
    .option('-y, --yes', 'do not ask for confirmation (required off a terminal)')
    .option('--actor <email>', 'act as this user (default: the built-in system user)')
    .option('--json', 'print JSON')
    .action(async (employee: string, flags: Flags) => {
      const to = await required(flags.to, '--to', 'New unit (ORG/UNIT)?', flags);
      const on = await required(flags.on, '--on', 'First day at the new unit (YYYY-MM-DD)?', flags);
      const checked = await validateFlags<{ on: string }>(transferFlags, { on }, { on: '--on' });
      await runFlow(flags, {
        async prepare(ctx) {
          const input = {
            employeeId: await findEmployeeId(ctx.services.db, employee),
            targetUnitId: await findUnitId(ctx.services.db, to),
            on: checked.on,
          };
          return {
            question: `Transfer ${employee} to ${to} from ${checked.on}?`,
            run: (dryRun) => transferEmployee(ctx, input, { dryRun }),
          };
        },
        view: (result) => <TransferView result={result} />,
      });
    });
}
