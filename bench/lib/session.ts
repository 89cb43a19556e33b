// What every case is given: the database, the generated data, the running daemon, the tokens of
// the benchmark's users and partner, and the organizations' ids.
import { runOperation } from '../../src/core/operation.js';
import { workforceContext } from '../../src/workforce/context.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { addPartner } from '../../src/workforce/partners/registry/operations/add-partner.js';
import { createPartnerToken } from '../../src/workforce/partners/registry/operations/partner-tokens.js';
import type { Generated } from '../generate.js';
import type { BenchOptions } from './args.js';
import type { BenchDb } from './database.js';
import { adminEmail, BENCH_PASSWORD, hrEmail, ORGS } from './dataset.js';
import type { RunningServer } from './server.js';

export const PARTNER_NAME = 'Bench payroll';

export interface Org {
  id: number;
  code: string;
  /** Attendance rows of the benchmark month. */
  rows: number;
}

export interface Session {
  bench: BenchDb;
  opts: BenchOptions;
  gen: Generated;
  server: RunningServer;
  orgs: Org[];
  tokens: { admin: Record<string, string>; hr: Record<string, string>; partner: string | null };
  log(line: string): void;
  /** Partner push_url; the push case starts its receiver there before pushing. */
  receiverPort: number;
}

export async function login(server: RunningServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, device_name: 'bench' }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function loadOrgs(bench: BenchDb, month: string): Promise<Org[]> {
  const { db } = bench.services;
  const orgs: Org[] = [];
  for (const { code } of ORGS) {
    const org = await db('organizations').where({ code }).first('id');
    if (!org) throw new Error(`organization ${code} was not imported`);
    const [{ n }] = await db('attendance')
      .where('organization_id', org.id)
      .where('date', 'like', `${month}-%`)
      .count({ n: '*' });
    orgs.push({ id: Number(org.id), code, rows: Number(n) });
  }
  return orgs;
}

/** The partner that pulls and receives pushes: linked to both organizations, pushing to receiverPort. */
export async function createPartner(bench: BenchDb, receiverPort: number): Promise<string> {
  const ctx = workforceContext(bench.services, await systemActor(bench.services.db));
  await runOperation(addPartner, ctx, {
    name: PARTNER_NAME,
    kind: 'payroll',
    push_url: `http://127.0.0.1:${receiverPort}`,
    outbound_token: 'bench-outbound-token',
    signing_secret: 'bench-signing-secret-0123456789',
    organizations: ORGS.map((o) => o.code),
  });
  return (await runOperation(createPartnerToken, ctx, { partner: PARTNER_NAME })).token;
}

export async function loginAll(server: RunningServer) {
  const admin: Record<string, string> = {};
  const hr: Record<string, string> = {};
  for (const { code } of ORGS) {
    admin[code] = await login(server, adminEmail(code));
    hr[code] = await login(server, hrEmail(code));
  }
  return { admin, hr };
}

export async function api(
  session: Session,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${session.server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

export async function apiOk(session: Session, method: string, path: string, token: string, body?: unknown) {
  const res = await api(session, method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
