// The Galera cluster (`--cases cluster`): the three-node MariaDB Galera cluster of
// scripts/cluster/cluster.sh (single writer behind HAProxy) against one MariaDB, in one run.
//
// 1. Punches per second, closed loop (bench/lib/punch-client.mjs, 32 connections, every employee one
//    check-in): two `wfctl serve` daemons from dist/ behind the cluster's HAProxy workforce front,
//    writing through its single-writer port, against one daemon on the single MariaDB
//    (--mysql-server); the same world (the generator's structure and the rush's set-based tokens),
//    the same client, the same daemon environment, in ABBA order (cluster, single, single, cluster).
// 2. Failover: during the same closed loop through HAProxy, `cluster.sh kill-node N` of the writer
//    (`cluster.sh writer`) once a third of the punches are answered; measured: the first answer to
//    an attempt sent after the kill, the longest gap between answers, the 5xx and connection errors
//    the clients saw and retried (same Idempotency-Key), the count check (stored == answered); then
//    the rejoin (`cluster.sh start-node N`) during a second closed-loop run: until wsrep_cluster_size
//    is 3 again, the longest gap between answers meanwhile, and SST or IST (the node's error log).
//
// It needs the cluster at --cluster-offset (WFCTL_CLUSTER_OFFSET) up, whole and without its own
// daemons (WFCTL_CLUSTER_DAEMONS=0): otherwise it says why and skips. It kills nodes of that cluster.
import { execFile } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import type { BenchOptions } from '../lib/args.js';
import { BENCH_DATABASE, benchEnv, resetBenchDb, type BenchDb } from '../lib/database.js';
import { ORGS } from '../lib/dataset.js';
import { importDocument, writeDocuments } from '../generate.js';
import { ROOT, workDir } from '../lib/paths.js';
import { LOAD_CORE, loadAverage, SERVER_CORE, start, stop, type Started } from '../lib/proc.js';
import { median, ratio, round, type CaseOutput, type Row } from '../lib/results.js';
import { freePort } from '../lib/server.js';
import { createRushTokens, localInstant, type Person } from './rush.js';

const exec = promisify(execFile);
const SCRIPT = `${ROOT}/scripts/cluster/cluster.sh`;
const CONNECTIONS = 32;
/** A client gives up on a punch this long after its run started (it never had to). */
const DEADLINE_MS = 180_000;
const DATABASE = `${BENCH_DATABASE}_galera`;
/** Days back: the warm-up's punches (the measured runs use the days just before today). */
const WARMUP_DAY = 20;

interface ClusterPorts {
  writer: number;
  front: number;
  daemons: [number, number];
}

const portsOf = (offset: number): ClusterPorts => ({
  writer: 4300 + offset,
  front: 8180 + offset,
  daemons: [8280 + offset, 8380 + offset],
});

interface Summary {
  sent: number;
  statuses: Record<string, number>;
  retriedStatuses: Record<string, number>;
  connectionErrors: number;
  timeouts: number;
  unanswered: number;
  started: number;
  ended: number;
  latencies: { p50: number; p99: number; max: number } | null;
  /** [first send, send of the answered attempt, answer, attempts, status] */
  answers: Array<[number, number, number, number, number]>;
}

interface PunchRun {
  target: 'cluster' | 'single';
  day: string;
  load: number[];
  punchesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  answered: number;
  replays: number;
  retried: number;
  retriedDetail: string;
  count: Count;
}

interface Count {
  stored: number;
  doubled: number;
  missing: number;
}

