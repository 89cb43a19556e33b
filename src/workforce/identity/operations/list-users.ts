// `wfctl user list`: accounts (the built-in system user excluded) with their grants, by id, keyset
// paginated; `organization` keeps those holding a role there.
import { decodeCursor, encodeCursor } from '../../../core/cursor.js';
import { defineRead } from '../../../core/operation.js';
import type { WorkforceRun } from '../../context.js';
import { organizationRef } from '../../refs.js';
import { adminUserBodies, type AdminUserBody } from '../user-body.js';
import { listUsersSchema } from '../user-schemas.js';

export interface UserPage {
  data: AdminUserBody[];
  meta: { next_cursor: string | null; limit: number };
}

export const listUsers = defineRead('user.list', 'system.admin', {
  summary: 'Users with their roles, by id (keyset pages: pass meta.next_cursor as cursor)',
  input: listUsersSchema,
  async run(ctx: WorkforceRun, input): Promise<UserPage> {
    const { db } = ctx;
    const q = db('users')
      .where({ is_system: false })
      .select('id', 'email', 'name', 'is_active')
      .orderBy('id');
    if (input.organization) {
      const org = await organizationRef(db, input.organization);
      q.whereIn('id', db('user_roles').where({ organization_id: org.id }).select('user_id'));
    }
    if (input.cursor) q.where('id', '>', Number(decodeCursor(input.cursor, 1)[0]));
    const rows = await q.limit(input.limit + 1);
    const page = rows.slice(0, input.limit);
    return {
      data: await adminUserBodies(db, page),
      meta: {
        next_cursor: rows.length > input.limit ? encodeCursor([Number(page[page.length - 1].id)]) : null,
        limit: input.limit,
      },
    };
  },
});
