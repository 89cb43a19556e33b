// Approve or revoke a device (`wfctl device approve|revoke`, POST /devices/{id}/approve|revoke).
// Revoking also revokes the employee's mobile tokens bound to that fingerprint, so a lost phone
// stops working at once. Needs employee.update in the employee's organization.
import type { Services } from '../../../core/services.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { authorize, canSeeOrganization, type UserPrincipal } from '../../identity/principal.js';
import { resolveEmployee } from '../../identity/resolve.js';
import { revokeUserTokens } from '../../identity/revocation.js';
import { deviceBody, type DeviceBody } from '../serialize.js';
import { targetStatus, transition, type DeviceAction, type DeviceStatus } from '../transitions.js';

/** A device by id, or by employee (code or id) and fingerprint. */
export type DeviceRef = { device_id: number } | { employee: string; fingerprint: string };

export interface DeviceStatusResult {
  device: DeviceBody;
  /** false when the device already had the target status (nothing was written). */
  changed: boolean;
  previous_status: DeviceStatus;
  revoked_token_ids: number[];
}

type Ctx = { services: Services; actor: UserPrincipal };

export const approveDevice = (ctx: Ctx, ref: DeviceRef, opts: { dryRun?: boolean } = {}) =>
  changeDeviceStatus(ctx, ref, 'approve', null, opts);

export const revokeDevice = (
  ctx: Ctx,
  ref: DeviceRef,
  reason: string | null = null,
  opts: { dryRun?: boolean } = {},
) => changeDeviceStatus(ctx, ref, 'revoke', reason, opts);

async function changeDeviceStatus(
  ctx: Ctx,
  ref: DeviceRef,
  action: DeviceAction,
  reason: string | null,
  opts: { dryRun?: boolean },
): Promise<DeviceStatusResult> {
  const { clock } = ctx.services;
  return inTransaction(
    ctx.services.db,
    async (trx) => {
      const deviceId = 'device_id' in ref ? ref.device_id : await deviceIdByFingerprint(trx, ctx.actor, ref);
      const device = await lockForUpdate(trx('devices').where({ id: deviceId }), trx).first();
      if (!device) throw new NotFoundError('Device not found.');
      const employee = await trx('employees')
        .where({ id: device.employee_id })
        .first('id', 'employee_id', 'organization_id', 'user_id');
      authorize(ctx.actor, 'employee.update', Number(employee.organization_id), 'Device');

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
      await recordAudit(trx, clock, {
        event: to === 'approved' ? 'device.approved' : 'device.revoked',
        actorUserId: ctx.actor.userId,
        subjectType: 'device',
        subjectId: Number(device.id),
        organizationId: Number(employee.organization_id),
        context: {
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
    },
    opts,
  );
}

async function deviceIdByFingerprint(
  trx: Parameters<typeof resolveEmployee>[0],
  actor: UserPrincipal,
  ref: { employee: string; fingerprint: string },
): Promise<number> {
  const employee = await resolveEmployee(trx, ref.employee, 'employee');
  // Another organization's employee is as unknown as a missing one.
  if (!canSeeOrganization(actor, employee.organizationId)) {
    throw ValidationError.field('employee', `Unknown employee ${ref.employee}.`);
  }
  const row = await trx('devices')
    .where({ employee_id: employee.id, fingerprint: ref.fingerprint })
    .first('id');
  if (!row)
    throw ValidationError.field(
      'fingerprint',
      `Employee ${employee.code} has no device with this fingerprint.`,
    );
  return Number(row.id);
}
