// Sequential latency client for the load core: N GET requests one after another on one keep-alive
// connection, timed with sub-millisecond precision (autocannon reports whole milliseconds).
// usage: node latency.mjs URL COUNT [HEADER=VALUE…]; prints {p50, p99, avg, count, non2xx} in ms.
import { Agent, request } from 'node:http';

const [url, count, ...headerArgs] = process.argv.slice(2);
const headers = Object.fromEntries(
  headerArgs.map((h) => [h.slice(0, h.indexOf('=')), h.slice(h.indexOf('=') + 1)]),
);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

const once = () =>
  new Promise((resolve, reject) => {
    const began = process.hrtime.bigint();
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        resolve({ ms: Number(process.hrtime.bigint() - began) / 1e6, status: res.statusCode }),
      );
    });
    req.on('error', reject);
    req.end();
  });

const times = [];
let non2xx = 0;
const warmup = Math.min(20, Math.ceil(Number(count) / 10));
for (let i = 0; i < warmup; i++) await once();
for (let i = 0; i < Number(count); i++) {
  const r = await once();
  if (r.status < 200 || r.status >= 300) non2xx += 1;
  times.push(r.ms);
}
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
process.stdout.write(
  JSON.stringify({
    p50: at(50),
    p99: at(99),
    avg: times.reduce((a, b) => a + b, 0) / times.length,
    count: times.length,
    non2xx,
  }) + '\n',
);
agent.destroy();
