// Personal access tokens `<id>|<secret>`: the id finds the row, only the secret's SHA-256 is stored,
// and the comparison is constant-time. Partner tokens look like `pt_<id>|<secret>` so each kind of
// endpoint can refuse the other kind with a 401 before any lookup.
import type { Knex } from 'knex';
import type { Clock } from '../../core/clock.js';
import { DAY } from '../../core/clock.js';
import { newTokenSecret, safeEqual, sha256Hex, splitBearer } from '../../core/crypto.js';
import { fromDbTime, toDbTime } from '../../db/time.js';
import { toGrants } from './grants.js';
import { hotStatement } from './hot-statement.js';
import type { RoleGrant } from './principal.js';

export const PARTNER_TOKEN_PREFIX = 'pt_';

export interface IssuedUserToken {
  id: number;
  token: string;
  expiresAt: Date;
}

export async function issueUserToken(
  db: Knex,
  clock: Clock,
  input: {
    userId: number;
    name: string;
    clientKind: 'web' | 'mobile';
    deviceFingerprint?: string | null;
    ttlDays: number;
  },
): Promise<IssuedUserToken> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + input.ttlDays * DAY);
  const secret = newTokenSecret(48);
  const [id] = await db('personal_access_tokens').insert({
    user_id: input.userId,
    name: input.name,
    token_hash: secret.hash,
    client_kind: input.clientKind,
    device_fingerprint: input.deviceFingerprint ?? null,
    expires_at: toDbTime(expiresAt),
    created_at: toDbTime(now),
  });
  return { id: Number(id), token: `${id}|${secret.plain}`, expiresAt };
}

export interface ActiveUserToken {
  id: number;
  userId: number;
  clientKind: 'web' | 'mobile';
  deviceFingerprint: string | null;
  expiresAt: Date;
  lastUsedAt: Date | null;
  /** The user's role grants, read with the token. */
  grants: RoleGrant[];
  /**
   * The user's own employee record (not deleted; the lowest id should there be several), read with
   * the token, or null: a punch's rate-limit key without a statement of its own.
   */
  employeeId: number | null;
}

/**
 * The token row behind a bearer string, when it exists, matches, is neither expired nor revoked and
 * its user is active, with the user's grants and employee id. One query (token ⋈ user ⟕ roles): it runs on every
 * authenticated request, and each round trip to the database costs more than the rest of the
 * request (docs/benchmarks.md, GET /me). Read fresh every time, so a revoke anywhere counts at once.
 */
export async function findActiveUserToken(
  db: Knex,
  clock: Clock,
  bearer: string,
): Promise<ActiveUserToken | null> {
  const parts = splitBearer(bearer);
  if (!parts) return null;
  const rows = await selectTokenRows(db, parts.id);
  const row = rows[0];
  if (!row || !safeEqual(row.token_hash, sha256Hex(parts.secret))) return null;
  if (row.revoked_at || !row.is_active) return null;
  const expiresAt = fromDbTime(row.expires_at)!;
  if (expiresAt.getTime() <= clock.now().getTime()) return null;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    clientKind: row.client_kind,
    deviceFingerprint: row.device_fingerprint,
    expiresAt,
    lastUsedAt: fromDbTime(row.last_used_at),
    grants: toGrants(rows),
    employeeId: row.employee_ref === null || row.employee_ref === undefined ? null : Number(row.employee_ref),
  };
}

/** The token ⋈ user ⟕ roles statement, with the user's employee id; the token id is the only binding. */
function tokenRowsQuery(db: Knex, id: number): Knex.QueryBuilder {
  return db('personal_access_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .leftJoin('user_roles as r', 'r.user_id', 't.user_id')
    .where('t.id', id)
    .orderBy('r.id')
    .select(
      't.id',
      't.user_id',
      't.token_hash',
      't.revoked_at',
      't.expires_at',
      't.client_kind',
      't.device_fingerprint',
      't.last_used_at',
      'u.is_active',
      'r.role',
      'r.organization_id',
      db.raw(
        '(select min(e.id) from employees e where e.user_id = t.user_id and e.deleted_at is null) as employee_ref',
      ),
    );
}

/** Compiled once (src/workforce/identity/hot-statement.ts); the rows are read fresh every time. */
const selectTokenRows = hotStatement(tokenRowsQuery);

/** last_used_at is written at most once per throttle window, not on every request. */
export async function touchToken(db: Knex, clock: Clock, token: ActiveUserToken, throttleSeconds: number) {
  const now = clock.now();
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < throttleSeconds * 1000) return;
  await db('personal_access_tokens')
    .where({ id: token.id })
    .update({ last_used_at: toDbTime(now) });
}

export function bearerFrom(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

export { DAY };
