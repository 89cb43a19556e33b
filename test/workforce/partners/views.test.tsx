// The Ink views of `wfctl partner push` on a terminal (their last frame), and its live line's text.
import test from 'ava';
import React from 'react';
import { render } from 'ink-testing-library';
import { progressState, PushView, RedeliverView } from '../../../src/cli/views/partner-push.js';
import { SigningSecretsView } from '../../../src/cli/views/partner.js';

const item = {
  partner: 'acme-payroll',
  organization_code: 'ACME',
  month: '2026-01',
  lock_id: 7,
  lock_scope: 'org',
  records: 2480,
  batches: 3,
  delivered_batches: 2,
  failed_batches: 1,
  dead_batches: 1,
};

test('the push summary shows each lock with its counts and the outcome', (t) => {
  // Tables fit the terminal (80 columns when there is none, as under ava): this one is looked at
  // on a terminal wide enough for every column, the narrow case being test/cli/table.test.tsx's.
  const columns = process.stdout.columns;
  process.stdout.columns = 120;
  t.teardown(() => {
    process.stdout.columns = columns;
  });
  const failed = render(
    <PushView
      dry_run={false}
      ok={false}
      items={[item]}
      delivered_batches={2}
      failed_batches={1}
      dead_batches={1}
      failures={[]}
      undelivered={[]}
    />,
  );
  const frame = failed.lastFrame()!;
  t.regex(frame, /2 batch\(es\) delivered, 1 failed, 1 died/);
  t.regex(frame, /acme-payroll\s+ACME\s+2026-01\s+7 \(org\)\s+2480\s+3\s+2\s+1\s+1/);
  const dry = render(
    <PushView
      dry_run
      ok
      items={[{ ...item, delivered_batches: 0, failed_batches: 0, dead_batches: 0 }]}
      delivered_batches={0}
      failed_batches={0}
      dead_batches={0}
      failures={[]}
      undelivered={[]}
    />,
  );
  t.regex(dry.lastFrame()!, /Dry run: 1 lock\(s\) due, nothing sent/);
  const none = render(
    <PushView
      dry_run={false}
      ok
      items={[]}
      delivered_batches={0}
      failed_batches={0}
      dead_batches={0}
      failures={[]}
      undelivered={[]}
    />,
  );
  t.regex(none.lastFrame()!, /Nothing due/);
});

test('the live line numbers batches as the ledger does, attempts n/N, and counts a wait down', (t) => {
  const e = {
    partner: 'p',
    organization_code: 'ACME',
    month: '2026-01',
    batch_index: 0,
    records: 10,
    attempts_allowed: 5,
  };
  t.is(progressState({ ...e, type: 'batch-start' }), 'p ACME 2026-01 batch 0: sending 10 records…');
  t.is(
    progressState({ ...e, type: 'batch-done', attempt: 1, status: 'delivered' }),
    'p ACME 2026-01 batch 0: delivered (attempt 1/5)',
  );
  const failed = { ...e, type: 'attempt-failed' as const, attempt: 2, error: 'ECONNREFUSED', wait_ms: 4000 };
  t.is(progressState(failed), 'p ACME 2026-01 batch 0: attempt 2/5 failed, retrying in 4 s (ECONNREFUSED)');
  t.regex(progressState(failed, 1200), /retrying in 2 s /);
});

test('redeliver --all-dead shows each batch sent and each skipped; secrets show fingerprints only', (t) => {
  const columns = process.stdout.columns;
  process.stdout.columns = 140;
  t.teardown(() => {
    process.stdout.columns = columns;
  });
  const sent = {
    id: 12,
    delivery_id: 'd',
    partner: 'acme-payroll',
    organization_code: 'ACME',
    month: '2026-01',
    lock_id: 7,
    batch_index: 0,
    record_count: 4,
    is_last: true,
    status: 'delivered',
    attempts: 6,
    attempts_left: 0,
    response_code: 200,
    last_error: null,
    delivered_at: null,
    claimed_by: null,
    claimed_until: null,
    created_at: null,
    updated_at: null,
    attempts_this_run: 1,
  };
  const all = render(
    <RedeliverView
      r={{
        ok: true,
        delivery: null,
        attempts_this_run: 1,
        deliveries: [sent],
        skipped: [{ id: 13, code: 'LOCK_GONE', reason: 'unlocked' }],
      }}
    />,
  ).lastFrame()!;
  t.regex(all, /1 of 1 dead batch\(es\) delivered/);
  t.regex(all, /12\s+acme-payroll\s+ACME\s+2026-01\s+0\s+delivered\s+1 \/ 6/);
  t.regex(all, /13 .*skipped.*LOCK_GONE/);
  const secrets = render(
    <SigningSecretsView
      r={{ partner: 'p', current: { fingerprint: 'aaaaaaaaaaaa' }, next: { fingerprint: 'bbbbbbbbbbbb' } }}
      title="Signing secrets of p"
    />,
  ).lastFrame()!;
  t.regex(secrets, /aaaaaaaaaaaa/);
  t.regex(secrets, /bbbbbbbbbbbb \(pushes carry both signatures\)/);
});
