// The one-click opt-out of a reminder's link, no login: GET /r/{token} shows what a click would do
// (reminder-opt-out.show), POST records it (reminder-opt-out.record). The token (../token.ts) names
// the recipient and the tenant under our HMAC: a forged or edited one is a 403 that changes nothing.
// Recording twice is harmless: the second answers that it was already done.
import { ForbiddenError, NotFoundError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { toDbTime } from '../../../db/time.js';
import type { Knex } from 'knex';
import type { ClinicRun } from '../../context.js';
import { byAccount } from '../../policy.js';
import { senderName } from '../compose.js';
import { loadReminders } from '../queries.js';
import { optOutParams } from '../schemas.js';
import { optOutKey, readOptOutToken } from '../token.js';

export interface OptOutState {
  /** Who the reminders come from (the sender name, else the clinic's name). */
  clinic: string;
  opted_out: boolean;
  /** Set by the POST: false when this request recorded it, true when it was already recorded. */
  already?: boolean;
}

async function recipientOf(db: Knex, key: Buffer, token: string) {
  const who = readOptOutToken(key, token);
  if (!who) throw new ForbiddenError('This opt-out link is not valid.', 'INVALID_OPT_OUT_LINK');
  const tenant = await loadReminders(db, who.tenantId);
  if (!tenant) throw new NotFoundError('Clinic not found.');
  const opted = await db('reminder_opt_outs')
    .where({ tenant_id: who.tenantId, user_id: who.userId })
    .first('id');
  return { ...who, clinic: senderName(tenant), optedOut: Boolean(opted) };
}

export const showOptOut = defineRead('reminder-opt-out.show', 'public', {
  summary: 'What the opt-out link of a reminder would do (public, signed link)',
  input: optOutParams,
  async run(ctx: ClinicRun, input): Promise<OptOutState> {
    const r = await recipientOf(ctx.db, await optOutKey(ctx.services), input.token);
    return { clinic: r.clinic, opted_out: r.optedOut };
  },
});

export const recordOptOut = defineWrite('reminder-opt-out.record', 'public', {
  summary: 'Stop the vaccination reminders of one clinic to one recipient (public, signed link)',
  input: optOutParams,
  prepare: (ctx) => optOutKey(ctx.services),
  async run(ctx: ClinicRun, input, key: Buffer): Promise<OptOutState> {
    const r = await recipientOf(ctx.db, key, input.token);
    if (r.optedOut) return { clinic: r.clinic, opted_out: true, already: true };
    try {
      await ctx.db('reminder_opt_outs').insert({
        tenant_id: r.tenantId,
        user_id: r.userId,
        opted_out_at: toDbTime(ctx.services.clock.now()),
      });
    } catch (err) {
      // Two clicks at once: the other one recorded it.
      if (isUniqueViolation(err)) return { clinic: r.clinic, opted_out: true, already: true };
      throw err;
    }
    ctx.audit(
      byAccount(r.userId, {
        scopeId: r.tenantId,
        action: 'reminder.opted_out',
        subjectType: 'clinic_user',
        subjectId: r.userId,
      }),
    );
    return { clinic: r.clinic, opted_out: true, already: false };
  },
});
