// GET /me: the caller's own user resource (memberships, pending invitations, Client rows).
import { defineRead } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { loadUserRecord } from '../queries.js';
import { serializeUser, type UserView } from '../serialize.js';

export const showMe = defineRead('me.show', 'authenticated', {
  summary: 'The caller: the same user resource as the login response',
  input: yup.object({}),
  async run(ctx: ClinicRun): Promise<UserView> {
    return serializeUser(await loadUserRecord(ctx.db, ctx.owns('self')));
  },
});
