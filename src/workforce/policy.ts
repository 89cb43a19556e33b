// The workforce policy: how runOperation checks a workforce operation's permission rule.
//
// | rule                 | who                                              | checked                       |
// |----------------------|--------------------------------------------------|-------------------------------|
// | public               | anyone                                           | at admission                  |
// | authenticated        | any user or partner                              | at admission; run() checks    |
// |                      |                                                  | ownership: ctx.owns (a user)  |
// | system.admin         | a global system_admin                            | at admission (403 otherwise)  |
// | partner              | a partner token                                  | at admission; scopes: its orgs|
// | organization.view    | a user with any role in the organization         | per record: 404 outside       |
// | records.view         | a user with a staff role (not only `employee`)   | per record: 404 / 403         |
// | employee.update, …   | a role holding that permission (permissions.ts)  | per record: 404 / 403         |
//
// Outside the actor's organizations a record is a 404 (existence never leaks); inside, a missing
// permission is a 403.
import type { Knex } from 'knex';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';
import type { AuditEntry, Policy, PermissionRule } from '../core/operation.js';
import type { Services } from '../core/services.js';
import { toDbTime } from '../db/time.js';
import type { WorkforceActor } from './context.js';
import {
  authorize as authorizeUser,
  authorizeRead,
  hasPermission,
  isSystemAdmin,
  staffOrganizationIds,
  visibleOrganizationIds,
  type UserPrincipal,
} from './identity/principal.js';
import { PERMISSIONS, type Permission } from './identity/permissions.js';

const SETTLED_AT_ADMISSION = new Set(['public', 'authenticated', 'system.admin', 'partner']);
const SCOPED = new Set<string>(['organization.view', 'records.view', ...PERMISSIONS]);

function requireUser(actor: WorkforceActor, op: { name: string }): UserPrincipal {
  if (actor.kind === 'user') return actor;
  if (actor.kind === 'anonymous') throw new UnauthorizedError();
  throw new ForbiddenError(`A partner token cannot run ${op.name}.`);
}

export const workforcePolicy: Policy<WorkforceActor> = {
  admit(actor, op) {
    const rule: PermissionRule = op.permission;
    switch (rule) {
      case 'public':
        return true;
      case 'authenticated':
        if (actor.kind === 'anonymous') throw new UnauthorizedError();
        return true;
      case 'partner':
        if (actor.kind !== 'partner') throw new ForbiddenError(`Only a partner token may run ${op.name}.`);
        return true;
      case 'system.admin':
        if (!isSystemAdmin(requireUser(actor, op))) {
          throw new ForbiddenError(`Only a system_admin may run ${op.name}.`);
        }
        return true;
    }
    if (!SCOPED.has(rule)) throw new Error(`Operation ${op.name}: unknown workforce permission ${rule}.`);
    requireUser(actor, op);
    return false;
  },

  async authorize(_db, actor, permission, organizationId, what) {
    const user = requireUser(actor, { name: permission });
    if (permission === 'organization.view') return authorizeRead(user, organizationId, what);
    if (permission === 'records.view') {
      authorizeRead(user, organizationId, what);
      const staff = staffOrganizationIds(user);
      if (staff !== null && !staff.includes(organizationId)) {
        throw new ForbiddenError(`You may read only your own records in this organization.`);
      }
      return;
    }
    if (SETTLED_AT_ADMISSION.has(permission)) return;
    authorizeUser(user, permission as Permission, organizationId, what);
  },

  async scopes(_db, actor, permission) {
    if (actor.kind === 'partner') return actor.organizationIds;
    const user = requireUser(actor, { name: permission });
    if (permission === 'organization.view') return visibleOrganizationIds(user);
    if (permission === 'records.view') return staffOrganizationIds(user);
    if (isSystemAdmin(user)) return null;
    const visible = visibleOrganizationIds(user) ?? [];
    return visible.filter((id) => hasPermission(user, permission as Permission, id));
  },

  account(actor) {
    if (actor.kind === 'user') return actor.userId;
    if (actor.kind === 'anonymous') throw new UnauthorizedError();
    throw new ForbiddenError('A partner token cannot do this.');
  },

  async writeAudit(db, services, actor, entries) {
    await writeWorkforceAudit(db, services, actor, entries);
  },
};

/** The one writer of audit_entries; the operation runner calls it with what run() recorded. */
export async function writeWorkforceAudit(
  db: Knex,
  services: Services,
  actor: WorkforceActor,
  entries: AuditEntry[],
): Promise<void> {
  const at = toDbTime(services.clock.now());
  await db('audit_entries').insert(
    entries.map((e) => ({
      event: e.action,
      actor_user_id: e.onBehalfOf ?? (actor.kind === 'user' ? actor.userId : null),
      actor_type: actor.kind === 'partner' ? 'partner' : 'user',
      subject_type: e.subjectType,
      subject_id: e.subjectId,
      organization_id: e.scopeId,
      context: JSON.stringify(e.details ?? {}),
      created_at: at,
    })),
  );
}
