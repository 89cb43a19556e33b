// The morning rush's punch client (load core): sends one check-in per employee at the planned
// instant (open loop: a slow answer does not delay the next punch), each with the employee's own
// token, over keep-alive connections like phones behind a few gateways.
// Latency is measured from the punch's planned instant, not from when the client got round to
// sending it: a phone does not wait for our event loop, so time a punch spent queued here (behind a
// busy loop or the 64 sockets) is time its user waited (no coordinated omission). The latency from
// the actual send is reported beside it (`sendLatencies`) to show how much of it was queueing.
// usage: node rush-client.mjs PLAN.json
//   → prints {sent, statuses, errors, latencies: {p50, p99, max}, sendLatencies: {…}, worstLateMs, elapsedMs,
//             startedEpoch, records?}
//   PLAN: {url, punches: [{offsetMs, token, at}], sockets?: 64, records?: false}
//   With `records`, every answered punch as [offsetMs, lateMs, latencyMs, status, i] (latency from the
//   planned instant; lateMs: how late the client sent it; i: the punch's `i` in the plan), and a
//   first line {"startedEpoch"} when the schedule starts. SIGUSR2 stops the schedule: punches not
//   yet sent are dropped (counted in `sent` only if they were sent), those in flight are awaited.
//   startedEpoch: the schedule's zero as epoch milliseconds (performance.timeOrigin-based), so the
//   harness can set the answers against what it did meanwhile.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new Agent({ keepAlive: true, maxSockets: plan.sockets ?? 64 });
const target = new URL(plan.url);

const statuses = {};
const latencies = [];
const sendLatencies = [];
const records = [];
let errors = 0;
let worstLateMs = 0;
let stopped = false;
let sent = 0;
process.on('SIGUSR2', () => (stopped = true));

const punch = (p, planned, late) =>
  new Promise((resolve) => {
    const body = JSON.stringify({ kind: 'check_in', at: p.at });
    const began = performance.now();
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${p.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const done = performance.now();
          latencies.push(done - planned);
          sendLatencies.push(done - began);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (plan.records) records.push([p.offsetMs, late, done - planned, res.statusCode, p.i ?? -1]);
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors += 1;
      resolve();
    });
    req.end(body);
  });

const start = performance.now();
if (plan.records)
  process.stdout.write(JSON.stringify({ startedEpoch: performance.timeOrigin + start }) + '\n');
const inFlight = [];
for (const p of plan.punches) {
  const wait = p.offsetMs - (performance.now() - start);
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  if (stopped) break;
  const late = performance.now() - start - p.offsetMs;
  worstLateMs = Math.max(worstLateMs, late);
  sent += 1;
  inFlight.push(punch(p, start + p.offsetMs, late));
}
await Promise.all(inFlight);
const elapsedMs = performance.now() - start;
const summary = (xs) => {
  xs.sort((a, b) => a - b);
  const at = (q) => xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))];
  return { p50: at(0.5), p99: at(0.99), max: xs[xs.length - 1] };
};
process.stdout.write(
  JSON.stringify({
    sent,
    statuses,
    errors,
    latencies: summary(latencies),
    sendLatencies: summary(sendLatencies),
    worstLateMs,
    elapsedMs,
    startedEpoch: performance.timeOrigin + start,
    ...(plan.records ? { records } : {}),
  }) + '\n',
);
agent.destroy();
