// Offboarding an employee with 1,000 future shifts and 100 pending leaves over HTTP, one candidate
// at a time, as the organization's admin, against the same work done by a minimal program.
//
// The generator gives ten identical candidates. The daemon offboards the first five; for each of the
// other five the harness runs the operation as a dry run (the very same code, rolled back) with
// knex's query event listening, and `bench/baselines/replay-transaction.mjs` replays exactly those
// statements through the driver in one committed transaction: the same rows changed, the same
// durable commit, no framework. Candidates alternate (ours, baseline, ours …) so both see the same
// machine. The baseline leaves out the request's token lookup (one indexed statement).
import { writeFileSync } from 'node:fs';
import { runOperation } from '../../src/core/operation.js';
import { workforceContext } from '../../src/workforce/context.js';
import { offboardEmployee } from '../../src/workforce/employees/operations/offboard-employee.js';
import { loadActor } from '../../src/workforce/identity/actor.js';
import type { Statement } from '../baselines/capture.js';
import { adminEmail } from '../lib/dataset.js';
import { ROOT, workDir } from '../lib/paths.js';
import { runOk, SERVER_CORE } from '../lib/proc.js';
import { median, ratio, round, timed, type CaseOutput } from '../lib/results.js';
import { api, type Session } from '../lib/session.js';
import { driverConnection } from '../lib/database.js';

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i;

interface Run {
  employee: string;
  ms: number;
  shifts: number;
  leaves: number;
  statements?: number;
}

export async function offboardCase(s: Session): Promise<CaseOutput> {
  const { db } = s.bench.services;
  const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const candidates = s.gen.dataset.offboardCandidates;
  const half = Math.floor(candidates.length / 2);
  const ours: Run[] = [];
  const minimal: Run[] = [];
  const body = { last_working_day: lastDay, reason: 'benchmark' };

  for (let i = 0; i < half; i++) {
    const mine = (await candidate(s, candidates[i]))!;
    const { ms, value } = await timed(() =>
      api(s, 'POST', `/api/v1/employees/${mine.id}/offboard`, s.tokens.admin[mine.org], body),
    );
    if (value.status !== 200)
      throw new Error(`offboard ${candidates[i]}: ${value.status} ${JSON.stringify(value.body)}`);
    ours.push({
      employee: candidates[i],
      ms: round(ms, 1),
      shifts: value.body.shifts_cancelled.length,
      leaves: value.body.leaves_rejected.length,
    });

    const theirs = await candidate(s, candidates[half + i]);
    if (!theirs) break;
    const { statements, result } = await dryRunStatements(s, theirs, body);
    const specFile = `${workDir()}/offboard-${s.bench.dialect}-${i}.json`;
    writeFileSync(
      specFile,
      JSON.stringify({
        dialect: s.bench.dialect,
        connection: driverConnection(s.bench),
        statements,
      }),
    );
    const out = await runOk(process.execPath, [`${ROOT}/bench/baselines/replay-transaction.mjs`, specFile], {
      core: SERVER_CORE,
    });
    const replayed = JSON.parse(out.stdout.trim().split('\n').pop()!) as { ms: number; statements: number };
    minimal.push({
      employee: candidates[half + i],
      ms: round(replayed.ms, 1),
      shifts: result.shifts_cancelled.length,
      leaves: result.leaves_rejected.length,
      statements: replayed.statements,
    });
    const left = await db('employees').where({ id: theirs.id }).first('is_active');
    if (left && Boolean(Number(left.is_active)))
      throw new Error(`the replay did not offboard ${candidates[half + i]}`);
  }

  const p50 = median(ours.map((r) => r.ms));
  const base = minimal.length ? median(minimal.map((r) => r.ms)) : null;
  const worst = Math.max(...ours.map((r) => r.ms));
  const mysql = s.bench.dialect === 'mysql';
  return {
    case: 'offboard',
    title:
      'offboard an employee with 1,000 future shifts and 100 pending leaves (POST /employees/{id}/offboard)',
    baselineName:
      'same work: the statements of a dry run of the operation on an identical candidate, replayed through the driver in one committed transaction (`bench/baselines/replay-transaction.mjs`)',
    rows: [
      {
        case: 'offboard',
        measure: `latency, median of ${ours.length} (worst ${round(worst, 0)} ms); ratio: ours ÷ minimal (time)`,
        figure: round(p50, 1),
        baseline: base === null ? null : round(base, 1),
        unit: 'ms',
        ratio: base === null ? null : ratio(p50, base),
        goal: mysql ? '< 100 ms on MySQL' : '— (goal is for MySQL)',
        met: mysql ? p50 < 100 : null,
      },
    ],
    notes: minimal.length
      ? [`offboard: the minimal program replayed ${minimal[0].statements} statements per candidate`]
      : [],
    details: { runs: ours, minimal },
  };
}

async function candidate(s: Session, code: string | undefined) {
  if (!code) return null;
  const employee = await s.bench.services
    .db('employees')
    .where({ employee_id: code })
    .first('id', 'organization_id');
  const org = s.orgs.find((o) => o.id === Number(employee.organization_id))!;
  return { id: Number(employee.id), org: org.code };
}

/** The statements the operation runs for this candidate, from a dry run as the organization's admin. */
async function dryRunStatements(
  s: Session,
  who: { id: number; org: string },
  body: { last_working_day: string; reason: string },
) {
  const { services } = s.bench;
  const actor = await loadActor(services.db, adminEmail(who.org));
  const statements: Statement[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
    if (!TRANSACTION_CONTROL.test(q.sql)) statements.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] });
  };
  services.db.on('query', onQuery);
  try {
    const result = await runOperation(
      offboardEmployee,
      workforceContext(services, actor),
      { employee_id: who.id, ...body },
      { dryRun: true },
    );
    return { statements, result };
  } finally {
    services.db.off('query', onQuery);
  }
}
