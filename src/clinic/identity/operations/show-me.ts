// GET /me: the caller's own user resource (memberships, pending invitations, Client rows).
import { defineOperation } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { loadUserRecord } from '../queries.js';
import { serializeUser, type UserView } from '../serialize.js';

export const showMe = defineOperation({
  name: 'me.show',
  summary: 'The caller: the same user resource as the login response',
  input: yup.object({}),
  permission: 'authenticated',
  kind: 'read',
  async run(ctx: ClinicRun): Promise<UserView> {
    return serializeUser(await loadUserRecord(ctx.db, ctx.owns('self')));
  },
});
