// A device after approve or revoke; the device list.
import React from 'react';
import { Box } from '../ink.js';
import type { DeviceStatusResult } from '../../workforce/devices/operations/change-device-status.js';
import type { DeviceListItem } from '../../workforce/devices/operations/list-devices.js';
import type { Page } from '../../workforce/listing.js';
import { Summary } from './summary.js';
import { More } from './unit.js';

export function DeviceView({ r, verb }: { r: DeviceStatusResult; verb: string }) {
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

export function DeviceListView({ page, pending }: { page: Page<DeviceListItem>; pending: boolean }) {
  return (
    <Box flexDirection="column">
      <Summary
        title={
          pending
            ? page.data.length
              ? `${page.data.length} device(s) waiting for approval (wfctl device approve ID)`
              : 'No device is waiting for approval'
            : `Devices (${page.data.length})`
        }
        tone={pending && page.data.length ? 'warn' : 'ok'}
        table={{
          columns: ['id', 'org', 'employee', 'name', 'fingerprint', 'status', 'since'],
          rows: page.data.map((d) => [
            d.id,
            d.organization_code,
            d.employee_id,
            d.name,
            d.fingerprint,
            d.status,
            (d.revoked_at ?? d.approved_at ?? d.created_at)?.slice(0, 10) ?? null,
          ]),
        }}
      />
      <More page={page} />
    </Box>
  );
}
