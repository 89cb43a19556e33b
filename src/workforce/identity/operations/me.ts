// GET /me: the authenticated user, in the same shape as the login response's `user`.
import { UnauthorizedError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import { describeGrants } from '../grants.js';
import { hotStatement } from '../hot-statement.js';
import type { UserBody } from '../serialize.js';

// Compiled once: GET /me runs it on every request (the row itself is read fresh every time).
const userRow = hotStatement((db, id: number) => db('users').where('id', id).select('id', 'name', 'email'));

export const showMe = defineRead('me.show', 'authenticated', {
  summary: 'The authenticated user: id, name, email, roles[], scopes[] (as in the login response)',
  input: yup.object({}),
  async run(ctx: WorkforceRun): Promise<UserBody> {
    ctx.owns('self');
    const actor = actingUser(ctx);
    const [user] = await userRow(ctx.db, actor.userId);
    if (!user) throw new UnauthorizedError();
    // The grants the request was authenticated with (read in the same request), not a second read.
    const { roles, scopes } = describeGrants(actor.grants);
    return { id: Number(user.id), name: user.name, email: user.email, roles, scopes };
  },
});
