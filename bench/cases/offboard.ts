// Offboarding an employee with 1,000 future shifts and 100 pending leaves over HTTP, one candidate
// at a time (the generator gives five such employees), as the organization's admin.
import { median, round, type CaseOutput } from '../lib/results.js';
import { api, type Session } from '../lib/session.js';
import { timed } from '../lib/results.js';

export async function offboardCase(s: Session): Promise<CaseOutput> {
  const { db } = s.bench.services;
  const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const runs: Array<{ employee: string; ms: number; shifts: number; leaves: number; tokens: number }> = [];
  for (const code of s.gen.dataset.offboardCandidates) {
    const employee = await db('employees').where({ employee_id: code }).first('id', 'organization_id');
    const org = s.orgs.find((o) => o.id === Number(employee.organization_id))!;
    const { ms, value } = await timed(() =>
      api(s, 'POST', `/api/v1/employees/${employee.id}/offboard`, s.tokens.admin[org.code], {
        last_working_day: lastDay,
        reason: 'benchmark',
      }),
    );
    if (value.status !== 200)
      throw new Error(`offboard ${code}: ${value.status} ${JSON.stringify(value.body)}`);
    runs.push({
      employee: code,
      ms: round(ms, 1),
      shifts: value.body.shifts_cancelled.length,
      leaves: value.body.leaves_rejected.length,
      tokens: value.body.tokens_deleted.length,
    });
  }
  const p50 = median(runs.map((r) => r.ms));
  const worst = Math.max(...runs.map((r) => r.ms));
  const mysql = s.bench.dialect === 'mysql';
  return {
    case: 'offboard',
    title:
      'offboard an employee with 1,000 future shifts and 100 pending leaves (POST /employees/{id}/offboard)',
    baselineName: '—',
    rows: [
      {
        case: 'offboard',
        measure: `latency, median of ${runs.length} (worst ${round(worst, 0)} ms)`,
        figure: round(p50, 1),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: mysql ? '< 100 ms on MySQL' : '— (goal is for MySQL)',
        met: mysql ? p50 < 100 : null,
      },
    ],
    notes: [],
    details: { runs },
  };
}
