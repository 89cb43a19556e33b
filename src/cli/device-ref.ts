// How `wfctl device approve|revoke` names a device: DEVICE id, or --employee CODE and
// --fingerprint FP (the fingerprint the phone sent at login). Mistakes exit 2 naming the flag.
import { AppError, UsageError, type FieldErrors } from '../core/errors.js';
import type { OperationContext } from '../core/operation.js';
import type { WorkforceActor } from '../workforce/context.js';
import { deviceIdByFingerprint } from '../workforce/devices/queries.js';
import type { CommandFlags } from './command.js';

const FLAGS: Record<string, string> = { employee: '--employee', fingerprint: '--fingerprint' };

export const deviceFlags = [
  { flags: '--employee <employee>', description: 'employee code (E042) or id, with --fingerprint' },
  { flags: '--fingerprint <fp>', description: 'the device fingerprint, with --employee' },
];

export async function deviceId(
  id: string | undefined,
  flags: CommandFlags,
  ctx: OperationContext<WorkforceActor>,
): Promise<number> {
  const employee = flags.employee as string | undefined;
  const fingerprint = flags.fingerprint as string | undefined;
  if (id !== undefined) {
    if (!/^[1-9][0-9]{0,15}$/.test(id)) {
      throw new UsageError(`DEVICE must be a positive whole number (got ${id}).`, {
        DEVICE: ['must be a positive whole number'],
      });
    }
    if (employee || fingerprint) {
      throw new UsageError('Name the device by DEVICE id or by --employee and --fingerprint, not both.', {
        DEVICE: ['give either DEVICE or --employee/--fingerprint'],
      });
    }
    return Number(id);
  }
  if (!employee || !fingerprint) {
    const missing = !employee ? '--employee' : '--fingerprint';
    throw new UsageError(
      `Name the device: DEVICE id, or --employee CODE and --fingerprint FP (missing ${missing}).`,
      { [missing]: [`${missing} is required when no DEVICE id is given.`] },
    );
  }
  try {
    return await deviceIdByFingerprint(ctx.services.db, ctx.actor, { employee, fingerprint });
  } catch (err) {
    if (!(err instanceof AppError) || !err.isUserError || !Object.keys(err.errors).length) throw err;
    // The field the lookup names (employee, fingerprint) is the flag the user typed.
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(err.errors)) {
      const flag = FLAGS[field] ?? field;
      (errors[flag] ??= []).push(...messages.map((m) => m.replace(`${field}: `, `${flag}: `)));
    }
    const named = Object.keys(errors);
    const first = errors[named[0]][0];
    const message = first.startsWith(`${named[0]}: `) ? first : `${named[0]}: ${err.message}`;
    throw new UsageError(message, errors);
  }
}
