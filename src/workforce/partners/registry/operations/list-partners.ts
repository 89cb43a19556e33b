// `wfctl partner list`: partners with their organizations and active inbound tokens. Outbound
// credentials are never part of any output.
import type { Knex } from 'knex';
import { defineRead } from '../../../../core/operation.js';
import { yup } from '../../../../core/validation.js';
import { isoOrNull } from '../../../../db/time.js';
import type { WorkforceRun } from '../../../context.js';

export interface PartnerSummary {
  id: number;
  name: string;
  kind: string;
  push_url: string;
  is_active: boolean;
  organizations: string[];
  tokens: Array<{ id: number; created_at: string | null; last_used_at: string | null }>;
}

export const listPartners = defineRead('partner.list', 'system.admin', {
  summary: 'Partners, their organizations and active inbound tokens',
  input: yup.object({}),
  async run(ctx: WorkforceRun): Promise<{ data: PartnerSummary[] }> {
    return { data: await partnerSummaries(ctx.db) };
  },
});

export async function partnerSummaries(db: Knex, ids?: number[]): Promise<PartnerSummary[]> {
  const q = db('partners').select('id', 'name', 'kind', 'push_url', 'is_active').orderBy('name');
  if (ids) q.whereIn('id', ids);
  const partners = await q;
  if (!partners.length) return [];
  const partnerIds = partners.map((p) => p.id);
  const orgs = await db('partner_organizations')
    .join('organizations', 'organizations.id', 'partner_organizations.organization_id')
    .whereIn('partner_organizations.partner_id', partnerIds)
    .select('partner_organizations.partner_id', 'organizations.code')
    .orderBy('organizations.code');
  const tokens = await db('partner_tokens')
    .whereIn('partner_id', partnerIds)
    .whereNull('revoked_at')
    .select('id', 'partner_id', 'created_at', 'last_used_at')
    .orderBy('id');
  return partners.map((p) => ({
    id: Number(p.id),
    name: p.name,
    kind: p.kind,
    push_url: p.push_url,
    is_active: Boolean(p.is_active),
    organizations: orgs.filter((o) => Number(o.partner_id) === Number(p.id)).map((o) => o.code),
    tokens: tokens
      .filter((t) => Number(t.partner_id) === Number(p.id))
      .map((t) => ({
        id: Number(t.id),
        created_at: isoOrNull(t.created_at),
        last_used_at: isoOrNull(t.last_used_at),
      })),
  }));
}
