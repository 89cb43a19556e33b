// `wfctl org retire ORG --effective-date DATE --reason TEXT`.
import React from 'react';
import { Box } from 'ink';
import type { Command } from 'commander';
import { findOrganizationId } from '../../workforce/lookup.js';
import {
  retireOrganization,
  type RetireOrganizationResult,
} from '../../workforce/organizations/operations/retire-organization.js';
import {
  retireOrganizationBody,
  type RetireOrganizationBody,
} from '../../workforce/organizations/schemas.js';
import { required } from '../io.js';
import { Summary } from '../views/summary.js';
import { runFlow, validateFlags, type FlowFlags } from './lifecycle-flow.js';
import { RetireUnitView } from './unit.js';

export function RetireOrganizationView({ result }: { result: RetireOrganizationResult }) {
  const o = result.organization;
  const title = !result.changed
    ? `Organization ${o.code} is already retired: nothing to do`
    : result.dry_run
      ? `Preview: retire organization ${o.code} (nothing changed yet)`
      : `Retired organization ${o.code}`;
  return (
    <Box flexDirection="column">
      <Summary
        title={title}
        tone={result.dry_run || !result.changed ? 'warn' : 'ok'}
        rows={[
          ['organization', `${o.code} ${o.name} (id ${o.id})`],
          ['status', `${result.before.status} → ${result.after.status}`],
          ['units retired', String(result.units.length)],
        ]}
      />
      {result.units.map((u) => (
        <RetireUnitView key={u.unit.id} result={u} title={`  unit ${u.unit.code}`} />
      ))}
    </Box>
  );
}

interface Flags extends FlowFlags {
  effectiveDate?: string;
  reason?: string;
}

export function registerOrg(program: Command): void {
  const org = program.command('org').description('organizations');
  org
    .command('retire')
    .description('retire an organization and every active unit in it')
    .argument('<organization>', 'organization code (ACME) or id')
    .option('--effective-date <date>', 'last day, YYYY-MM-DD')
    .option('--reason <text>', 'why the organization is retired')
    .option('--dry-run', 'print what would change and change nothing')
    .option('-y, --yes', 'do not ask for confirmation (required off a terminal)')
    .option('--actor <email>', 'act as this user (default: the built-in system user)')
    .option('--json', 'print JSON')
    .action(async (orgRef: string, flags: Flags) => {
      const effective = await required(
        flags.effectiveDate,
        '--effective-date',
        'Effective date (YYYY-MM-DD)?',
        flags,
      );
      const reason = await required(flags.reason, '--reason', 'Reason?', flags);
      const body = await validateFlags<RetireOrganizationBody>(
        retireOrganizationBody,
        { effective_date: effective, reason },
        { effective_date: '--effective-date', reason: '--reason' },
      );
      await runFlow(flags, {
        async prepare(ctx) {
          const organizationId = await findOrganizationId(ctx.services.db, orgRef);
          const input = { organizationId, effectiveDate: body.effective_date, reason: body.reason };
          return {
            question: `Retire organization ${orgRef} and all its units effective ${body.effective_date}?`,
            run: (dryRun) => retireOrganization(ctx, input, { dryRun }),
          };
        },
        view: (result) => <RetireOrganizationView result={result} />,
      });
    });
}
