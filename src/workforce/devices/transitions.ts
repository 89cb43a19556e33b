// Device statuses. A mobile login from an unknown fingerprint registers the device as pending;
// an admin approves it (only approved devices admit mobile requests) or revokes it. Revoked is
// terminal: a revoked phone cannot come back, it must register again with a new fingerprint.
//
//   pending ──approve──► approved
//   pending ──revoke───► revoked
//   approved ─revoke───► revoked
export const DEVICE_STATUSES = ['pending', 'approved', 'revoked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export type DeviceAction = 'approve' | 'revoke';

const TARGET: Record<DeviceAction, DeviceStatus> = { approve: 'approved', revoke: 'revoked' };

/**
 * 'move' when the action changes the status, 'same' when the device is already there (a repeat is
 * harmless), 'refuse' when the transition does not exist (approving a revoked device).
 */
export function transition(from: DeviceStatus, action: DeviceAction): 'move' | 'same' | 'refuse' {
  const to = TARGET[action];
  if (from === to) return 'same';
  if (from === 'revoked') return 'refuse';
  return 'move';
}

export function targetStatus(action: DeviceAction): DeviceStatus {
  return TARGET[action];
}
