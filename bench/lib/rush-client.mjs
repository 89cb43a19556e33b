// The morning rush's punch client (load core): sends one check-in per employee at the planned
// instant (open loop: a slow answer does not delay the next punch), each with the employee's own
// token, over keep-alive connections like phones behind a few gateways.
// usage: node rush-client.mjs PLAN.json → prints {sent, statuses, errors, latencies: {p50, p99, max}, lateMs}
//   PLAN: {url, punches: [{offsetMs, token, at}]}
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const target = new URL(plan.url);

const statuses = {};
const latencies = [];
let errors = 0;
let worstLateMs = 0;

const punch = (p) =>
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
          latencies.push(performance.now() - began);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
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
const inFlight = [];
for (const p of plan.punches) {
  const wait = p.offsetMs - (performance.now() - start);
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  worstLateMs = Math.max(worstLateMs, performance.now() - start - p.offsetMs);
  inFlight.push(punch(p));
}
await Promise.all(inFlight);
const elapsedMs = performance.now() - start;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))];
process.stdout.write(
  JSON.stringify({
    sent: plan.punches.length,
    statuses,
    errors,
    latencies: { p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] },
    worstLateMs,
    elapsedMs,
  }) + '\n',
);
agent.destroy();
