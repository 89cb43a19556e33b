// `wfctl user create`: an account with a bcrypt password and its role grants.
import { ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { addGrants, resolveGrants } from '../grant-roles.js';
import { hashNewPassword } from '../passwords.js';
import { adminUserBody, type AdminUserBody } from '../user-body.js';
import { createUserSchema, parseRoleRef } from '../user-schemas.js';

export const createUser = defineWrite('user.create', 'system.admin', {
  summary: 'Create a workforce user with a password and role grants (ROLE:ORG, or system_admin)',
  input: createUserSchema,
  async run(ctx: WorkforceRun, input): Promise<AdminUserBody> {
    const { db } = ctx;
    const { clock, config } = ctx.services;
    const refs = input.roles.map((r) => parseRoleRef(r, 'roles'));
    const email = input.email.toLowerCase();
    // Hashing is slow on purpose: done before the first statement, so no row is locked meanwhile.
    const passwordHash = await hashNewPassword(input.password, config.passwordHashCost);
    if (await db('users').where({ email }).first('id')) {
      throw ValidationError.field('email', `A user with email ${email} already exists.`);
    }
    const grants = await resolveGrants(db, refs, 'roles');
    const now = toDbTime(clock.now());
    const [id] = await db('users').insert({
      email,
      name: input.name,
      password_hash: passwordHash,
      is_active: true,
      is_system: false,
      created_at: now,
      updated_at: now,
    });
    await addGrants(db, clock, Number(id), grants);
    const body = await adminUserBody(db, Number(id));
    ctx.audit({
      action: 'user.created',
      subjectType: 'user',
      subjectId: Number(id),
      scopeId: null,
      details: { email, grants: body.grants },
    });
    return body;
  },
});
