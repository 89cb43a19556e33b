// `wfctl partner push|deliveries|redeliver|verify`: the partner push for cron and operators, the
// delivery ledger, and the receiver-side signature check. Exit codes: 0 when everything due was
// delivered (or the signature is valid), 1 when something failed (listed), 2 for usage errors.
import React from 'react';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { Box, render, Text } from 'ink';
import { systemClock } from '../../core/clock.js';
import { AppError, UsageError } from '../../core/errors.js';
import type { PushProgress } from '../../workforce/partners/deliveries/context.js';
import { listDeliveries } from '../../workforce/partners/deliveries/operations/list-deliveries.js';
import {
  pushToPartners,
  type PushResult,
} from '../../workforce/partners/deliveries/operations/push-to-partners.js';
import { redeliverBatch } from '../../workforce/partners/deliveries/operations/redeliver.js';
import type { DeliveryFailure } from '../../workforce/partners/deliveries/serialize.js';
import { verifySignature } from '../../workforce/partners/signature.js';
import { output, readStdin, required } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import { asFlags, positiveInt } from './identity-shared.js';

/** Something was attempted and did not succeed: exit 1; with --json the details are the output. */
class CommandFailed extends AppError {
  constructor(message: string, code: string, details: Record<string, unknown>, errors = {}) {
    super(500, message, { code, details, errors });
  }
}

/** The `partner` command, whichever file registers first. */
function partnerCommand(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === 'partner') ??
    program.command('partner').description('payroll and billing partners: registry, inbound tokens, push')
  );
}

export function registerPartnerPush(program: Command): void {
  const partner = partnerCommand(program);
  partner
    .command('push')
    .description('send every partner the locked days it has not received (what cron runs)')
    .option('--partner <name>', 'only this partner')
    .option('--org <code>', 'only this organization (code or id)')
    .option('--month <YYYY-MM>', 'only this month')
    .option('--dry-run', 'print partners, months, record counts and batches; send nothing')
    .option('--json', 'print JSON')
    .action(
      async (opts: { partner?: string; org?: string; month?: string; dryRun?: boolean; json?: boolean }) => {
        const progress = !opts.json && !opts.dryRun && process.stderr.isTTY ? new ProgressBoard() : null;
        const result = await withServices((services) =>
          asFlags(
            () =>
              pushToPartners(
                { services, onProgress: progress?.update },
                { partner: opts.partner, org: opts.org, month: opts.month, dryRun: opts.dryRun },
              ),
            { partner: '--partner', org: '--org', month: '--month' },
          ),
        ).finally(() => progress?.stop());
        if (result.ok) return output(result, opts, PushView);
        if (!opts.json) await output(result, opts, PushView);
        throw new CommandFailed(
          `${result.failed_batches} batch(es) failed; nothing failed is marked delivered. ` +
            'See `wfctl partner deliveries --failed`; they are due again on the next push.',
          'PUSH_FAILED',
          { ...result },
          failureErrors(result.failures),
        );
      },
    );

  partner
    .command('deliveries')
    .description('the delivery ledger, newest first')
    .option('--failed', 'only batches that failed')
    .option('--partner <name>', 'only this partner')
    .option('--limit <n>', 'at most this many (default 100, at most 1000)')
    .option('--json', 'print JSON')
    .action(async (opts: { failed?: boolean; partner?: string; limit?: string; json?: boolean }) => {
      const limit = positiveInt(opts.limit, '--limit');
      const result = await withServices((services) =>
        asFlags(() => listDeliveries({ services }, { failed: opts.failed, partner: opts.partner, limit }), {
          partner: '--partner',
          limit: '--limit',
        }),
      );
      await output(result, opts, (r) => (
        <Summary
          title={`${r.data.length} deliver${r.data.length === 1 ? 'y' : 'ies'}${opts.failed ? ' failed' : ''}`}
          tone={opts.failed && r.data.length ? 'warn' : 'ok'}
          table={{
            columns: [
              'id',
              'partner',
              'org',
              'month',
              'lock',
              'batch',
              'records',
              'status',
              'attempts',
              'last error',
            ],
            rows: r.data.map((d) => [
              d.id,
              d.partner,
              d.organization_code,
              d.month,
              d.lock_current ? d.lock_id : `${d.lock_id} (unlocked)`,
              d.batch_index,
              d.record_count,
              d.status,
              d.attempts,
              d.last_error,
            ]),
          }}
        />
      ));
    });

  partner
    .command('redeliver')
    .description('send one batch again (same records, same X-Attendance-Delivery-Id)')
    .argument('<delivery>', 'the delivery number (id column) or its delivery id')
    .option('--json', 'print JSON')
    .action(async (delivery: string, opts: { json?: boolean }) => {
      const result = await withServices((services) => redeliverBatch({ services }, { delivery }));
      const view = (r: typeof result) => (
        <Summary
          title={r.ok ? `Delivery ${r.delivery.id} delivered` : `Delivery ${r.delivery.id} failed again`}
          tone={r.ok ? 'ok' : 'error'}
          rows={[
            ['partner', r.delivery.partner],
            ['organization / month', `${r.delivery.organization_code} ${r.delivery.month}`],
            ['records', String(r.delivery.record_count)],
            ['attempts (this run / all)', `${r.attempts_this_run} / ${r.delivery.attempts}`],
            ['last error', r.delivery.last_error ?? '—'],
          ]}
        />
      );
      if (result.ok) return output(result, opts, view);
      if (!opts.json) await output(result, opts, view);
      throw new CommandFailed(
        `Delivery ${result.delivery.id} failed: ${result.delivery.last_error}`,
        'PUSH_FAILED',
        {
          ...result,
        },
      );
    });

  partner
    .command('verify')
    .description(
      'receiver side: check an X-Attendance-Signature header against a body file (5-minute window)',
    )
    .option('--secret <secret>', 'the signing secret')
    .option('--header <header>', 'the X-Attendance-Signature header value')
    .option('--body <file>', 'the exact request body, as a file (- for stdin)')
    .option('--json', 'print JSON')
    .action(async (opts: { secret?: string; header?: string; body?: string; json?: boolean }) => {
      const secret = await required(opts.secret, '--secret', 'Signing secret', {
        json: opts.json,
        secret: true,
      });
      const header = await required(opts.header, '--header', 'X-Attendance-Signature header', {
        json: opts.json,
      });
      const file = await required(opts.body, '--body', 'Body file', { json: opts.json });
      const body = file === '-' ? Buffer.from(await readStdin(), 'utf8') : await readBody(file);
      const now = systemClock.now();
      const verdict = verifySignature({ secret, header, body, now });
      const result = {
        ...verdict,
        age_seconds:
          verdict.timestamp === undefined ? null : Math.floor(now.getTime() / 1000) - verdict.timestamp,
      };
      if (verdict.valid) {
        return output(result, opts, () => (
          <Summary title="Signature valid" rows={[['age (s)', String(result.age_seconds)]]} />
        ));
      }
      if (!opts.json)
        await output(result, opts, () => (
          <Summary title="Signature INVALID" tone="error" rows={[['reason', verdict.reason]]} />
        ));
      throw new CommandFailed(verdict.reason, 'SIGNATURE_INVALID', { ...result });
    });
}

