// `wfctl fy list --org CODE`: financial-year.list, an organization's years with their status.
import React from 'react';
import type { Command } from 'commander';
import { listFinancialYears } from '../../../workforce/financial-years/operations/list-financial-years.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { FinancialYearListView } from '../../views/financial-year.js';
import { checkOrganization, organizationRef } from '../../lookup.js';

export function register(program: Command): void {
  commandFor(program, listFinancialYears, {
    path: 'fy list',
    description: "An organization's financial years with their status",
    flags: [
      {
        flags: '--org <code>',
        description: 'organization code or id',
        required: true,
        prompt: 'Organization code?',
        field: 'organization_id',
        lookup: checkOrganization,
      },
    ],
    examples: ['wfctl fy list --org ACME', 'wfctl fy list --org ACME --json'],
    context: workforceActor,
    toInput: async (_args, flags, ctx) => ({
      organization_id: (await organizationRef(ctx.services.db, flags.org as string)).id,
    }),
    json: ({ financial_years, ...organization }) => ({ data: financial_years, meta: organization }),
    names: (list) => ({ organizations: [list.organization_id] }),
    view: (list, _flags, names) => <FinancialYearListView list={list} names={names} />,
  });
}
