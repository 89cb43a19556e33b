// Who a CLI command or a scheduled job acts as: `--actor EMAIL`, or the built-in system user, which
// holds a global system_admin grant. Audit entries and locked_by record this user.
import type { Knex } from 'knex';
import { UsageError } from '../../core/errors.js';
import { loadGrants } from './grants.js';
import type { UserPrincipal } from './principal.js';

export const SYSTEM_USER_EMAIL = 'system@wfctl.local';

export async function loadActor(db: Knex, email?: string): Promise<UserPrincipal> {
  if (!email) return systemActor(db);
  const user = await db('users').where({ email: email.toLowerCase() }).first('id', 'is_active', 'is_system');
  if (!user)
    throw new UsageError(`--actor: no user with email ${email}.`, { '--actor': [`unknown user ${email}`] });
  if (!user.is_active)
    throw new UsageError(`--actor: user ${email} is disabled.`, { '--actor': ['user is disabled'] });
  if (user.is_system) return systemActor(db);
  return {
    kind: 'user',
    userId: Number(user.id),
    tokenId: null,
    clientKind: 'cli',
    grants: await loadGrants(db, user.id),
  };
}

export async function systemActor(db: Knex): Promise<UserPrincipal> {
  const user = await db('users').where({ is_system: true }).orderBy('id').first('id');
  if (!user) throw new Error('The built-in system user is missing; run `wfctl migrate`.');
  return {
    kind: 'user',
    userId: Number(user.id),
    tokenId: null,
    clientKind: 'cli',
    grants: [{ role: 'system_admin', organizationId: null }],
  };
}
