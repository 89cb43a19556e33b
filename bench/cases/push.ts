// The nightly push of the locked month (both organizations) to a local receiver, as `wfctl partner
// push` runs it (partner.push, in this process, on the server core), against curl sending the
// very same bodies to the same receiver over one keep-alive connection (`curl --data-binary`).
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { runOperation } from '../../src/core/operation.js';
import { workforceContext } from '../../src/workforce/context.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { pushToPartners } from '../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { workDir } from '../lib/paths.js';
import { LOAD_CORE, pinSelf, runOk, SERVER_CORE, start, stop } from '../lib/proc.js';
import { ratio, round, timed, type CaseOutput } from '../lib/results.js';
import { ROOT } from '../lib/paths.js';
import type { Statement } from '../baselines/capture.js';
import { PARTNER_NAME, type Session } from '../lib/session.js';
import { driverConnection } from '../lib/database.js';

export async function pushCase(s: Session): Promise<CaseOutput> {
  const dir = workDir(`push-bodies-${s.bench.dialect}`);
  for (const f of readdirSync(dir)) rmSync(`${dir}/${f}`);
  const receiverUrl = `http://127.0.0.1:${s.receiverPort}`;

  let receiver = start(process.execPath, [`${ROOT}/bench/lib/receiver.mjs`, String(s.receiverPort)], {
    core: LOAD_CORE,
    env: { RECEIVER_SAVE_DIR: dir },
  });
  await waitFor(receiverUrl);
  const ctx = workforceContext(s.bench.services, await systemActor(s.bench.services.db));
  // The statements that read the batches are recorded for the minimal program.
  const statements: Statement[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
    if (/^select/i.test(q.sql) && q.sql.includes('lock_id') && q.sql.includes('page'))
      statements.push({ sql: q.sql, bindings: [...(q.bindings ?? [])] });
  };
  s.bench.services.db.on('query', onQuery);
  pinSelf(SERVER_CORE);
  let pushed;
  try {
    pushed = await timed(() => runOperation(pushToPartners, ctx, { partner: PARTNER_NAME }));
  } finally {
    pinSelf(null);
    s.bench.services.db.off('query', onQuery);
    await stop(receiver);
  }
  const result = pushed.value;
  if (!result.ok) throw new Error(`the push failed: ${JSON.stringify(result.failures.slice(0, 3))}`);
  const records = result.items.reduce((t, i) => t + i.records, 0);
  const bodies = readdirSync(dir).sort();

  // The same bodies again, from curl: one process, one connection, one POST per body.
  receiver = start(process.execPath, [`${ROOT}/bench/lib/receiver.mjs`, String(s.receiverPort)], {
    core: LOAD_CORE,
  });
  await waitFor(receiverUrl);
  const config = `${dir}.curlrc`;
  writeFileSync(
    config,
    bodies
      .map(
        (b, i) =>
          `${i ? 'next\n' : ''}url = "${receiverUrl}/attendance/daily"\nrequest = "POST"\n` +
          `header = "Content-Type: application/json"\nheader = "Authorization: Bearer bench-outbound-token"\n` +
          `data-binary = "@${dir}/${b}"\noutput = "/dev/null"\nsilent\n`,
      )
      .join(''),
  );
  let curlMs: number;
  try {
    curlMs = (await runOk('curl', ['-K', config], { core: SERVER_CORE })).ms;
  } finally {
    await stop(receiver);
  }
  // The minimal program: the same reads, batches, signatures and POSTs, no ledger.
  receiver = start(process.execPath, [`${ROOT}/bench/lib/receiver.mjs`, String(s.receiverPort)], {
    core: LOAD_CORE,
  });
  await waitFor(receiverUrl);
  const specFile = `${dir}.minimal.json`;
  writeFileSync(
    specFile,
    JSON.stringify({
      dialect: s.bench.dialect,
      connection: driverConnection(s.bench),
      url: `${receiverUrl}/attendance/daily`,
      token: 'bench-outbound-token',
      secret: 'bench-signing-secret-0123456789',
      batchSize: s.bench.config.workforce.partnerPushBatchSize,
      queries: statements,
    }),
  );
  let minimal: { ms: number; records: number; batches: number };
  try {
    const out = await runOk(process.execPath, [`${ROOT}/bench/baselines/minimal-push.mjs`, specFile], {
      core: SERVER_CORE,
    });
    minimal = JSON.parse(out.stdout.trim().split('\n').pop()!);
  } finally {
    await stop(receiver);
  }
  if (minimal.records !== records)
    throw new Error(`the minimal push sent ${minimal.records} records, the push ${records}`);
  const oursRate = (records / pushed.ms) * 1000;
  const minimalRate = (records / minimal.ms) * 1000;
  const baseRate = (records / curlMs) * 1000;
  const r = ratio(oursRate, minimalRate);
  return {
    case: 'push',
    title: `nightly push of ${records.toLocaleString('en')} records to a local receiver (${bodies.length} signed batches)`,
    baselineName:
      'same work: `bench/baselines/minimal-push.mjs` (the same batch reads, JSON, HMAC signature, one keep-alive connection, no ledger); ceiling: `curl --data-binary` of the same bodies (one process, keep-alive)',
    rows: [
      {
        case: 'push',
        measure: `records/s (${s.bench.config.workforce.partnerPushBatchSize} per request)`,
        figure: round(oursRate, 0),
        baseline: round(minimalRate, 0),
        unit: 'rec/s',
        ratio: r,
        ceiling: round(baseRate, 0),
        ceilingRatio: ratio(oursRate, baseRate),
        goal: '≥ 0.7× (the ledger stays durable)',
        met: r === null ? null : r >= 0.7,
      },
    ],
    notes: [],
    details: {
      records,
      batches: bodies.length,
      pushMs: round(pushed.ms, 0),
      curlMs: round(curlMs, 0),
      minimalMs: round(minimal.ms, 0),
      items: result.items,
    },
  };
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the receiver did not start at ${url}`);
}