interface Failover {
  writer: string;
  load: number[];
  killScriptMs: number;
  /** From the kill to the first answer of an attempt sent after it. */
  firstAnswerMs: number | null;
  /** The longest time without any answer, over the whole run. */
  longestGapMs: number;
  retried5xx: Record<string, number>;
  connectionErrors: number;
  timeouts: number;
  unanswered: number;
  answered: number;
  replays: number;
  count: Count;
  newWriter: string;
  /** `cluster.sh start-node N` until it returned (Synced), and until the cluster size read 3. */
  startNodeMs: number;
  rejoinMs: number;
  /** How the node caught up, from its error log: a full copy (SST) or the missed write sets (IST). */
  transfer: 'SST' | 'IST' | '?';
  punchesPerSecond: number;
  /** The closed loop that ran while the node rejoined. */
  rejoinRun: {
    punchesPerSecond: number;
    longestGapMs: number;
    rejoinEndedInRun: boolean;
    retried: string;
    answered: number;
    unanswered: number;
    count: Count;
  };
}

function cluster(offset: number, ...args: string[]) {
  return exec('bash', [SCRIPT, ...args], {
    env: { ...process.env, WFCTL_CLUSTER_OFFSET: String(offset), WFCTL_CLUSTER_DAEMONS: '0' },
  });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function clusterSize(db: Knex): Promise<number> {
  const [rows] = await db.raw("show global status like 'wsrep_cluster_size'");
  return Number(rows[0]?.Value ?? 0);
}

async function until(what: string, ms: number, ok: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if (await ok()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`cluster: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Why the case cannot run at this offset, or null. */
async function whyNot(offset: number, ports: ClusterPorts): Promise<string | null> {
  const how = `start it with \`WFCTL_CLUSTER_OFFSET=${offset} WFCTL_CLUSTER_DAEMONS=0 bash scripts/cluster/cluster.sh up\``;
  try {
    const { stdout } = await cluster(offset, 'writer');
    if (!/^n[123]$/.test(stdout.trim())) return `\`cluster.sh writer\` answered ${stdout.trim()}`;
  } catch {
    return `no Galera cluster answers on 127.0.0.1:${ports.writer} (offset ${offset}): ${how}`;
  }
  const { stdout } = await cluster(offset, 'status');
  const sizes = [...stdout.matchAll(/cluster size (\d+)/g)].map((m) => Number(m[1]));
  if (sizes.length !== 3 || sizes.some((s) => s !== 3)) return `the cluster is not whole:\n${stdout}`;
  for (const port of ports.daemons) {
    if (!(await portFree(port))) {
      return `port ${port} is taken (the script's own daemons?): bring the cluster up with WFCTL_CLUSTER_DAEMONS=0, or \`cluster.sh stop-daemon 1\` and 2`;
    }
  }
  return null;
}

/** `wfctl serve --only workforce` from dist/ (bin/wfctl), as an operator runs it, on the server core. */
async function startDist(url: string, port: number, extra: Record<string, string> = {}): Promise<Started> {
  const started = start(process.execPath, [`${ROOT}/bin/wfctl`, 'serve', '--only', 'workforce'], {
    core: SERVER_CORE,
    cwd: ROOT,
    // The JSON log (a line per request) is kept, to find what a 5xx was: var/bench/cluster-daemon-PORT.log.
    stdio: [
      'ignore',
      openSync(`${workDir()}/cluster-daemon-${port}.log`, 'w'),
      openSync(`${workDir()}/cluster-daemon.log`, 'a'),
    ],
    env: benchEnv(url, { WORKFORCE_PORT: String(port), HOST: '127.0.0.1', ...extra }),
  });
  await until(`the daemon on ${port} to be ready`, 120_000, async () => {
    if (started.child.exitCode !== null) throw new Error(`the daemon on ${port} exited`);
    return (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200;
  });
  return started;
}

/** A world of its own on one server: the generator's structure, and a web token per employee. */
async function world(bench: BenchDb, opts: BenchOptions, log: (l: string) => void): Promise<Person[]> {
  const docs = writeDocuments(opts);
  const imported = await importDocument(bench, docs.structureFile);
  const { db } = bench.services;
  await db('organizations')
    .whereIn(
      'code',
      ORGS.map((o) => o.code),
    )
    .update({ require_device_for_punches: false });
  const people = await createRushTokens(db, new Date());
  log(
    `cluster: ${bench.url}: structure imported in ${round(imported.ms / 1000, 1)} s, ${people.length} tokens`,
  );
  return people.sort((a, b) => a.employeeId - b.employeeId);
}

/** Runs the client; `onAcked` sees the running count of answers. */
async function punch(
  url: string,
  people: Person[],
  day: string,
  onAcked?: (acked: number) => void,
): Promise<Summary> {
  const planFile = `${workDir()}/cluster-plan.json`;
  writeFileSync(
    planFile,
    JSON.stringify({
      url: `${url}/api/v1/attendance/punches`,
      connections: CONNECTIONS,
      deadlineMs: DEADLINE_MS,
      punches: people.map((p) => ({
        token: p.token,
        at: localInstant(day, p.timezone, 9 * 60),
        key: `bench-cluster-${day}-${p.employeeId}`,
      })),
    }),
  );
  const client = start(process.execPath, [`${ROOT}/bench/lib/punch-client.mjs`, planFile], {
    core: LOAD_CORE,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let summary: Summary | null = null;
  for await (const line of createInterface({ input: client.child.stdout! })) {
    const msg = JSON.parse(line) as { acked?: number; summary?: Summary };
    if (msg.acked !== undefined) onAcked?.(msg.acked);
    if (msg.summary) summary = msg.summary;
  }
  await stop(client);
  if (!summary) throw new Error('cluster: the punch client printed no summary');
  return summary;
}

async function countPunches(db: Knex, people: Person[], day: string): Promise<Count> {
  const rows = (await db('attendance_punches')
    .whereIn(
      'employee_id',
      people.map((p) => p.employeeId),
    )
    .where({ kind: 'check_in', date: day })
    .groupBy('employee_id')
    .select('employee_id')
    .count({ n: '*' })) as Array<{ n: number | string }>;
  let stored = 0;
  let doubled = 0;
  for (const r of rows) {
    stored += Number(r.n);
    if (Number(r.n) > 1) doubled += 1;
  }
  return { stored, doubled, missing: people.length - rows.length };
}

const retriedDetail = (s: Summary) =>
  `(5xx ${JSON.stringify(s.retriedStatuses)}, connection errors ${s.connectionErrors}, timeouts ${s.timeouts})`;
const answeredOf = (s: Summary) => s.answers.filter((a) => a[4] < 300).length;
const replaysOf = (s: Summary) => s.statuses['200'] ?? 0;
/** Stored ≠ answered (lost, or stored without an answer) plus employees stored twice. */
const wrong = (count: Count, answered: number) => Math.abs(count.stored - answered) + count.doubled;

function dayBefore(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export async function clusterCase(
  opts: BenchOptions,
  log: (line: string) => void,
): Promise<CaseOutput | null> {
  const offset = opts.clusterOffset;
  const ports = portsOf(offset);
  const why = await whyNot(offset, ports);
  if (why) {
    log(`cluster: SKIPPED: ${why}`);
    return null;
  }
  for (const d of [2 + 2 * opts.failovers, WARMUP_DAY]) {
    if (dayBefore(d).slice(0, 7) <= opts.month)
      throw new Error(`cluster: the day ${dayBefore(d)} must come after --month`);
  }
  log(
    `cluster: offset ${offset}: HAProxy writer 127.0.0.1:${ports.writer}, workforce front 127.0.0.1:${ports.front}`,
  );
  const onCluster = await resetBenchDb('mysql', `mysql://wfctl@127.0.0.1:${ports.writer}`, DATABASE);
  const onSingle = await resetBenchDb('mysql', opts.mysqlServer, DATABASE);
  const daemons: Started[] = [];
  const failovers: Failover[] = [];
  try {
    const version = async (b: BenchDb) => String((await b.services.db.raw('select version() as v'))[0][0].v);
    const versions = { cluster: await version(onCluster), single: await version(onSingle) };
    const people = { cluster: await world(onCluster, opts, log), single: await world(onSingle, opts, log) };

    // Two daemons behind HAProxy, one on the single server: all from dist/, on the server core.
    const clusterUrl = onCluster.url;
    for (const port of ports.daemons)
      daemons.push(await startDist(clusterUrl, port, { TRUST_PROXY_HOPS: '1' }));
    const singlePort = await freePort();
    daemons.push(await startDist(onSingle.url, singlePort));
    const front = `http://127.0.0.1:${ports.front}`;
    const frontReady = async () => {
      // Both daemons in HAProxy's rotation: ten /ready in a row answered 200 by the round robin.
      let ok = 0;
      await until('both daemons in the front rotation', 60_000, async () => {
        ok = (await fetch(`${front}/ready`)).status === 200 ? ok + 1 : 0;
        return ok >= 10;
      });
    };
    await frontReady();
    const targets = { cluster: front, single: `http://127.0.0.1:${singlePort}` };
    const dbs = { cluster: onCluster.services.db, single: onSingle.services.db };

    // A warm-up per target (JIT, pools, HAProxy's connections): a tenth of the employees, on a day
    // of its own, not measured.
    for (const target of ['cluster', 'single'] as const) {
      const few = people[target].slice(0, Math.max(20, Math.ceil(people[target].length / 10)));
      await punch(targets[target], few, dayBefore(WARMUP_DAY));
    }

    // 1. Throughput, ABBA.
    const runs: PunchRun[] = [];
    const order: Array<['cluster' | 'single', number]> = [
      ['cluster', 1],
      ['single', 1],
      ['single', 2],
      ['cluster', 2],
    ];
    for (const [target, back] of order) {
      const day = dayBefore(back);
      const load = loadAverage();
      const s = await punch(targets[target], people[target], day);
      const answered = answeredOf(s);
      const run: PunchRun = {
        target,
        day,
        load,
        punchesPerSecond: (answered * 1000) / (s.ended - s.started),
        p50: s.latencies?.p50 ?? NaN,
        p99: s.latencies?.p99 ?? NaN,
        max: s.latencies?.max ?? NaN,
        answered,
        replays: replaysOf(s),
        retried:
          Object.values(s.retriedStatuses).reduce((a, b) => a + b, 0) + s.connectionErrors + s.timeouts,
        retriedDetail: retriedDetail(s),
        count: await countPunches(dbs[target], people[target], day),
      };
      runs.push(run);
      log(
        `cluster: ${target} ${day}: ${round(run.punchesPerSecond, 1)} punches/s, p50 ${round(run.p50, 1)} ms, p99 ${round(run.p99, 1)} ms; ` +
          `${answered} answered 2xx (${run.replays} replays), ${run.retried} retried ${run.retriedDetail}; stored ${run.count.stored}, doubled ${run.count.doubled} (load ${load.join(' ')})`,
      );
    }

    // 2. Failovers of the writer node, through HAProxy; then its rejoin, under the same load.
    for (let i = 0; i < opts.failovers; i++) {
      const day = dayBefore(3 + 2 * i);
      const rejoinDay = dayBefore(4 + 2 * i);
      await until('the cluster to be three', 180_000, async () => (await clusterSize(dbs.cluster)) === 3);
      await frontReady();
      const writer = (await cluster(offset, 'writer')).stdout.trim();
      const n = writer.slice(1);
      const load = loadAverage();
      const errorLog = `${process.env.WFCTL_CLUSTER_DIR ?? `/tmp/wfctl-cluster${offset ? `-${offset}` : ''}`}/${writer}/error.log`;
      let killedAt = 0;
      let killScriptMs = 0;
      let killing: Promise<void> | null = null;
      let rejoining: Promise<void> | null = null;
      let restarted = false;
      try {
        const third = Math.ceil(people.cluster.length / 3);
        const s = await punch(targets.cluster, people.cluster, day, (acked) => {
          if (acked >= third && !killing) {
            killedAt = now();
            killing = cluster(offset, 'kill-node', n).then(() => {
              killScriptMs = now() - killedAt;
            });
          }
        });
        if (!killing) throw new Error('cluster: the run ended before the kill');
        await killing;
        const after = s.answers.filter((a) => a[1] >= killedAt).map((a) => a[2] - killedAt);
        const answered = answeredOf(s);
        const count = await countPunches(dbs.cluster, people.cluster, day);
        const newWriter = (await cluster(offset, 'writer')).stdout.trim();

        // The rejoin, during a second closed-loop run: does bringing the node back stall writes?
        const transfersBefore = transfers(errorLog);
        let rejoinAt = 0;
        let syncedAt = 0;
        let threeAt = 0;
        const tenth = Math.ceil(people.cluster.length / 10);
        const r = await punch(targets.cluster, people.cluster, rejoinDay, (acked) => {
          if (acked >= tenth && !rejoining) {
            rejoinAt = now();
            rejoining = cluster(offset, 'start-node', n).then(async () => {
              restarted = true;
              syncedAt = now();
              await until(
                'the cluster to be three again',
                180_000,
                async () => (await clusterSize(dbs.cluster)) === 3,
              );
              threeAt = now();
            });
          }
        });
        if (!rejoining) throw new Error('cluster: the rejoin run ended before the node was started');
        await rejoining;
        const transfersAfter = transfers(errorLog);
        const rejoinAnswered = answeredOf(r);
        const rejoinCount = await countPunches(dbs.cluster, people.cluster, rejoinDay);
        const f: Failover = {
          writer,
          load,
          killScriptMs,
          firstAnswerMs: after.length ? Math.min(...after) : null,
          longestGapMs: longestGap(s),
          retried5xx: s.retriedStatuses,
          connectionErrors: s.connectionErrors,
          timeouts: s.timeouts,
          unanswered: s.unanswered,
          answered,
          replays: replaysOf(s),
          count,
          newWriter,
          startNodeMs: syncedAt - rejoinAt,
          rejoinMs: threeAt - rejoinAt,
          transfer:
            transfersBefore && transfersAfter
              ? transfersAfter.sst > transfersBefore.sst
                ? 'SST'
                : transfersAfter.ist > transfersBefore.ist
                  ? 'IST'
                  : '?'
              : '?',
          punchesPerSecond: (answered * 1000) / (s.ended - s.started),
          rejoinRun: {
            punchesPerSecond: (rejoinAnswered * 1000) / (r.ended - r.started),
            longestGapMs: longestGap(r),
            rejoinEndedInRun: threeAt <= r.ended,
            retried: retriedDetail(r),
            answered: rejoinAnswered,
            unanswered: r.unanswered,
            count: rejoinCount,
          },
        };
        failovers.push(f);
        log(
          `cluster: failover ${i + 1}: ${writer} killed → ${newWriter}; first answer after ${round(f.firstAnswerMs ?? NaN, 0)} ms, ` +
            `longest gap ${round(f.longestGapMs, 0)} ms; retried ${retriedDetail(s)}, unanswered ${s.unanswered}; ` +
            `${answered} answered (${f.replays} replays), stored ${count.stored}, doubled ${count.doubled} (load ${load.join(' ')})`,
        );
        log(
          `cluster: rejoin ${i + 1}: ${writer} by ${f.transfer}: Synced after ${round(f.startNodeMs, 0)} ms, size 3 after ${round(f.rejoinMs, 0)} ms; ` +
            `meanwhile ${round(f.rejoinRun.punchesPerSecond, 1)} punches/s, longest gap ${round(f.rejoinRun.longestGapMs, 0)} ms` +
            `${f.rejoinRun.rejoinEndedInRun ? '' : ' (the run ended before the rejoin did)'}, retried ${f.rejoinRun.retried}; ` +
            `${rejoinAnswered} answered, stored ${rejoinCount.stored}, doubled ${rejoinCount.doubled}`,
        );
      } finally {
        if (rejoining) await (rejoining as Promise<void>).catch(() => undefined);
        if (!restarted && killing) await cluster(offset, 'start-node', n).catch(() => undefined);
      }
    }
    return output(opts, versions, runs, failovers);
  } finally {
    for (const d of daemons) await stop(d);
    await onCluster.close();
    await onSingle.close();
  }
}

/** State transfers a node's error log shows so far: full (SST) and incremental (IST). */
function transfers(file: string): { sst: number; ist: number } | null {
  try {
    const text = readFileSync(file, 'utf8');
    return {
      sst: (text.match(/WSREP: SST received/g) ?? []).length,
      ist: (text.match(/Receiving IST\.\.\. +0\.0%/g) ?? []).length,
    };
  } catch {
    return null;
  }
}

function longestGap(s: Summary): number {
  const times = s.answers.map((a) => a[2]).sort((a, b) => a - b);
  let gap = 0;
  for (let j = 1; j < times.length; j++) gap = Math.max(gap, times[j] - times[j - 1]);
  return gap;
}

const now = () => performance.timeOrigin + performance.now();

function output(
  opts: BenchOptions,
  versions: { cluster: string; single: string },
  runs: PunchRun[],
  failovers: Failover[],
): CaseOutput {
  const of = (t: 'cluster' | 'single') => runs.filter((r) => r.target === t);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const each = (t: 'cluster' | 'single', f: (r: PunchRun) => number, digits = 1) =>
    of(t)
      .map((r) => round(f(r), digits))
      .join(', ');
  const fig = (t: 'cluster' | 'single', f: (r: PunchRun) => number) => mean(of(t).map(f));
  const row = (measure: string, unit: string, f: (r: PunchRun) => number, digits = 1): Row => {
    const c = fig('cluster', f);
    const s = fig('single', f);
    return {
      case: 'cluster',
      measure: `${measure} (each run: cluster ${each('cluster', f)}; single ${each('single', f)})`,
      figure: round(c, digits),
      baseline: round(s, digits),
      unit,
      ratio: ratio(c, s),
      ratioNote: 'cluster ÷ single',
      goal: '—',
      met: null,
    };
  };
  const stats = (xs: number[]) =>
    xs.length
      ? `min ${round(Math.min(...xs), 0)}, median ${round(median(xs), 0)}, max ${round(Math.max(...xs), 0)}`
      : 'none';
  const firsts = failovers.map((f) => f.firstAnswerMs).filter((x): x is number => x !== null);
  const gaps = failovers.map((f) => f.longestGapMs);
  const rejoins = failovers.map((f) => f.rejoinMs);
  const errors = failovers.map(
    (f) => Object.values(f.retried5xx).reduce((a, b) => a + b, 0) + f.connectionErrors + f.timeouts,
  );
  const wrongs = failovers.map(
    (f) =>
      wrong(f.count, f.answered) +
      f.unanswered +
      wrong(f.rejoinRun.count, f.rejoinRun.answered) +
      f.rejoinRun.unanswered,
  );
  const rejoinGaps = failovers.map((f) => f.rejoinRun.longestGapMs);
  const throughputWrong = runs.map((r) => wrong(r.count, r.answered));
  const rows: Row[] = [
    row(
      `punches/s, closed loop, ${CONNECTIONS} connections, every employee one check-in`,
      'punches/s',
      (r) => r.punchesPerSecond,
    ),
    row('punch latency p50 (first send → answer)', 'ms', (r) => r.p50, 2),
    row('punch latency p99', 'ms', (r) => r.p99, 1),
    {
      case: 'cluster',
      measure: `count check of the four runs: answered ${runs.map((r) => r.answered).join('/')}, stored ${runs.map((r) => r.count.stored).join('/')}, doubled ${runs.map((r) => r.count.doubled).join('/')}`,
      figure: throughputWrong.reduce((a, b) => a + b, 0),
      baseline: null,
      unit: 'wrong',
      ratio: null,
      goal: 'every punch exactly once',
      met: throughputWrong.every((w) => w === 0),
    },
  ];
  if (failovers.length) {
    rows.push(
      {
        case: 'cluster',
        measure: `writer killed (kill -9) mid run → first answer to an attempt sent after the kill, median of ${failovers.length} (${stats(firsts)} ms)`,
        figure: firsts.length ? round(median(firsts), 0) : null,
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'cluster',
        measure: `longest gap between answers, median (${stats(gaps)} ms)`,
        figure: round(median(gaps), 0),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'cluster',
        measure: `5xx, connection errors and timeouts the clients saw and retried, per failover: ${failovers.map((f) => `${JSON.stringify(f.retried5xx)} + ${f.connectionErrors} + ${f.timeouts}`).join('; ')}`,
        figure: round(median(errors), 0),
        baseline: null,
        unit: 'retried (median)',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'cluster',
        measure: `count check per failover run: answered ${failovers.map((f) => f.answered).join('/')} (replays ${failovers.map((f) => f.replays).join('/')}), stored ${failovers.map((f) => f.count.stored).join('/')}, doubled ${failovers.map((f) => f.count.doubled).join('/')}, unanswered ${failovers.map((f) => f.unanswered).join('/')}; rejoin runs: answered ${failovers.map((f) => f.rejoinRun.answered).join('/')}, stored ${failovers.map((f) => f.rejoinRun.count.stored).join('/')}, doubled ${failovers.map((f) => f.rejoinRun.count.doubled).join('/')}`,
        figure: wrongs.reduce((a, b) => a + b, 0),
        baseline: null,
        unit: 'wrong',
        ratio: null,
        goal: 'none lost, none doubled',
        met: wrongs.every((w) => w === 0),
      },
      {
        case: 'cluster',
        measure: `rejoin: \`start-node\` until the cluster size is 3, median (${stats(rejoins)} ms; state transfer ${failovers.map((f) => f.transfer).join('/')})`,
        figure: round(median(rejoins), 0),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: null,
      },
      {
        case: 'cluster',
        measure: `longest gap between answers while the node rejoined (same closed loop), median (${stats(rejoinGaps)} ms; retried ${failovers.map((f) => f.rejoinRun.retried).join('; ')})`,
        figure: round(median(rejoinGaps), 0),
        baseline: null,
        unit: 'ms',
        ratio: null,
        goal: '—',
        met: null,
      },
    );
  }
  return {
    case: 'cluster',
    title: `Galera cluster (3 nodes, HAProxy single writer, 2 daemons) vs one MariaDB (1 daemon): ${runs[0] ? of('cluster')[0]?.answered : 0} check-ins per run`,
    baselineName: `the same punches, client and daemon environment on one MariaDB (${versions.single}, --mysql-server), one daemon, no HAProxy; the cluster is ${versions.cluster}`,
    rows,
    notes: [
      `runs in ABBA order (cluster, single, single, cluster), load before each: ${runs.map((r) => `${r.target} ${r.load.join('/')}`).join('; ')}`,
      ...failovers.map(
        (f, i) =>
          `failover ${i + 1}: ${f.writer} → ${f.newWriter}, first answer ${f.firstAnswerMs === null ? '—' : round(f.firstAnswerMs, 0)} ms, longest gap ${round(f.longestGapMs, 0)} ms, ` +
          `rejoin by ${f.transfer} ${round(f.rejoinMs, 0)} ms (start-node returned Synced after ${round(f.startNodeMs, 0)} ms; ${round(f.rejoinRun.punchesPerSecond, 1)} punches/s meanwhile${f.rejoinRun.rejoinEndedInRun ? '' : ', the run ended first'}), ${round(f.punchesPerSecond, 1)} punches/s over the failover run, load ${f.load.join('/')}`,
      ),
    ],
    details: { runs, failovers, versions, connections: CONNECTIONS, offset: opts.clusterOffset },
  };
}
