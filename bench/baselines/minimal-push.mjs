// The "same work, minimal program" baseline of the nightly push: reads the same batches with the
// statements the push ran (captured with knex's query event), serialises each batch of the same size
// to JSON, signs it like src/workforce/partners/signature.ts (HMAC-SHA256 of `<t>.<body>`) and POSTs
// it over one keep-alive connection; the next batch is read while the current one is in flight, as
// the push does. No ledger: that is the difference measured.
// usage: node minimal-push.mjs SPEC.json → prints {ms, records, batches}
//   SPEC: {dialect, connection, url, token, secret, batchSize, queries: [{sql, bindings}]}
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { MYSQL_OPTIONS } from './driver-options.mjs';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));

let read;
let close = async () => {};
if (spec.dialect === 'mysql') {
  const mysql = require('mysql2/promise');
  const conn = await mysql.createConnection({
    ...spec.connection,
    ...MYSQL_OPTIONS,
  });
  read = async (q) => (await conn.execute(q.sql, q.bindings))[0];
  close = () => conn.end();
} else {
  const Database = require('better-sqlite3');
  const db = new Database(spec.connection.filename, { readonly: true });
  read = async (q) => db.prepare(q.sql).all(...q.bindings);
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const post = (body) =>
  new Promise((resolve, reject) => {
    const t = Math.floor(Date.now() / 1000);
    const sig = createHmac('sha256', spec.secret).update(`${t}.`).update(body).digest('hex');
    const req = request(
      spec.url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${spec.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-attendance-signature': `t=${t},v1=${sig}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const batch = async (q) => {
  const rows = (await read(q)).slice(0, spec.batchSize);
  return { count: rows.length, body: JSON.stringify(rows) };
};

const began = performance.now();
let records = 0;
let batches = 0;
let next = spec.queries.length ? batch(spec.queries[0]) : null;
for (let i = 0; next; i++) {
  const { count, body } = await next;
  next = i + 1 < spec.queries.length ? batch(spec.queries[i + 1]) : null;
  if (count === 0) continue;
  await post(body);
  records += count;
  batches += 1;
}
const ms = performance.now() - began;
agent.destroy();
await close();
process.stdout.write(JSON.stringify({ ms, records, batches }) + '\n');
