// `wfctl fy list --org CODE`: financial-year.list, an organization's years with their status.
import React from 'react';
import type { Command } from 'commander';
import { listFinancialYears } from '../../../workforce/financial-years/operations/list-financial-years.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { FinancialYearListView } from '../../views/financial-year.js';
import { orgFlag } from '../../lookup.js';

export function register(program: Command): void {
  commandFor(program, listFinancialYears, {
    path: 'fy list',
    description: "An organization's financial years with their status",
    input: { fields: { organization: orgFlag } },
    examples: ['wfctl fy list --org ACME', 'wfctl fy list --org ACME --json'],
    context: workforceActor,
    json: ({ financial_years, ...organization }) => ({ data: financial_years, meta: organization }),
    names: (list) => ({ organizations: [list.organization_id] }),
    view: (list, _flags, names) => <FinancialYearListView list={list} names={names} />,
  });
}
