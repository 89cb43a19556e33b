// `wfctl device list [--pending|--status S] [--org ORG]`: device.list-all, the devices an operator
// may approve or revoke, oldest first; `--pending` is the approval queue.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../../core/errors.js';
import { listAllDevices } from '../../../workforce/devices/operations/list-devices.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { pageFields } from '../../page-flags.js';
import { DeviceListView } from '../../views/device.js';

export function register(program: Command): void {
  commandFor(program, listAllDevices, {
    path: 'device list',
    description: 'List devices with their employee, oldest first (--pending: the approval queue)',
    flags: [
      { flags: '--pending', description: 'only devices waiting for approval (same as --status pending)' },
    ],
    input: { fields: { status: '--status <status>', organization: '--org <org>', ...pageFields } },
    examples: ['wfctl device list --pending', 'wfctl device list --org ACME --status approved --json'],
    context: workforceActor,
    toInput: async (_args, flags) => {
      if (flags.pending && flags.status !== undefined && flags.status !== 'pending') {
        throw new UsageError('--pending and --status disagree; give one of them.', {
          '--status': ['conflicts with --pending'],
        });
      }
      return { status: flags.pending ? 'pending' : flags.status };
    },
    view: (page, flags) => <DeviceListView page={page} pending={Boolean(flags.pending)} />,
  });
}
