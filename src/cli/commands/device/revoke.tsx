// `wfctl device revoke [DEVICE] [--employee CODE --fingerprint FP] [--reason TEXT]`:
// device.revoke, as POST /devices/{id}/revoke runs it. A revoked device cannot be approved again.
import React from 'react';
import type { Command } from 'commander';
import { revokeDevice } from '../../../workforce/devices/operations/change-device-status.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { DEVICE_ARG, DEVICE_FIELDS } from './approve.js';
import { commandGroup } from '../../group.js';
import { DeviceView } from '../../views/device.js';

export function register(program: Command): void {
  commandGroup(
    program,
    'device',
    'Mobile devices of employees: pending → approved, pending|approved → revoked (terminal)',
  );
  commandFor(program, revokeDevice, {
    path: 'device revoke',
    description: 'Revoke a device and the tokens bound to it (cannot be undone)',
    args: [DEVICE_ARG],
    input: {
      fields: {
        ...DEVICE_FIELDS,
        reason: { flags: '--reason <text>', description: 'why (kept in the audit trail)' },
      },
    },
    examples: ['wfctl device revoke 12 --reason "lost on a train" --yes'],
    context: workforceActor,
    confirm: () => 'Revoke this device? A revoked device cannot be approved again.',
    view: (r) => <DeviceView r={r} verb="revoked" />,
  });
}
