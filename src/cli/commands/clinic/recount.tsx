// `wfctl clinic recount [--tenant T] [--fix]`: clinic.recount, by the operator only. Checks the
// tenants' counters (the clinic's list totals and dashboard counts) against COUNT(*); exit 1 when
// one drifted and --fix was not given; with --fix the drifted counters are set to the count.
import React from 'react';
import type { Command } from 'commander';
import { recountCounters, type RecountResult } from '../../../clinic/system/operations/recount.js';
import { clinicActor } from '../../actors.js';
import { CommandFailed } from '../../command-failed.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { checkTenant } from '../../lookup.js';
import { Summary } from '../../views/summary.js';

function RecountView({ result }: { result: RecountResult }) {
  const drifted = result.drift.length;
  const tone = !drifted ? 'ok' : result.fixed ? 'warn' : 'error';
  const title = !drifted
    ? 'Counters: every one equals its COUNT(*)'
    : result.fixed
      ? `Counters: ${drifted} drifted, now set to their COUNT(*)`
      : `Counters: ${drifted} differ from COUNT(*) (--fix sets them right)`;
  return (
    <Summary
      title={title}
      tone={tone}
      rows={[
        ['tenants checked', result.tenants_checked],
        ['counters checked', result.counters_checked],
        ['drifted', drifted],
      ]}
      table={
        drifted
          ? {
              columns: ['tenant', 'counter', 'was', 'COUNT(*)'],
              rows: result.drift.map((d) => [d.tenant_slug, d.name, d.counter, d.actual]),
            }
          : undefined
      }
    />
  );
}

export function register(program: Command): void {
  commandGroup(
    program,
    'clinic',
    'The clinic service’s upkeep: its tenants’ counters and vaccination reminders',
  );
  commandFor(program, recountCounters, {
    path: 'clinic recount',
    description:
      'Check the tenants’ counters (list totals, dashboard counts) against COUNT(*); exit 1 on drift without --fix',
    flags: [
      {
        flags: '--tenant <tenant>',
        description: 'only this tenant (id or slug); default every tenant',
        field: 'tenant',
        lookup: checkTenant,
      },
    ],
    input: {
      skip: ['tenant_id'],
      fields: { fix: { description: 'set the counters that drifted to their COUNT(*)' } },
    },
    examples: ['wfctl clinic recount', 'wfctl clinic recount --tenant happy-paws --fix --json'],
    context: clinicActor,
    failure: (r) =>
      r.drift.length && !r.fixed
        ? new CommandFailed(
            `${r.drift.length} counter(s) differ from COUNT(*); \`wfctl clinic recount --fix\` sets them right.`,
            'COUNTER_DRIFT',
            { ...r },
            Object.fromEntries(
              r.drift.map((d) => [
                `${d.tenant_slug} ${d.name}`,
                [`counter ${d.counter}, COUNT(*) ${d.actual}`],
              ]),
            ),
          )
        : undefined,
    view: (result) => <RecountView result={result} />,
  });
}
