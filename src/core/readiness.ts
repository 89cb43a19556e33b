// Readiness (GET /ready on both listeners): whether this daemon should be sent traffic now. Unlike
// liveness (/up), it fails when the database does not answer, so a proxy or an orchestrator routes
// around a daemon that cannot serve without restarting it; and it fails while the daemon drains.
//
// Each check is one function in READINESS_CHECKS; adding one (a Galera node's wsrep state, a
// mail relay) is one line there. A check returns null when it does not apply to this deployment.
import { Reply } from './reply.js';
import { publicAccess } from './routes.js';
import type { Services } from './services.js';
import { galeraReadiness } from '../db/galera.js';
import { pingDb } from '../db/knex.js';
import { Bool, Dict, Enum, Obj, Optional, Str, type Shape } from './shape.js';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail?: string;
}

export type ReadinessCheck = (services: Services) => Promise<CheckResult | null>;

export type Readiness = Shape<typeof ReadinessBody>;

/** A check that has not answered by then has failed: a proxy's probe must get an answer in time. */
export const CHECK_TIMEOUT_MS = 2000;

export const databaseCheck: ReadinessCheck = async (services) =>
  (await pingDb(services.db))
    ? { name: 'database', ok: true }
    : { name: 'database', ok: false, detail: 'the database does not answer' };

export const drainingCheck: ReadinessCheck = async (services) =>
  services.drain?.draining
    ? { name: 'draining', ok: false, detail: 'the daemon is shutting down' }
    : { name: 'draining', ok: true };

/**
 * On a Galera node: Synced, ready, in the primary component, and this daemon's node is the writer
 * of record (src/db/galera.ts). A daemon fenced off the writer must leave the proxy's rotation.
 */
export const galeraCheck: ReadinessCheck = (services) => galeraReadiness(services.db);

export const READINESS_CHECKS: ReadinessCheck[] = [databaseCheck, drainingCheck, galeraCheck];

export async function checkReadiness(
  services: Services,
  checks: ReadinessCheck[] = READINESS_CHECKS,
): Promise<Readiness> {
  const results = await Promise.all(checks.map((check) => bounded(check, services)));
  const readiness: Readiness = { status: 'ready', checks: {} };
  for (const result of results) {
    if (!result) continue;
    readiness.checks[result.name] = result.detail
      ? { ok: result.ok, detail: result.detail }
      : { ok: result.ok };
    if (!result.ok) readiness.status = 'not ready';
  }
  return readiness;
}

/**
 * A check that throws or hangs fails, under its function's name (databaseCheck: "database"); what
 * it threw goes to the log, not into the public answer.
 */
async function bounded(check: ReadinessCheck, services: Services): Promise<CheckResult | null> {
  const name = check.name.replace(/Check$/, '') || 'check';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ name, ok: false, detail: 'no answer in time' }), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([check(services), late]);
  } catch (err) {
    services.logger.warn('readiness check failed', { check: name, error: err as Error });
    return { name, ok: false, detail: 'the check failed' };
  } finally {
    clearTimeout(timer);
  }
}

/** The body of GET /ready, the same whether ready (200) or not (503). */
export const ReadinessBody = Obj({
  status: Enum(['ready', 'not ready'] as const),
  checks: Dict(Obj({ ok: Bool(), detail: Optional(Str()) }), {
    description: 'one entry per check that applies, e.g. database, draining',
  }),
});

/** The /ready route's documented answers, the same on both listeners. */
export const READINESS_RESPONSES = {
  200: { description: 'ready: every check passes', schema: ReadinessBody },
  503: { description: 'not ready: the failing checks say why (same body)', schema: ReadinessBody },
};

/** 200 when ready, 503 otherwise, with the same body. */
const readinessStatus = (readiness: Readiness): 200 | 503 => (readiness.status === 'ready' ? 200 : 503);

/** GET /ready as both listeners serve it, each running its own catalogue's system.ready. */
export const READY_ROUTE = {
  method: 'GET' as const,
  path: '/ready',
  tags: ['system'],
  access: publicAccess,
  responses: READINESS_RESPONSES,
  toInput: () => ({}),
  reply: (readiness: Readiness) => Reply.json(readinessStatus(readiness), readiness),
};
