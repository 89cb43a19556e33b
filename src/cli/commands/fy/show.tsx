// `wfctl fy show ORG/NAME`: financial-year.show, as GET /financial-years/{id} runs it.
import React from 'react';
import type { Command } from 'commander';
import { showFinancialYear } from '../../../workforce/financial-years/operations/show-financial-year.js';
import { workforceActor } from '../../actors.js';
import { orgFlag } from '../../lookup.js';
import { commandFor } from '../../command.js';
import { FinancialYearView } from '../../views/financial-year.js';
import { yearArg } from './close.js';

export function register(program: Command): void {
  commandFor(program, showFinancialYear, {
    path: 'fy show',
    description: 'A financial year with its status and, once closed, the leave-type snapshot',
    args: [yearArg],
    input: { skip: ['financial_year_id'], fields: { organization: { ...orgFlag, prompt: undefined } } },
    examples: ['wfctl fy show ACME/FY2024', 'wfctl fy show FY2024 --org ACME'],
    context: workforceActor,
    names: (year) => ({ organizations: [year.organization_id] }),
    view: (year, _flags, names) => <FinancialYearView year={year} names={names} />,
  });
}
