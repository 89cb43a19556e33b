// `wfctl health-log list --tenant TENANT --pet ID`: health-log.list, a patient's health journal, as
// GET /tenant/{tenant}/patients/{pet}/health-logs runs it (medical_record.read).
import React from 'react';
import type { Command } from 'commander';
import { listHealthLogs } from '../../../clinic/health-logs/operations/health-logs.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { HealthLogListView } from '../../views/health-log.js';

export function register(program: Command): void {
  commandGroup(program, 'health-log', 'The health journals of a clinic tenant’s patients');
  commandFor(program, listHealthLogs, {
    path: 'health-log list',
    description: 'List a patient’s health journal (owner and clinic entries), newest first, 50 per page',
    flags: [tenantNameFlag, pageFlag],
    input: {
      skip: ['tenant_id'],
      fields: {
        pet_id: { flags: '--pet <id>', description: 'the patient (pet id)' },
        since: {
          flags: '--since <date>',
          description: 'entries logged on or after this day of the clinic’s time zone (YYYY-MM-DD)',
        },
      },
    },
    examples: [
      'wfctl health-log list --tenant happy-paws --pet 1',
      'wfctl health-log list --tenant happy-paws --pet 1 --since 2026-01-01 --actor vet@happypaws.test --json',
    ],
    context: clinicActor,
    json: pageResult,
    view: (page, _f, names) => <HealthLogListView page={pageResult(page)} zone={names.tenantZone()} />,
  });
}
