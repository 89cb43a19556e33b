// `wfctl fy close ORG/NAME [--no-wait]`: financial-year.close checks the checklist and queues the
// close job; waiting, the command works that job itself (so no daemon is needed) or follows a
// daemon's worker that got there first, with a spinner on a terminal.
import React from 'react';
import type { Command } from 'commander';
import { AppError } from '../../../core/errors.js';
import { getJob, workOnce } from '../../../core/job-queue.js';
import { runOperation, type OperationContext } from '../../../core/operation.js';
import { validate, yup } from '../../../core/validation.js';
import { jobHandlers } from '../../../tasks.js';
import { workerId } from '../../../scheduler/worker.js';
import type { WorkforceActor } from '../../../workforce/context.js';
import { closeFinancialYear } from '../../../workforce/financial-years/operations/close-financial-year.js';
import { showFinancialYear } from '../../../workforce/financial-years/operations/show-financial-year.js';
import type { FinancialYearView } from '../../../workforce/financial-years/serialize.js';
import { workforceActor } from '../../actors.js';
import { orgFlag } from '../../lookup.js';
import { commandFor, type ArgSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { wantsJson } from '../../io.js';
import { CloseView } from '../../views/financial-year.js';
import { liveLine } from '../../progress.js';

const POLL_MS = 500;

/** YEAR of `fy close` and `fy show`: the operations resolve it (refs.namedFinancialYearId). */
export const yearArg: ArgSpec = {
  name: 'year',
  description: 'ORG/NAME (e.g. ACME/FY2024) or id',
  prompt: 'Financial year (ORG/NAME)?',
  field: 'financial_year',
};

const timeoutSchema = yup.object({ timeout: yup.number().integer().min(1).max(86_400).default(300) });

export function register(program: Command): void {
  commandGroup(program, 'fy', 'Financial years: close, show, list');
  commandFor(program, closeFinancialYear, {
    path: 'fy close',
    description: 'Close a financial year (checklist, then the close job); waits unless --no-wait',
    args: [yearArg],
    input: { skip: ['financial_year_id'], fields: { organization: { ...orgFlag, prompt: undefined } } },
    flags: [
      { flags: '--no-wait', description: 'return at once with status closing and the job id' },
      { flags: '--timeout <seconds>', description: 'how long to wait (default 300)' },
    ],
    // Closing cannot be undone: the leave balances are snapshotted and the year stays closed.
    confirm: (args) => `Close financial year ${args.year}? This cannot be undone.`,
    examples: ['wfctl fy close ACME/FY2024', 'wfctl fy close FY2024 --org ACME --no-wait --json --yes'],
    context: workforceActor,
    toInput: async (_args, flags) => {
      await validate(timeoutSchema, { timeout: flags.timeout });
      return {};
    },
    after: async (accepted, flags, ctx) => {
      if (!flags.wait || accepted.job_id === null) return accepted; // a dry run queued no job
      const { timeout } = await validate<{ timeout: number }>(timeoutSchema, { timeout: flags.timeout });
      const spinner = !wantsJson(flags) && Boolean(process.stderr.isTTY);
      return waitForClose(ctx, accepted.id, accepted.job_id, timeout, spinner);
    },
    names: (r) => ({ organizations: ['organization_id' in r ? r.organization_id : null] }),
    view: (result, flags, names) => <CloseView result={result} names={names} preview={flags.dryRun} />,
  });
}

async function waitForClose(
  ctx: OperationContext<WorkforceActor>,
  id: number,
  jobId: number,
  timeoutSeconds: number,
  spinner: boolean,
): Promise<FinancialYearView> {
  const { services } = ctx;
  // The line goes away when the close ends; the result (or the error) takes its place.
  const line = spinner ? liveLine('Closing the financial year…') : null;
  const deadline = services.clock.now().getTime() + timeoutSeconds * 1000;
  const worker = workerId();
  try {
    for (;;) {
      await workOnce(services, jobHandlers, worker, { id: jobId });
      const fy = await runOperation(showFinancialYear, ctx, { financial_year_id: id });
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
          { code: 'CLOSE_PENDING', details: { job_id: jobId } },
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    line?.stop();
  }
}
