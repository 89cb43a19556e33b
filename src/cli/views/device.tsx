// A device after approve or revoke.
import React from 'react';
import type { DeviceStatusResult } from '../../workforce/devices/operations/change-device-status.js';
import { Summary } from './summary.js';

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
