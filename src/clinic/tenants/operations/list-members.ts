// The members of a tenant, one page at a time: the memberships (oldest first), then the pending
// invitations (oldest first). The list is the concatenation of those two ordered sources, paged as
// one: the page's offset is taken in the memberships first and what is left of the page in the
// invitations, so `total` counts both and no row is skipped or repeated between pages.
import type { Knex } from 'knex';
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { PAGE_SIZES, type Page } from '../../pagination.js';
import { loadTenant } from '../resolve.js';
import { memberListQuery } from '../schemas.js';
import { serializeMember, type MemberView } from '../serialize.js';

export type MemberRow = {
  user_id: number;
  name: string;
  email: string;
  role: string;
  /** active: a membership; invited: a pending invitation the user has not answered yet. */
  status: 'active' | 'invited';
  /** When the membership began; null for an invitation. */
  created_at: string | null;
  /** When the invitation was sent; null for a membership. */
  invited_at: string | null;
};

function membersQuery(db: Knex, tenantId: number) {
  return db('tenant_memberships as m')
    .join('clinic_users as u', 'u.id', 'm.user_id')
    .where('m.tenant_id', tenantId)
    .select('u.id as user_id', 'u.name', 'u.email', 'm.role', 'm.created_at');
}

function invitationsQuery(db: Knex, tenantId: number) {
  return db('tenant_invitations as i')
    .join('clinic_users as u', 'u.id', 'i.user_id')
    .where('i.tenant_id', tenantId)
    .select('u.id as user_id', 'u.name', 'u.email', 'i.role', 'i.created_at as invited_at');
}

const asMember = (row: Record<string, any>): MemberRow => ({
  user_id: Number(row.user_id),
  name: row.name,
  email: row.email,
  role: row.role,
  status: 'active',
  created_at: row.created_at,
  invited_at: null,
});

const asInvitation = (row: Record<string, any>): MemberRow => ({
  user_id: Number(row.user_id),
  name: row.name,
  email: row.email,
  role: row.role,
  status: 'invited',
  created_at: null,
  invited_at: row.invited_at,
});

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row = await query.clearSelect().count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

export const listMembers = defineRead('member.list', 'tenant.member', {
  summary: 'The members of the tenant with their roles, then its pending invitations, 50 per page',
  input: tenantScoped(memberListQuery),
  async run(ctx: ClinicRun, input): Promise<Page<MemberView>> {
    const { db } = ctx;
    const tenantId = (await loadTenant(db, await tenantScope(ctx, input))).id;
    const perPage = PAGE_SIZES.members;
    const members = await countOf(membersQuery(db, tenantId));
    const invitations = await countOf(invitationsQuery(db, tenantId));
    const offset = (input.page - 1) * perPage;
    const items: MemberRow[] = [];
    if (offset < members) {
      const rows = await membersQuery(db, tenantId).orderBy('m.id').limit(perPage).offset(offset);
      items.push(...rows.map(asMember));
    }
    const room = perPage - items.length;
    const invitationOffset = Math.max(0, offset - members);
    if (room > 0 && invitationOffset < invitations) {
      const rows = await invitationsQuery(db, tenantId).orderBy('i.id').limit(room).offset(invitationOffset);
      items.push(...rows.map(asInvitation));
    }
    return { items: items.map(serializeMember), page: input.page, perPage, total: members + invitations };
  },
});

/** One row of the list: the membership of the user, else their pending invitation. */
export async function findMember(db: Knex, tenantId: number, userId: number): Promise<MemberRow | undefined> {
  const member = await membersQuery(db, tenantId).where('u.id', userId).first();
  if (member) return asMember(member);
  const invitation = await invitationsQuery(db, tenantId).where('u.id', userId).first();
  return invitation ? asInvitation(invitation) : undefined;
}
