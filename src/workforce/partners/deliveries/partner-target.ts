// The partner row as the push needs it. The outbound token and the signing secrets are used to call
// and sign, and never returned from an operation, printed or logged.
import type { Knex } from 'knex';
import { bool } from '../../context.js';

export interface PartnerTarget {
  id: number;
  name: string;
  pushUrl: string;
  outboundToken: string;
  signingSecrets: string[];
  isActive: boolean;
}

export function toTarget(row: any): PartnerTarget {
  return {
    id: Number(row.id),
    name: row.name,
    pushUrl: row.push_url,
    outboundToken: row.outbound_token,
    // During a rotation both secrets sign: current first, then the next one.
    signingSecrets: [row.signing_secret, ...(row.next_signing_secret ? [row.next_signing_secret] : [])],
    isActive: bool(row.is_active),
  };
}

export async function loadTarget(db: Knex, partnerId: number): Promise<PartnerTarget | null> {
  const row = await db('partners').where({ id: partnerId }).first();
  return row ? toTarget(row) : null;
}
