// `wfctl fy close ORG/NAME [--no-wait]` and `wfctl fy show ORG/NAME`. Close checks the checklist
// and queues the close job; waiting, the command works that job itself (so no daemon is needed) or
// follows a daemon's worker that got there first, with a spinner on a terminal.
import React from 'react';
import { render } from 'ink';
import type { Command } from 'commander';
import { AppError } from '../../core/errors.js';
import { getJob, workOnce } from '../../core/job-queue.js';
import type { Services } from '../../core/services.js';
import { validate, yup } from '../../core/validation.js';
import { jobHandlers } from '../../scheduler/handlers.js';
import { workerId } from '../../scheduler/worker.js';
import { resolveFinancialYear } from '../../workforce/financial-years/lookup.js';
import { closeFinancialYear } from '../../workforce/financial-years/operations/close-financial-year.js';
import { showFinancialYear } from '../../workforce/financial-years/operations/show-financial-year.js';
import type { FinancialYearView } from '../../workforce/financial-years/serialize.js';
import { loadActor } from '../../workforce/identity/actor.js';
import type { UserPrincipal } from '../../workforce/identity/principal.js';
import { output, wantsJson } from '../io.js';
import { withServices } from '../services.js';
import { Spinner } from '../views/spinner.js';
import { Summary } from '../views/summary.js';

const POLL_MS = 500;

function yearView(fy: FinancialYearView) {
  return (
    <Summary
      title={`Financial year ${fy.name}: ${fy.status}`}
      tone={fy.status === 'closed' ? 'ok' : 'warn'}
      rows={[
        ['period', `${fy.starts_on} to ${fy.ends_on}`],
        ['closed at', fy.closed_at ?? '—'],
        ['close job', fy.close_job_id === null ? '—' : String(fy.close_job_id)],
      ]}
      table={
        fy.leave_type_snapshot
          ? {
              columns: ['leave type', 'annual quota', 'carry forward max'],
              rows: fy.leave_type_snapshot.map((s) => [s.code, s.annual_quota, s.carry_forward_max]),
            }
          : undefined
      }
    />
  );
}

export function registerFy(program: Command): void {
  const fy = program.command('fy').description('financial years: close, show');

  fy.command('close')
    .description('close a financial year (checklist, then the close job); waits unless --no-wait')
    .argument('<year>', 'ORG/NAME (e.g. ACME/FY2025) or id')
    .option('--no-wait', 'return at once with status closing and the job id')
    .option('--timeout <seconds>', 'how long to wait (default 300)')
    .option('--actor <email>', 'act as this user (default: the system user)')
    .option('--json', 'print JSON')
    .action(
      async (ref: string, opts: { wait: boolean; timeout?: string; actor?: string; json?: boolean }) => {
        const { timeout } = await validate<{ timeout: number }>(
          yup.object({ timeout: yup.number().integer().min(1).max(86_400).default(300) }),
          {
            timeout: opts.timeout,
          },
        );
        const result = await withServices(async (services) => {
          const actor = await loadActor(services.db, opts.actor);
          const id = await resolveFinancialYear(services.db, ref);
          const accepted = await closeFinancialYear({ services, actor }, { id });
          if (!opts.wait) return accepted;
          return waitForClose(
            services,
            actor,
            id,
            accepted.job_id,
            timeout,
            !wantsJson(opts) && Boolean(process.stderr.isTTY),
          );
        });
        await output(result, opts, (r) =>
          'job_id' in r ? (
            <Summary
              title={`Financial year ${r.name}: closing`}
              tone="warn"
              rows={[['close job', String(r.job_id)]]}
            />
          ) : (
            yearView(r)
          ),
        );
      },
    );

  fy.command('show')
    .description('a financial year with its status and, once closed, the leave-type snapshot')
    .argument('<year>', 'ORG/NAME (e.g. ACME/FY2025) or id')
    .option('--actor <email>', 'act as this user (default: the system user)')
    .option('--json', 'print JSON')
    .action(async (ref: string, opts: { actor?: string; json?: boolean }) => {
      const result = await withServices(async (services) => {
        const actor = await loadActor(services.db, opts.actor);
        return showFinancialYear({ services, actor }, { id: await resolveFinancialYear(services.db, ref) });
      });
      await output(result, opts, yearView);
    });
}

async function waitForClose(
  services: Services,
  actor: UserPrincipal,
  id: number,
  jobId: number,
  timeoutSeconds: number,
  spinner: boolean,
): Promise<FinancialYearView> {
  const ui = spinner
    ? render(<Spinner label="Closing the financial year…" />, { stdout: process.stderr })
    : null;
  const deadline = services.clock.now().getTime() + timeoutSeconds * 1000;
  const worker = workerId();
  try {
    for (;;) {
      await workOnce(services, jobHandlers, worker, { id: jobId });
      const fy = await showFinancialYear({ services, actor }, { id });
      const job = await getJob(services.db, jobId);
      if (fy.status === 'closed') return fy;
      if (job?.status === 'failed' || fy.status === 'open') {
        throw new AppError(500, `The close job failed: ${job?.last_error ?? 'the year is open again'}`, {
          code: 'CLOSE_FAILED',
          details: { job_id: jobId },
        });
      }
      if (services.clock.now().getTime() >= deadline) {
        throw new AppError(
          500,
          `Still closing after ${timeoutSeconds}s; follow it with \`wfctl jobs show ${jobId}\`.`,
          {
            code: 'CLOSE_PENDING',
            details: { job_id: jobId },
          },
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    ui?.unmount();
  }
}
