// The minimal program of a check-in for the rush cases (rush, rush-real, lock-today): the statements
// one real check-in runs, captured and replayed by bench/baselines/minimal-punch.mjs for any
// employee of either organization, and a closed-loop capacity round against a punch endpoint.
//
// The capture follows bench/cases/punch.ts (its helpers are not exported, and that file belongs to
// the punch-capacity work): a warm-up check-in per organization (so the month's mutex rows exist and
// both captures run the steady-state statements), then one check-in of an ACME employee and one of a
// GLOBEX employee on two different days, with knex's query event listening. A binding that differs
// between the two and equals one of the employee's values in both (token, user, employee,
// organization, unit, the instant as stored, its day, its check-in time, or a text holding one)
// becomes that role; the rest are replayed as captured. Because the two captures come from both
// organizations, the organization is a role too, so the replay of a GLOBEX punch writes GLOBEX rows.
// The replayed days must lie in the month of the captured ones (the month's mutex key is replayed as
// captured).
import { writeFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { createHttpApp } from '../../src/http/app.js';
import { listen } from '../../src/http/server.js';
import { workforceApiInfo, workforceRoutes } from '../../src/workforce/routes.js';
import { createRushTokens, localInstant } from '../cases/rush.js';
import { ORGS } from './dataset.js';
import { ROOT, workDir } from './paths.js';
import { LOAD_CORE, runOk, SERVER_CORE, start, stop } from './proc.js';
import { freePort } from './server.js';
import type { Session } from './session.js';

export interface Punchable {
  tokenId: number;
  token: string;
  userId: number;
  employeeId: number;
  organizationId: number;
  organizationCode: string;
  unitId: number;
  timeZone: string;
}

type Roles = Record<string, string | number>;
type Binding = { c: unknown } | { r: string } | { t: string };
export interface PunchSpec {
  statements: Array<{ sql: string; bindings: Binding[] }>;
  unmatched: string[];
  answer: string;
  /** The days the two captures were on (the replayed days must share their month). */
  days: [string, string];
}

/** Every employee with a rush token (both organizations), with what the replay needs of each. */
export async function punchablePeople(db: Knex): Promise<Punchable[]> {
  await db('organizations')
    .whereIn(
      'code',
      ORGS.map((o) => o.code),
    )
    .update({ require_device_for_punches: false });
  const tokens = await createRushTokens(db, new Date());
  const ids = tokens.map((p) => p.employeeId);
  const facts = new Map<number, { userId: number; unitId: number; org: string }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db('employees as e')
      .join('employee_deployments as d', 'd.employee_id', 'e.id')
      .join('organizations as o', 'o.id', 'e.organization_id')
      .whereIn('e.id', ids.slice(i, i + 1000))
      .where('d.is_primary', true)
      .select('e.id', 'e.user_id', 'd.organization_unit_id', 'o.code');
    for (const r of rows)
      facts.set(Number(r.id), {
        userId: Number(r.user_id),
        unitId: Number(r.organization_unit_id),
        org: String(r.code),
      });
  }
  return tokens.map((p) => ({
    tokenId: Number(p.token.split('|')[0]),
    token: p.token,
    userId: facts.get(p.employeeId)!.userId,
    employeeId: p.employeeId,
    organizationId: p.organizationId,
    organizationCode: facts.get(p.employeeId)!.org,
    unitId: facts.get(p.employeeId)!.unitId,
    timeZone: p.timezone,
  }));
}

/**
 * `day` minus `back` days (YYYY-MM-DD). The rush cases place their punches on days just before
 * yesterday; these must not meet the punch case's days (the 10th–16th of the month after --month).
 */
export function daysBack(day: string, back: number, benchMonth: string): string {
  const d = new Date(new Date(`${day}T00:00:00Z`).getTime() - back * 86_400_000).toISOString().slice(0, 10);
  const [y, m] = benchMonth.split('-').map(Number);
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
  const dom = Number(d.slice(8, 10));
  if (d.slice(0, 7) === next && dom >= 10 && dom <= 16)
    throw new Error(`rush: the day ${d} is one of the punch case's days; run the rush cases on another day`);
  if (d.slice(0, 7) <= benchMonth) throw new Error(`rush: the day ${d} must come after --month`);
  return d;
}

