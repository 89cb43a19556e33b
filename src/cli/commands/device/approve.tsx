// `wfctl device approve [DEVICE] [--employee CODE --fingerprint FP]`: device.approve, as
// POST /devices/{id}/approve runs it.
import React from 'react';
import type { Command } from 'commander';
import { approveDevice } from '../../../workforce/devices/operations/change-device-status.js';
import { workforceActor } from '../../actors.js';
import { commandFor, type ArgSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { DeviceView } from '../../views/device.js';

/** DEVICE id, or --employee and --fingerprint: the operation finds the device (namedDevice). */
export const DEVICE_ARG: ArgSpec = {
  name: 'device',
  description: 'device id',
  optional: true,
  field: 'device_id',
};
export const DEVICE_FIELDS = {
  employee: {
    flags: '--employee <employee>',
    description: 'employee code (E042) or id, with --fingerprint',
  },
  fingerprint: { flags: '--fingerprint <fp>', description: 'the device fingerprint, with --employee' },
};

export function register(program: Command): void {
  commandGroup(
    program,
    'device',
    'Mobile devices of employees: pending → approved, pending|approved → revoked (terminal)',
  );
  commandFor(program, approveDevice, {
    path: 'device approve',
    description: 'Approve a pending device',
    args: [DEVICE_ARG],
    input: { fields: DEVICE_FIELDS },
    examples: ['wfctl device approve 12', 'wfctl device approve --employee E042 --fingerprint pixel-8-kiran'],
    context: workforceActor,
    view: (r) => <DeviceView r={r} verb="approved" />,
  });
}
