// Approve or revoke a device (`wfctl device approve|revoke`, POST /devices/{id}/approve|revoke).
// Revoking also revokes the employee's mobile tokens bound to that fingerprint, so a lost phone
// stops working at once. Needs employee.update in the employee's organization.
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { byName, idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { revokeUserTokens } from '../../identity/revocation.js';
import { namedDevice } from '../queries.js';
import { deviceBody, type DeviceStatusChange } from '../serialize.js';
import { targetStatus, transition, type DeviceAction, type DeviceStatus } from '../transitions.js';

/**
 * The device: its id (HTTP's path, the CLI's DEVICE), or its employee (code or id) and the
 * fingerprint the phone sent at login, which only the CLI offers (the routes pass the id alone).
 */
const deviceNaming = {
  device_id: idNumber(),
  employee: byName(yup.string().trim().max(64).meta({ description: 'employee code (E042) or id' })),
  fingerprint: byName(yup.string().trim().max(191).meta({ description: 'the device fingerprint' })),
};

export const approveDeviceInput = yup.object(deviceNaming);

export const revokeDeviceSchema = yup.object({
  reason: yup.string().strict().max(1000).nullable().optional(),
});
export const revokeDeviceInput = yup.object(deviceNaming).concat(revokeDeviceSchema);

export type DeviceStatusResult = Shape<typeof DeviceStatusChange>;

export const approveDevice = defineWrite('device.approve', 'employee.update', {
  summary: 'Approve a pending device: mobile requests from it are admitted (pending → approved)',
  input: approveDeviceInput,
  run: async (ctx: WorkforceRun, input) =>
    changeDeviceStatus(ctx, await namedDevice(ctx, input), 'approve', null),
});

export const revokeDevice = defineWrite('device.revoke', 'employee.update', {
  summary: "Revoke a device and the employee's tokens bound to it (pending|approved → revoked, terminal)",
  input: revokeDeviceInput,
  run: async (ctx: WorkforceRun, input) =>
    changeDeviceStatus(ctx, await namedDevice(ctx, input), 'revoke', input.reason ?? null),
});

async function changeDeviceStatus(
  ctx: WorkforceRun,
  deviceId: number,
  action: DeviceAction,
  reason: string | null,
): Promise<DeviceStatusResult> {
  const { db: trx } = ctx;
  const { clock } = ctx.services;
  const device = await lockForUpdate(trx('devices').where({ id: deviceId }), trx).first();
  if (!device) throw new NotFoundError('Device not found.');
  const employee = await trx('employees')
    .where({ id: device.employee_id })
    .first('id', 'employee_id', 'organization_id', 'user_id');
  await ctx.authorize(Number(employee.organization_id), 'Device');

  const from = device.status as DeviceStatus;
  const step = transition(from, action);
  if (step === 'refuse') {
    throw new ConflictError(
      'This device was revoked; a revoked device cannot be approved again. The phone must sign in with a new fingerprint.',
      'DEVICE_REVOKED',
    );
  }
  if (step === 'same') {
    return {
      device: deviceBody(device, employee.employee_id),
      changed: false,
      previous_status: from,
      revoked_token_ids: [],
    };
  }
  const now = toDbTime(clock.now());
  const to = targetStatus(action);
  await trx('devices')
    .where({ id: device.id })
    .update({
      status: to,
      updated_at: now,
      ...(to === 'approved' ? { approved_at: now } : { revoked_at: now }),
    });
  const revokedTokenIds =
    to === 'revoked' && employee.user_id
      ? await revokeUserTokens(trx, clock, {
          userId: Number(employee.user_id),
          deviceFingerprint: device.fingerprint,
        })
      : [];
  ctx.audit({
    action: to === 'approved' ? 'device.approved' : 'device.revoked',
    subjectType: 'device',
    subjectId: Number(device.id),
    scopeId: Number(employee.organization_id),
    details: {
      employee_id: employee.employee_id,
      from,
      to,
      ...(reason ? { reason } : {}),
      revoked_token_ids: revokedTokenIds,
    },
  });
  const updated = await trx('devices').where({ id: device.id }).first();
  return {
    device: deviceBody(updated, employee.employee_id),
    changed: true,
    previous_status: from,
    revoked_token_ids: revokedTokenIds,
  };
}