/** A check-in instant on `day` in the person's time zone, at 09:00 plus i tenths of a minute (every instant differs). */
export const checkInAt = (day: string, p: Punchable, i: number) =>
  localInstant(day, p.timeZone, 9 * 60 + (i % 600) / 10);

/** Captures the spec on `days` (two days of one month, without punches of these people yet). */
export async function capturePunchSpec(
  s: Session,
  people: Punchable[],
  days: [string, string],
): Promise<{ spec: PunchSpec; used: Punchable[] }> {
  if (days[0].slice(0, 7) !== days[1].slice(0, 7)) throw new Error('rush: capture days in two months');
  const pick = (org: string, skip: Punchable[]) =>
    people.find((p) => p.organizationCode === org && !skip.some((q) => q.unitId === p.unitId || q === p));
  const warmAcme = pick('ACME', []);
  const warmGlobex = pick('GLOBEX', []);
  const a = warmAcme && pick('ACME', [warmAcme]);
  const b = warmGlobex && pick('GLOBEX', [warmGlobex]);
  if (!warmAcme || !warmGlobex || !a || !b)
    throw new Error('rush: the capture needs two employees at two units in each organization');
  await postPunch(s, warmAcme, checkInAt(days[0], warmAcme, 0));
  await postPunch(s, warmGlobex, checkInAt(days[1], warmGlobex, 0));
  const capA = await capture(s, a, checkInAt(days[0], a, 1));
  const capB = await capture(s, b, checkInAt(days[1], b, 2));
  const { statements, unmatched } = templateOf(capA, capB, rolesOf(a, capA.at), rolesOf(b, capB.at));
  return {
    spec: { statements, unmatched, answer: capA.answer, days },
    used: [warmAcme, warmGlobex, a, b],
  };
}

