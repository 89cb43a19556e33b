// Ledger rows as the CLI and JSON output show them. Never the partner's token or secrets.
import { isoOrNull } from '../../../db/time.js';
import { bool } from '../../context.js';
import type { DeliveryRow } from './ledger.js';

export interface DeliveryView {
  id: number;
  delivery_id: string;
  partner: string;
  organization_code: string;
  month: string;
  lock_id: number;
  batch_index: number;
  record_count: number;
  is_last: boolean;
  status: string;
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
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
    batch_index: Number(row.batch_index),
    record_count: Number(row.record_count),
    is_last: bool(row.is_last),
    status: row.status,
    attempts: Number(row.attempts),
    response_code: row.response_code === null ? null : Number(row.response_code),
    last_error: row.last_error,
    delivered_at: isoOrNull(row.delivered_at),
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
