// The members of a tenant, one page at a time (oldest membership first).
import type { Knex } from 'knex';
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';

export type MemberRow = { user_id: number; name: string; email: string; role: string; created_at: string };

function membersQuery(db: Knex, tenantId: number) {
  return db('tenant_memberships as m')
    .join('clinic_users as u', 'u.id', 'm.user_id')
    .where('m.tenant_id', tenantId)
    .select('u.id as user_id', 'u.name', 'u.email', 'm.role', 'm.created_at');
}

export function listMembers(
  ctx: ClinicContext,
  input: { tenantId: number; page: number },
): Promise<Page<MemberRow>> {
  return fetchPage(
    membersQuery(ctx.services.db, input.tenantId).orderBy('m.id'),
    input.page,
    PAGE_SIZES.members,
  );
}

export async function findMember(db: Knex, tenantId: number, userId: number): Promise<MemberRow | undefined> {
  return membersQuery(db, tenantId).where('u.id', userId).first();
}