export interface MinimalPunch {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** minimal-punch.mjs on the server core, knowing `people`. */
export async function startMinimalPunch(
  s: Session,
  spec: PunchSpec,
  people: Punchable[],
): Promise<MinimalPunch> {
  const port = await freePort();
  const specFile = `${workDir()}/minimal-punch-rush-${port}.json`;
  writeFileSync(
    specFile,
    JSON.stringify({
      connection: s.bench.mysql,
      poolMax: s.bench.config.dbPoolMax,
      statements: spec.statements,
      answer: spec.answer,
      people: Object.fromEntries(people.map((p) => [p.tokenId, personRoles(p)])),
    }),
  );
  const started = start(
    process.execPath,
    [`${ROOT}/bench/baselines/minimal-punch.mjs`, String(port), specFile],
    {
      core: SERVER_CORE,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop(started);
        throw new Error(`the minimal punch program did not start at ${url}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, pid: started.pid, close: () => stop(started) };
}

export interface CapacityRound {
  target: string;
  day: string;
  perSecond: number;
  p50: number;
  p99: number;
  answered: number;
  statuses: Record<string, number>;
}

/**
 * One closed-loop round (bench/lib/punch-client.mjs on the load core, `connections` keep-alive
 * connections, each sending the next check-in as soon as the last was answered): punches/s is the
 * 201s over the round's wall time.
 */
export async function closedLoopRound(
  baseUrl: string,
  target: string,
  people: Punchable[],
  day: string,
  connections = 32,
): Promise<CapacityRound> {
  const planFile = `${workDir()}/rush-capacity-${target}-${day}-${people[0]?.tokenId}.json`;
  writeFileSync(
    planFile,
    JSON.stringify({
      url: `${baseUrl}/api/v1/attendance/punches`,
      connections,
      deadlineMs: 170_000,
      punches: people.map((p, i) => ({ token: p.token, at: checkInAt(day, p, i) })),
    }),
  );
  const client = await runOk(process.execPath, [`${ROOT}/bench/lib/punch-client.mjs`, planFile], {
    core: LOAD_CORE,
  });
  const line = client.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"summary"'))!;
  const summary = JSON.parse(line).summary as {
    statuses: Record<string, number>;
    started: number;
    ended: number;
    latencies: { p50: number; p99: number } | null;
  };
  const answered = summary.statuses['201'] ?? 0;
  return {
    target,
    day,
    perSecond: answered / ((summary.ended - summary.started) / 1000),
    p50: summary.latencies?.p50 ?? 0,
    p99: summary.latencies?.p99 ?? 0,
    answered,
    statuses: summary.statuses,
  };
}

/** The roles minimal-punch.mjs is given per token (it derives the instant's own). */
function personRoles(p: Punchable): Roles & { timeZone: string } {
  return {
    tokenId: p.tokenId,
    userId: p.userId,
    employeeId: p.employeeId,
    organizationId: p.organizationId,
    unitId: p.unitId,
    timeZone: p.timeZone,
  };
}

/** What minimal-punch.mjs derives from the instant, as wfctl stores it. */
function rolesOf(p: Punchable, at: string): Roles {
  const iso = new Date(at).toISOString();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: p.timeZone }).format(new Date(at));
  return {
    ...personRoles(p),
    punchedAt: iso.replace('T', ' ').replace('Z', ''),
    checkIn: `${iso.slice(11, 19)}Z`,
    date,
  };
}

interface Captured {
  at: string;
  statements: Array<{ sql: string; bindings: unknown[] }>;
  answer: string;
}

async function postPunch(s: Session, p: Punchable, at: string, onQuery?: (q: any) => void): Promise<string> {
  const { handler } = createHttpApp({
    name: 'workforce',
    routes: workforceRoutes,
    services: s.bench.services,
    openapi: workforceApiInfo,
  });
  const app = await listen(handler, 0, '127.0.0.1');
  const { db } = s.bench.services;
  if (onQuery) db.on('query', onQuery);
  try {
    const res = await fetch(`${app.url}/api/v1/attendance/punches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'check_in', at }),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`rush: the captured check-in answered ${res.status}: ${text}`);
    return text;
  } finally {
    if (onQuery) db.off('query', onQuery);
    await app.close(1000);
  }
}

async function capture(s: Session, p: Punchable, at: string): Promise<Captured> {
  const statements: Captured['statements'] = [];
  const answer = await postPunch(s, p, at, (q: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] }),
  );
  return { at, statements, answer };
}

/** The statements with each binding a constant, a role, or a text with roles (see the header). */
function templateOf(a: Captured, b: Captured, ra: Roles, rb: Roles) {
  if (
    a.statements.length !== b.statements.length ||
    a.statements.some((q, i) => q.sql !== b.statements[i].sql)
  )
    throw new Error(
      `rush: the two captured check-ins ran different statements (${a.statements.length} / ${b.statements.length})`,
    );
  const unmatched: string[] = [];
  const roles = Object.keys(ra).filter((r) => r !== 'timeZone');
  const statements = a.statements.map((q, i) => ({
    sql: q.sql,
    bindings: q.bindings.map((va, j): Binding => {
      const vb = b.statements[i].bindings[j];
      if (va === vb) return { c: va };
      const role = roles.find((r) => String(ra[r]) === String(va) && String(rb[r]) === String(vb));
      if (role) return { r: role };
      if (typeof va === 'string') {
        for (const r of roles) {
          const text = va.split(String(ra[r])).join(`{${r}}`);
          if (text !== va && text.split(`{${r}}`).join(String(rb[r])) === vb) return { t: text };
        }
      }
      unmatched.push(`statement ${i + 1} binding ${j + 1} (${JSON.stringify(va)} / ${JSON.stringify(vb)})`);
      return { c: va };
    }),
  }));
  return { statements, unmatched };
}
