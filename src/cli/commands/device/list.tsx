// `wfctl device list [--pending|--status S] [--org ORG]`: device.list-all, the devices an operator
// may approve or revoke, oldest first; `--pending` is the approval queue.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../../core/errors.js';
import { listAllDevices } from '../../../workforce/devices/operations/list-devices.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { pageFlags } from '../../page-flags.js';
import { DeviceListView } from '../../views/device.js';
import { organizationRef } from '../../lookup.js';

export function register(program: Command): void {
  commandFor(program, listAllDevices, {
    path: 'device list',
    description: 'List devices with their employee, oldest first (--pending: the approval queue)',
    flags: [
      { flags: '--pending', description: 'only devices waiting for approval (same as --status pending)' },
      { flags: '--status <status>', description: 'pending, approved or revoked', field: 'status' },
      {
        flags: '--org <org>',
        description: 'only this organization: code (ACME) or id',
        field: 'organization_id',
      },
      ...pageFlags,
    ],
    examples: ['wfctl device list --pending', 'wfctl device list --org ACME --status approved --json'],
    context: workforceActor,
    toInput: async (_args, flags, ctx) => {
      if (flags.pending && flags.status !== undefined && flags.status !== 'pending') {
        throw new UsageError('--pending and --status disagree; give one of them.', {
          '--status': ['conflicts with --pending'],
        });
      }
      return {
        status: flags.pending ? 'pending' : flags.status,
        organization_id:
          flags.org === undefined
            ? undefined
            : (await organizationRef(ctx.services.db, flags.org as string)).id,
        limit: flags.limit,
        cursor: flags.cursor,
      };
    },
    view: (page, flags) => <DeviceListView page={page} pending={Boolean(flags.pending)} />,
  });
}
