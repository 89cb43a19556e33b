// Closed-loop punch client (load core) of the cluster and punch cases: CONNECTIONS lanes over as many keep-alive
// sockets, each sending the next employee's check-in as soon as its previous one was answered. A
// client that gets a 5xx, a connection error or no answer within 30 s sends the same request again
// with the same Idempotency-Key after 50–100 ms, as a mobile app does, until it gets an answer below
// 500 (or DEADLINE_MS has passed since the start).
// usage: node punch-client.mjs PLAN.json
//   PLAN: {url, connections, deadlineMs, punches: [{token, at, key?}]}
//   → stdout: a line {"acked": N} every 25 answers, then the summary line {"summary": {…}}
//   Instants are epoch milliseconds (performance.timeOrigin + performance.now()), so that the
//   harness can set them against the moment it killed a node.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
const target = new URL(plan.url);
const now = () => performance.timeOrigin + performance.now();
const started = now();

const statuses = {}; // final answers
const retriedStatuses = {}; // 5xx answers that were retried ("503" from a daemon, "503 (proxy)" from HAProxy)
let connectionErrors = 0;
let timeouts = 0;
let unanswered = 0;
/** [first send, send of the answered attempt, answer, attempts, status] per punch */
const answers = [];

const attempt = (p) =>
  new Promise((resolve) => {
    const body = JSON.stringify({ kind: 'check_in', at: p.at });
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${p.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // The capacity case (bench/cases/punch.ts) sends none, as the rush does.
          ...(p.key ? { 'idempotency-key': p.key } : {}),
        },
      },
      (res) => {
        res.resume();
        // A 5xx of HAProxy itself (no daemon in the rotation) is not JSON; the daemons' are.
        const json = /json/.test(String(res.headers['content-type'] ?? ''));
        res.on('end', () => resolve({ status: res.statusCode, from: json ? '' : ' (proxy)' }));
        res.on('error', () => resolve({ error: 'connection' }));
      },
    );
    req.setTimeout(30_000, () => {
      req.destroy(new Error('timeout'));
    });
    req.on('error', (err) => resolve({ error: err.message === 'timeout' ? 'timeout' : 'connection' }));
    req.end(body);
  });

let acked = 0;
const queue = [...plan.punches];
const lane = async () => {
  for (let p = queue.shift(); p; p = queue.shift()) {
    const first = now();
    let tries = 0;
    for (;;) {
      tries += 1;
      const sent = now();
      const r = await attempt(p);
      if (r.status !== undefined && r.status < 500) {
        const at = now();
        answers.push([first, sent, at, tries, r.status]);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        acked += 1;
        if (acked % 25 === 0) process.stdout.write(JSON.stringify({ acked }) + '\n');
        break;
      }
      if (r.status !== undefined) {
        const what = `${r.status}${r.from}`;
        retriedStatuses[what] = (retriedStatuses[what] ?? 0) + 1;
      } else if (r.error === 'timeout') timeouts += 1;
      else connectionErrors += 1;
      if (now() - started > plan.deadlineMs) {
        unanswered += 1;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 50));
    }
  }
};
await Promise.all(Array.from({ length: plan.connections }, lane));
const ended = now();
const latencies = answers.map((a) => a[2] - a[0]).sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))];
process.stdout.write(
  JSON.stringify({
    summary: {
      sent: plan.punches.length,
      statuses,
      retriedStatuses,
      connectionErrors,
      timeouts,
      unanswered,
      started,
      ended,
      latencies: latencies.length
        ? { p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] }
        : null,
      answers,
    },
  }) + '\n',
);
agent.destroy();
