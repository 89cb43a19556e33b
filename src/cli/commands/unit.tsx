// `wfctl unit retire UNIT --effective-date DATE --reason TEXT [--transfer EMPLOYEE=UNIT …]`.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { findEmployeeId, findUnitId } from '../../workforce/lookup.js';
import { retireUnit, type RetireUnitResult } from '../../workforce/units/operations/retire-unit.js';
import { retireUnitInput } from '../../workforce/units/routes.js';
import { retireUnitBody, type RetireUnitBody } from '../../workforce/units/schemas.js';
import { required } from '../io.js';
import { Summary } from '../views/summary.js';
import { runFlow, validateFlags, type FlowFlags } from './lifecycle-flow.js';

const ids = (list: number[]) => (list.length ? list.join(', ') : '—');

export function RetireUnitView({
  result,
  title,
}: {
  result: Omit<RetireUnitResult, 'dry_run' | 'effective_date'> & { dry_run?: boolean };
  title?: string;
}) {
  const u = result.unit;
  return (
    <Summary
      title={
        title ??
        (result.dry_run ? `Preview: retire unit ${u.code} (nothing changed yet)` : `Retired unit ${u.code}`)
      }
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['unit', `${u.code} ${u.name} (id ${u.id})`],
        ['deployments ended', ids(result.deployments_ended)],
        ['shifts cancelled', ids(result.shifts_cancelled)],
      ]}
      table={
        result.deployments_transferred.length
          ? {
              columns: ['employee', 'from deployment', 'to unit', 'new deployment'],
              rows: result.deployments_transferred.map((x) => [
                x.employee_id,
                x.from_deployment_id,
                x.target_unit_id,
                x.to_deployment_id,
              ]),
            }
          : undefined
      }
    />
  );
}

interface Flags extends FlowFlags {
  effectiveDate?: string;
  reason?: string;
  transfer: string[];
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerUnit(program: Command): void {
  const unit = program.command('unit').description('organization units');
  unit
    .command('retire')
    .description('retire a unit: move or end its primary deployments, cancel its later shifts')
    .argument('<unit>', 'unit as ORG/UNIT (ACME/BLR) or id')
    .option('--effective-date <date>', 'last day of the unit, YYYY-MM-DD')
    .option('--reason <text>', 'why the unit is retired')
    .option(
      '--transfer <employee=unit>',
      'move an employee’s primary deployment to another unit from the next day (repeatable): E042=ACME/MUM',
      collect,
      [],
    )
    .option('--dry-run', 'print what would change and change nothing')
    .option('-y, --yes', 'do not ask for confirmation (required off a terminal)')
    .option('--actor <email>', 'act as this user (default: the built-in system user)')
    .option('--json', 'print JSON')
    .action(async (unitRef: string, flags: Flags) => {
      const effective = await required(
        flags.effectiveDate,
        '--effective-date',
        'Effective date (YYYY-MM-DD)?',
        flags,
      );
      const reason = await required(flags.reason, '--reason', 'Reason?', flags);
      const pairs = flags.transfer.map((pair) => {
        const eq = pair.indexOf('=');
        if (eq <= 0 || eq === pair.length - 1) {
          throw new UsageError(`--transfer must look like EMPLOYEE=ORG/UNIT (got "${pair}").`, {
            '--transfer': ['expected EMPLOYEE=ORG/UNIT'],
          });
        }
        return [pair.slice(0, eq), pair.slice(eq + 1)];
      });
      await runFlow(flags, {
        async prepare(ctx) {
          const db = ctx.services.db;
          const unitId = await findUnitId(db, unitRef);
          const transferMap = [];
          for (const [employee, target] of pairs) {
            transferMap.push({
              employee_id: await findEmployeeId(db, employee),
              target_unit_id: await findUnitId(db, target),
            });
          }
          const body = await validateFlags<RetireUnitBody>(
            retireUnitBody,
            { effective_date: effective, reason, transfer_map: transferMap },
            { effective_date: '--effective-date', reason: '--reason', transfer_map: '--transfer' },
          );
          return {
            question: `Retire unit ${unitRef} effective ${body.effective_date}?`,
            run: (dryRun) => retireUnit(ctx, retireUnitInput(unitId, body), { dryRun }),
          };
        },
        view: (result) => <RetireUnitView result={result} />,
      });
    });
}
