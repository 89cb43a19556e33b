// `wfctl device approve|revoke`: admit or shut out an employee's phone. Name the device by its id,
// or by --employee CODE --fingerprint FP (the fingerprint the phone sent at login).
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import {
  approveDevice,
  revokeDevice,
  type DeviceRef,
  type DeviceStatusResult,
} from '../../workforce/devices/operations/change-device-status.js';
import { confirmOrAbort, output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import { actorFor, asFlags, positiveInt, withCommonOptions, type CommonOptions } from './identity-shared.js';

type DeviceOptions = CommonOptions & { employee?: string; fingerprint?: string };

const FLAGS = { employee: '--employee', fingerprint: '--fingerprint' };

function deviceRef(id: string | undefined, opts: DeviceOptions): DeviceRef {
  const deviceId = positiveInt(id, 'DEVICE');
  if (deviceId !== undefined) {
    if (opts.employee || opts.fingerprint) {
      throw new UsageError('Name the device by DEVICE id or by --employee and --fingerprint, not both.', {
        DEVICE: ['give either DEVICE or --employee/--fingerprint'],
      });
    }
    return { device_id: deviceId };
  }
  if (!opts.employee || !opts.fingerprint) {
    const missing = !opts.employee ? '--employee' : '--fingerprint';
    throw new UsageError(
      `Name the device: DEVICE id, or --employee CODE and --fingerprint FP (missing ${missing}).`,
      {
        [missing]: [`${missing} is required when no DEVICE id is given.`],
      },
    );
  }
  return { employee: opts.employee, fingerprint: opts.fingerprint };
}

function DeviceView({ r, verb }: { r: DeviceStatusResult; verb: string }) {
  return (
    <Summary
      title={
        r.changed ? `Device ${r.device.id} ${verb}` : `Device ${r.device.id} was already ${r.device.status}`
      }
      tone={r.device.status === 'approved' ? 'ok' : 'warn'}
      rows={[
        ['employee', r.device.employee_id],
        ['name', r.device.name ?? '—'],
        ['fingerprint', r.device.fingerprint],
        ['status', `${r.previous_status} → ${r.device.status}`],
        ...(r.revoked_token_ids.length
          ? [['tokens revoked', r.revoked_token_ids.join(', ')] as [string, string]]
          : []),
      ]}
    />
  );
}

const withDeviceOptions = (cmd: Command) =>
  withCommonOptions(
    cmd
      .argument('[device]', 'device id')
      .option('--employee <employee>', 'employee code (E042) or id, with --fingerprint')
      .option('--fingerprint <fp>', 'the device fingerprint, with --employee'),
  );

export function registerDevice(program: Command): void {
  const device = program
    .command('device')
    .description('mobile devices of employees: pending → approved, pending|approved → revoked (terminal)');

  withDeviceOptions(device.command('approve').description('approve a pending device')).action(
    async (id: string | undefined, opts: DeviceOptions) => {
      const ref = deviceRef(id, opts);
      const result = await withServices(async (services) =>
        asFlags(async () => approveDevice({ services, actor: await actorFor(services, opts) }, ref), FLAGS),
      );
      await output(result, opts, (r) => <DeviceView r={r} verb="approved" />);
    },
  );

  withDeviceOptions(
    device
      .command('revoke')
      .description('revoke a device and the tokens bound to it (cannot be undone)')
      .option('--reason <text>', 'why (kept in the audit trail)')
      .option('-y, --yes', 'do not ask for confirmation'),
  ).action(async (id: string | undefined, opts: DeviceOptions & { reason?: string; yes?: boolean }) => {
    const ref = deviceRef(id, opts);
    await confirmOrAbort('Revoke this device? A revoked device cannot be approved again.', opts);
    const result = await withServices(async (services) =>
      asFlags(
        async () =>
          revokeDevice({ services, actor: await actorFor(services, opts) }, ref, opts.reason ?? null),
        FLAGS,
      ),
    );
    await output(result, opts, (r) => <DeviceView r={r} verb="revoked" />);
  });
}
