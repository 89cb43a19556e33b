// Ledger rows as the CLI and JSON output show them. Never the partner's token or secrets.
import { fromDbTime, isoOrNull } from '../../../db/time.js';
import { bool } from '../../context.js';
import type { DeliveryRow } from './ledger.js';
import { MAX_ATTEMPTS } from './retry-policy.js';

export interface DeliveryView {
  id: number;
  delivery_id: string;
  partner: string;
  organization_code: string;
  month: string;
  lock_id: number;
  /** Only on a correction batch (issue 28): the approved request whose corrected day it carries. */
  correction_request_id?: number;
  batch_index: number;
  record_count: number;
  is_last: boolean;
  status: string;
  /** Every attempt the batch ever had. */
  attempts: number;
  /** Attempts left in its budget: 0 once it is dead (a redelivery gives it five again). */
  attempts_left: number;
  response_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  /** The run holding it (host:pid:run) and until when, while one does. */
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export function deliveryView(row: DeliveryRow, partner: string, organizationCode: string): DeliveryView {
  return {
    id: Number(row.id),
    delivery_id: row.delivery_id,
    partner,
    organization_code: organizationCode,
    month: row.month,
    lock_id: Number(row.lock_id),
    ...(Number(row.correction_request_id ?? 0)
      ? { correction_request_id: Number(row.correction_request_id) }
      : {}),
    batch_index: Number(row.batch_index),
    record_count: Number(row.record_count),
    is_last: bool(row.is_last),
    status: row.status,
    attempts: Number(row.attempts),
    attempts_left: row.status === 'delivered' ? 0 : Math.max(0, MAX_ATTEMPTS - Number(row.budget_used ?? 0)),
    response_code: row.response_code === null ? null : Number(row.response_code),
    last_error: row.last_error,
    delivered_at: isoOrNull(row.delivered_at),
    claimed_by: row.claimed_by ?? null,
    claimed_until: isoOrNull(row.claimed_until),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type DeliveryFailure = Pick<
  DeliveryView,
  | 'id'
  | 'delivery_id'
  | 'partner'
  | 'organization_code'
  | 'month'
  | 'lock_id'
  | 'batch_index'
  | 'record_count'
  | 'attempts'
  | 'response_code'
  | 'last_error'
>;

export function failureOf(row: DeliveryRow, partner: string, organizationCode: string): DeliveryFailure {
  const v = deliveryView(row, partner, organizationCode);
  return {
    id: v.id,
    delivery_id: v.delivery_id,
    partner: v.partner,
    organization_code: v.organization_code,
    month: v.month,
    lock_id: v.lock_id,
    batch_index: v.batch_index,
    record_count: v.record_count,
    attempts: v.attempts,
    response_code: v.response_code,
    last_error: v.last_error,
  };
}

/**
 * A batch a push run leaves undelivered, and why: `dead` (its budget is spent: only a redelivery
 * sends it), `failed` (budget left: due on the next push), `claimed` (another run holds its lease,
 * possibly a run that died: taken over once the lease lapses), `pending` (not attempted this run).
 */
export interface UndeliveredBatch extends DeliveryFailure {
  status: string;
  reason: 'dead' | 'failed' | 'claimed' | 'pending';
  claimed_by: string | null;
  claimed_until: string | null;
}

export function undeliveredOf(
  row: DeliveryRow,
  partner: string,
  organizationCode: string,
  now: Date,
  ownClaim: string,
): UndeliveredBatch {
  const until = fromDbTime(row.claimed_until);
  const heldByOther =
    Boolean(row.claimed_by) && row.claimed_by !== ownClaim && until !== null && until >= now;
  return {
    ...failureOf(row, partner, organizationCode),
    status: row.status,
    reason:
      row.status === 'dead'
        ? 'dead'
        : heldByOther
          ? 'claimed'
          : row.status === 'failed'
            ? 'failed'
            : 'pending',
    claimed_by: row.claimed_by ?? null,
    claimed_until: isoOrNull(row.claimed_until),
  };
}
