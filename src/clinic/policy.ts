// The clinic policy: how runOperation checks a clinic operation's permission rule.
//
// | rule                         | who                                                  | checked              |
// |------------------------------|------------------------------------------------------|----------------------|
// | public                       | anyone                                               | at admission         |
// | authenticated                | a signed-in clinic account, acting on its own things | at admission; run()  |
// |                              | (what it owns: ownership.ts, through ctx.owns)       | checks ownership     |
// | operator                     | the operator on the machine (CLI without --actor)     | at admission         |
// | tenant.member                | a member of the record's tenant (any role)           | per tenant: 403      |
// | medical_record.read, …       | a member whose role holds it (identity/roles.ts)     | per tenant: 403      |
//
// The operator passes every tenant check (what a tenant_admin may do, everywhere). HTTP has already
// answered 404 for an unknown tenant in the path; the CLI resolves the tenant before it runs.
import type { Knex } from 'knex';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';
import type { AuditEntry, Policy } from '../core/operation.js';
import type { Services } from '../core/services.js';
import { toDbTime } from '../db/time.js';
import type { ClinicActor } from './context.js';
import { PERMISSIONS, roleHas } from './identity/roles.js';

const SCOPED = new Set<string>(['tenant.member', ...PERMISSIONS]);

export const clinicPolicy: Policy<ClinicActor> = {
  admit(actor, op) {
    switch (op.permission) {
      case 'public':
        return true;
      case 'authenticated':
        if (actor.kind === 'anonymous') throw new UnauthorizedError();
        if (actor.kind === 'operator') {
          throw new ForbiddenError(`${op.name} acts for a signed-in account; pass --actor EMAIL.`);
        }
        return true;
      case 'operator':
        if (actor.kind !== 'operator') throw new ForbiddenError(`Only the operator may run ${op.name}.`);
        return true;
    }
    if (!SCOPED.has(op.permission)) {
      throw new Error(`Operation ${op.name}: unknown clinic permission ${op.permission}.`);
    }
    if (actor.kind === 'anonymous') throw new UnauthorizedError();
    return false;
  },

  async authorize(db, actor, permission, tenantId) {
    if (actor.kind === 'operator') return;
    if (actor.kind === 'anonymous') throw new UnauthorizedError();
    const role = await roleIn(db, actor, tenantId);
    if (role === null) throw new ForbiddenError('You are not a member of this tenant.', 'NOT_A_MEMBER');
    if (permission !== 'tenant.member' && !roleHas(role, permission)) {
      throw new ForbiddenError(`This action requires the ${permission} permission.`, 'PERMISSION_DENIED');
    }
  },

  async scopes(db, actor, permission) {
    if (actor.kind === 'operator') return null;
    if (actor.kind === 'anonymous') return [];
    const rows = await db('tenant_memberships').where('user_id', actor.userId).select('tenant_id', 'role');
    return rows
      .filter((r: { role: string }) => permission === 'tenant.member' || roleHas(r.role, permission))
      .map((r: { tenant_id: number }) => Number(r.tenant_id));
  },

  account(actor) {
    if (actor.kind === 'anonymous') throw new UnauthorizedError();
    if (actor.kind === 'operator')
      throw new ForbiddenError('This acts for a signed-in account; pass --actor EMAIL.');
    return actor.userId;
  },

  async writeAudit(db, services, actor, entries) {
    await writeClinicAudit(db, services, actor, entries);
  },
};

async function roleIn(db: Knex, actor: { userId: number; roles?: Record<number, string> }, tenantId: number) {
  const known = actor.roles?.[tenantId];
  if (known !== undefined) return known;
  const row = await db('tenant_memberships')
    .where({ tenant_id: tenantId, user_id: actor.userId })
    .first('role');
  return row ? String(row.role) : null;
}

/** An entry of an account acting for itself before it is the actor: its own login, its registration. */
interface AccountAuditEntry extends AuditEntry {
  accountId: number;
}

/** Attributes `entry` to the account `userId` (the actor is still anonymous, or the operator). */
export function byAccount(userId: number, entry: AuditEntry): AuditEntry {
  const attributed: AccountAuditEntry = { ...entry, accountId: userId };
  return attributed;
}

/** The one writer of clinic_audit_entries; the operation runner calls it with what run() recorded. */
export async function writeClinicAudit(
  db: Knex,
  services: Services,
  actor: ClinicActor,
  entries: AuditEntry[],
): Promise<void> {
  const at = toDbTime(services.clock.now());
  await db('clinic_audit_entries').insert(
    entries.map((e) => ({
      tenant_id: e.scopeId,
      actor_user_id: (e as Partial<AccountAuditEntry>).accountId ?? actor.userId,
      via: actor.via,
      action: e.action,
      subject_type: e.subjectType,
      subject_id: e.subjectId,
      details: e.details ? JSON.stringify(e.details) : null,
      created_at: at,
    })),
  );
}
