// `wfctl deployment create EMPLOYEE --unit UNIT --from DATE [--to DATE] [--primary]` and
// `wfctl deployment close ID [--force]`: the operations behind POST and DELETE /deployments.
import React from 'react';
import type { Command } from 'commander';
import {
  closeDeployment,
  type CloseDeploymentResult,
} from '../../workforce/deployments/operations/close-deployment.js';
import {
  createDeployment,
  type CreateDeploymentResult,
} from '../../workforce/deployments/operations/create-deployment.js';
import { createDeploymentBody, type CreateDeploymentBody } from '../../workforce/deployments/schemas.js';
import { findEmployeeId, findUnitId } from '../../workforce/lookup.js';
import { UsageError } from '../../core/errors.js';
import { required } from '../io.js';
import { Summary } from '../views/summary.js';
import { runFlow, validateFlags, type FlowFlags } from './lifecycle-flow.js';

function DeploymentView({ result }: { result: CreateDeploymentResult | CloseDeploymentResult }) {
  const d = result.deployment;
  const what = 'deleted' in result ? (result.deleted ? 'Deleted' : 'Closed') : 'Created';
  return (
    <Summary
      title={
        result.dry_run
          ? `Preview: ${what.toLowerCase()} deployment (nothing changed yet)`
          : `${what} deployment ${d.id}`
      }
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['employee', String(d.employee_id)],
        ['unit', String(d.organization_unit_id)],
        ['from – to', `${d.starts_on} – ${d.ends_on ?? 'open'}`],
        ['primary', d.is_primary ? 'yes' : 'no'],
        ...('demoted_primary_deployment_ids' in result
          ? [
              ['demoted primaries', result.demoted_primary_deployment_ids.join(', ') || '—'] as [
                string,
                string,
              ],
            ]
          : []),
      ]}
    />
  );
}

const common = (cmd: Command) =>
  cmd
    .option('--dry-run', 'print what would change and change nothing')
    .option('-y, --yes', 'do not ask for confirmation (required off a terminal)')
    .option('--actor <email>', 'act as this user (default: the built-in system user)')
    .option('--json', 'print JSON');

export function registerDeployment(program: Command): void {
  const deployment = program.command('deployment').description('deployments of employees at units');
  common(
    deployment
      .command('create')
      .description('deploy an employee at a unit (a primary demotes the primaries it overlaps)')
      .argument('<employee>', 'employee code (E042) or id')
      .option('--unit <unit>', 'ORG/UNIT or id')
      .option('--from <date>', 'first day, YYYY-MM-DD')
      .option('--to <date>', 'last day, YYYY-MM-DD (default: open-ended)')
      .option('--primary', 'make it the primary deployment'),
  ).action(
    async (
      employee: string,
      flags: FlowFlags & { unit?: string; from?: string; to?: string; primary?: boolean },
    ) => {
      const unit = await required(flags.unit, '--unit', 'Unit (ORG/UNIT)?', flags);
      const from = await required(flags.from, '--from', 'First day (YYYY-MM-DD)?', flags);
      await runFlow(flags, {
        async prepare(ctx) {
          const db = ctx.services.db;
          const body = await validateFlags<CreateDeploymentBody>(
            createDeploymentBody,
            {
              employee_id: await findEmployeeId(db, employee),
              organization_unit_id: await findUnitId(db, unit),
              starts_on: from,
              ends_on: flags.to ?? null,
              is_primary: Boolean(flags.primary),
            },
            { starts_on: '--from', ends_on: '--to' },
          );
          const input = {
            employeeId: body.employee_id,
            unitId: body.organization_unit_id,
            startsOn: body.starts_on,
            endsOn: body.ends_on ?? null,
            isPrimary: body.is_primary,
          };
          return {
            question: `Deploy ${employee} at ${unit} from ${from}${flags.primary ? ' as primary' : ''}?`,
            run: (dryRun) => createDeployment(ctx, input, { dryRun }),
          };
        },
        view: (result) => <DeploymentView result={result} />,
      });
    },
  );
  common(
    deployment
      .command('close')
      .description('end a deployment today (the organization’s date); --force deletes it')
      .argument('<id>', 'deployment id')
      .option('--force', 'delete the deployment instead of closing it'),
  ).action(async (id: string, flags: FlowFlags & { force?: boolean }) => {
    if (!/^[1-9][0-9]{0,15}$/.test(id)) throw new UsageError(`<id> must be a deployment id (got "${id}").`);
    await runFlow(flags, {
      async prepare(ctx) {
        const input = { deploymentId: Number(id), force: Boolean(flags.force) };
        return {
          question: `${flags.force ? 'Delete' : 'Close'} deployment ${id}?`,
          run: (dryRun) => closeDeployment(ctx, input, { dryRun }),
        };
      },
      view: (result) => <DeploymentView result={result} />,
    });
  });
}