async function readBody(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new UsageError(`--body: cannot read ${file} (${reason}).`, { '--body': [reason] });
  }
}

function failureErrors(failures: DeliveryFailure[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of failures) {
    out[`delivery ${f.id}`] = [
      `${f.partner} ${f.organization_code} ${f.month} batch ${f.batch_index} (${f.record_count} records), ` +
        `${f.attempts} attempt(s): ${f.last_error}`,
    ];
  }
  return out;
}

export function PushView(r: PushResult) {
  const title = r.dry_run
    ? `Dry run: ${r.items.length} lock(s) due, nothing sent`
    : r.items.length === 0
      ? 'Nothing due: every partner has every locked day'
      : `${r.delivered_batches} batch(es) delivered, ${r.failed_batches} failed`;
  return (
    <Summary
      title={title}
      tone={r.ok ? 'ok' : 'error'}
      table={{
        columns: ['partner', 'org', 'month', 'lock', 'records', 'batches', 'delivered', 'failed', 'note'],
        rows: r.items.map((i) => [
          i.partner,
          i.organization_code,
          i.month,
          `${i.lock_id} (${i.lock_scope})`,
          i.records,
          i.batches,
          i.delivered_batches,
          i.failed_batches,
          i.skipped ?? null,
        ]),
      }}
    />
  );
}

/** Live progress on a terminal (stderr): one line per partner and month, updated per batch. */
class ProgressBoard {
  private lines = new Map<string, string>();
  private instance = render(<ProgressLines lines={[]} />, { stdout: process.stderr, patchConsole: false });

  update = (e: PushProgress) => {
    const key = `${e.partner} ${e.organization_code} ${e.month}`;
    const state =
      e.type === 'batch-start'
        ? `batch ${e.batch_index + 1}: sending ${e.records} records…`
        : e.type === 'attempt-failed'
          ? `batch ${e.batch_index + 1}: attempt ${e.attempt} failed (${e.error}); retrying in ${Math.round((e.wait_ms ?? 0) / 1000)} s`
          : `batch ${e.batch_index + 1}: ${e.status}${e.error ? ` (${e.error})` : ''}`;
    this.lines.set(key, state);
    this.instance.rerender(<ProgressLines lines={[...this.lines]} />);
  };

  stop() {
    this.instance.unmount();
  }
}

export function ProgressLines({ lines }: { lines: Array<[string, string]> }) {
  return (
    <Box flexDirection="column">
      {lines.map(([key, state]) => (
        <Text key={key}>
          <Text bold>{key}</Text> {state}
        </Text>
      ))}
    </Box>
  );
}
