// Reads behind the user resource: the account, its tenant memberships, its pending tenant
// invitations and its Client rows.
import type { Knex } from 'knex';
import { NotFoundError } from '../../core/errors.js';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  current_tenant_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface MembershipRow {
  role: string;
  tenant: Record<string, any>;
}

export interface InvitationRow {
  role: string;
  invited_at: string;
  tenant: Record<string, any>;
}

export interface UserRecord {
  user: UserRow;
  memberships: MembershipRow[];
  invitations: InvitationRow[];
  clients: Array<{ id: number; tenant: Record<string, any> }>;
}

const USER_COLUMNS = ['id', 'name', 'email', 'phone', 'current_tenant_id', 'created_at', 'updated_at'];

export async function loadUserRecord(db: Knex, userId: number): Promise<UserRecord> {
  const user = (await db('clinic_users').where('id', userId).first(USER_COLUMNS)) as UserRow | undefined;
  if (!user) throw new NotFoundError('User not found.');
  const memberships = await db('tenant_memberships as m')
    .join('tenants as t', 't.id', 'm.tenant_id')
    .where('m.user_id', userId)
    .orderBy('t.id')
    .select('m.role', 't.*');
  const invitations = await db('tenant_invitations as i')
    .join('tenants as t', 't.id', 'i.tenant_id')
    .where('i.user_id', userId)
    .orderBy('i.id')
    .select('i.role', 'i.created_at as invited_at', 't.id', 't.name', 't.slug', 't.business_type');
  const clients = await db('clinic_clients as c')
    .join('tenants as t', 't.id', 'c.tenant_id')
    .where('c.owner_user_id', userId)
    .orderBy('c.id')
    .select('c.id as client_id', 't.id', 't.name', 't.slug', 't.business_type');
  return {
    user,
    memberships: memberships.map(({ role, ...tenant }: Record<string, any>) => ({ role, tenant })),
    invitations: invitations.map(({ role, invited_at, ...tenant }: Record<string, any>) => ({
      role,
      invited_at,
      tenant,
    })),
    clients: clients.map(({ client_id, ...tenant }: Record<string, any>) => ({
      id: Number(client_id),
      tenant,
    })),
  };
}

/** Whether an email already has a clinic account (the CLI asks for a name and password only if not). */
export async function accountExists(db: Knex, email: string): Promise<boolean> {
  return Boolean(await db('clinic_users').where('email', email.trim().toLowerCase()).first('id'));
}
