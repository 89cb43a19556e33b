// The views of `wfctl partner push|deliveries|redeliver|verify`: the push summary, the live progress
// line on stderr while batches are sent, the delivery ledger, a redelivery, a signature verdict.
import React from 'react';
import { liveLine } from '../progress.js';
import type { ContextLoader } from '../actors.js';
import { workforceActor } from '../actors.js';
import type { PushTools } from '../../workforce/partners/deliveries/context.js';
import type { PushProgress } from '../../workforce/partners/deliveries/context.js';
import type { DeliveryListItem } from '../../workforce/partners/deliveries/operations/list-deliveries.js';
import type { PushResult } from '../../workforce/partners/deliveries/operations/push-to-partners.js';
import type { RedeliverResult } from '../../workforce/partners/deliveries/operations/redeliver.js';
import { Summary } from './summary.js';

export function PushView(r: PushResult) {
  const title = r.dry_run
    ? `Dry run: ${r.items.length} lock(s) due, nothing sent`
    : r.items.length === 0
      ? 'Nothing due: every partner has every locked day'
      : `${r.delivered_batches} batch(es) delivered, ${r.failed_batches} failed, ${r.dead_batches} died` +
        (r.undelivered.length ? `; ${r.undelivered.length} undelivered` : '');
  return (
    <Summary
      title={title}
      tone={r.ok ? 'ok' : 'error'}
      table={{
        columns: [
          'partner',
          'org',
          'month',
          'lock',
          'records',
          'batches',
          'delivered',
          'failed',
          'dead',
          'note',
        ],
        rows: r.items.map((i) => [
          i.partner,
          i.organization_code,
          i.month,
          `${i.lock_id} (${i.lock_scope})`,
          i.records,
          i.batches,
          i.delivered_batches,
          i.failed_batches,
          i.dead_batches,
          i.skipped ?? null,
        ]),
      }}
    />
  );
}

/**
 * One batch's state as the live line shows it. Batches are numbered as the ledger, the failure
 * message and the JSON number them (batch_index, from 0), so an operator can match the lines;
 * attempts count this run's against what it may make (n/N), and a wait counts down (`msLeft`).
 */
export function progressState(e: PushProgress, msLeft?: number): string {
  const batch = `${e.partner} ${e.organization_code} ${e.month} batch ${e.batch_index}`;
  if (e.type === 'batch-start') return `${batch}: sending ${e.records} records…`;
  const attempt = `attempt ${e.attempt}/${e.attempts_allowed}`;
  if (e.type === 'attempt-failed') {
    const left = Math.max(0, Math.ceil((msLeft ?? e.wait_ms ?? 0) / 1000));
    // The countdown before the error, which may be long: the line is cut at the terminal's width.
    return `${batch}: ${attempt} failed, retrying in ${left} s (${e.error})`;
  }
  return `${batch}: ${e.status} (${attempt})${e.error ? `: ${e.error}` : ''}`;
}

/** The push's progress on a terminal: one live line (stderr), the latest batch's state. */
export function pushProgressLine(
  label: string,
): { onProgress: (e: PushProgress) => void; stop(): void } | null {
  const line = liveLine(label);
  if (!line) return null;
  return {
    onProgress: (e) => {
      if (e.type !== 'attempt-failed') return line.update(progressState(e));
      const until = Date.now() + (e.wait_ms ?? 0);
      line.update(() => progressState(e, until - Date.now()));
    },
    stop: () => line.stop(),
  };
}

export function DeliveriesView({ data, failed }: { data: DeliveryListItem[]; failed?: boolean }) {
  return (
    <Summary
      title={`${data.length} deliver${data.length === 1 ? 'y' : 'ies'}${failed ? ' failed' : ''}`}
      tone={failed && data.length ? 'warn' : 'ok'}
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
          'left',
          'code',
          'last error',
        ],
        rows: data.map((d) => [
          d.id,
          d.partner,
          d.organization_code,
          d.month,
          d.lock_current ? d.lock_id : `${d.lock_id} (unlocked)`,
          d.batch_index,
          d.record_count,
          d.status,
          d.attempts,
          d.attempts_left,
          d.response_code,
          d.last_error,
        ]),
      }}
    />
  );
}

export function RedeliverView({ r }: { r: RedeliverResult }) {
  if (!r.delivery) {
    return (
      <Summary
        title={
          r.deliveries.length === 0 && r.skipped.length === 0
            ? 'No dead batches'
            : `${r.deliveries.filter((d) => d.status === 'delivered').length} of ${r.deliveries.length} dead batch(es) delivered`
        }
        tone={r.ok ? 'ok' : 'error'}
        table={{
          columns: ['id', 'partner', 'org', 'month', 'batch', 'status', 'attempts', 'note'],
          rows: [
            ...r.deliveries.map((d) => [
              d.id,
              d.partner,
              d.organization_code,
              d.month,
              d.batch_index,
              d.status,
              `${d.attempts_this_run} / ${d.attempts}`,
              d.last_error,
            ]),
            ...r.skipped.map((s) => [
              s.id,
              null,
              null,
              null,
              null,
              'skipped',
              null,
              `${s.code}: ${s.reason}`,
            ]),
          ],
        }}
      />
    );
  }
  const d = r.delivery;
  return (
    <Summary
      title={
        r.ok
          ? `Delivery ${d.id} delivered`
          : `Delivery ${d.id} ${d.status === 'dead' ? 'died again' : 'failed again'}`
      }
      tone={r.ok ? 'ok' : 'error'}
      rows={[
        ['partner', d.partner],
        ['organization / month', `${d.organization_code} ${d.month}`],
        ['records', String(d.record_count)],
        ['attempts (this run / all)', `${r.attempts_this_run} / ${d.attempts}`],
        ['status', d.status],
        ['last error', d.last_error ?? '—'],
      ]}
    />
  );
}

export function SignatureView({
  valid,
  reason,
  age,
}: {
  valid: boolean;
  reason?: string;
  age: number | null;
}) {
  return valid ? (
    <Summary title="Signature valid" rows={[['age (s)', String(age)]]} />
  ) : (
    <Summary title="Signature INVALID" tone="error" rows={[['reason', reason ?? '']]} />
  );
}

/**
 * A push command's `context` and `release`: the workforce actor with the push's live line (on a
 * terminal) as its onProgress, stopped however the command ends.
 */
export function withPushProgress(label: string): {
  context: ContextLoader<any>;
  release(): void;
} {
  let line: ReturnType<typeof pushProgressLine> = null;
  return {
    context: async (services, actor) => {
      line = pushProgressLine(label);
      const tools: PushTools = { onProgress: line?.onProgress };
      return { ...(await workforceActor(services, actor)), ...tools };
    },
    release: () => {
      line?.stop();
      line = null;
    },
  };
}
