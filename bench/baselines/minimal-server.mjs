// The "same work, minimal program" baseline: node:http plus the database driver (mysql2 prepared
// statements, or better-sqlite3 with cached statements), no framework. Each route replays exactly
// the SQL the real path ran for the same request (captured with knex's query event, bench/
// baselines/capture.ts), in the same order, and writes the rows the way the route's answer needs
// them: one JSON document, a JSON stream page by page, or CSV lines page by page.
// usage: node minimal-server.mjs PORT SPEC.json
//   SPEC: {dialect, connection, poolMax, routes: {"/path?query": {mode: "json"|"json-stream"|"csv", queries: [{sql, bindings}]}}}
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { MYSQL_OPTIONS } from './driver-options.mjs';

const require = createRequire(import.meta.url);
const [port, specFile] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, 'utf8'));

/** run(queries, onRows) runs the statements one after another on one connection. */
let run;
if (spec.dialect === 'mysql') {
  const mysql = require('mysql2');
  const pool = mysql.createPool({
    ...spec.connection,
    connectionLimit: spec.poolMax,
    ...MYSQL_OPTIONS,
  });
  const promisePool = pool.promise();
  run = async (queries, onRows) => {
    const conn = await promisePool.getConnection();
    try {
      for (const q of queries) {
        // Transaction control and session statements are not preparable everywhere: sent as text.
        const [rows] = q.bindings.length ? await conn.execute(q.sql, q.bindings) : await conn.query(q.sql);
        if (Array.isArray(rows)) onRows(rows);
      }
    } finally {
      conn.release();
    }
  };
} else {
  const Database = require('better-sqlite3');
  const db = new Database(spec.connection.filename);
  db.pragma('busy_timeout = 10000');
  db.pragma('journal_mode = WAL');
  const statements = new Map();
  const prepared = (sql) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  // knex's better-sqlite3 client turns dates into epoch ms and booleans into 0/1 the same way.
  const value = (v) => (v instanceof Date ? v.valueOf() : typeof v === 'boolean' ? Number(v) : v);
  run = async (queries, onRows) => {
    for (const q of queries) {
      const s = prepared(q.sql);
      const args = q.bindings.map(value);
      if (s.reader) onRows(s.all(...args));
      else s.run(...args);
    }
  };
}

const csvCell = (v) => {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const handlers = {
  /** One JSON document from the last statement's rows. */
  async json(route, res) {
    let last = [];
    await run(route.queries, (rows) => (last = rows));
    const text = JSON.stringify(last.length === 1 ? last[0] : { data: last });
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  },
  /** A JSON array written one chunk per page. */
  async 'json-stream'(route, res) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    let first = true;
    res.write('{"records":[');
    await run(route.queries, (rows) => {
      if (!rows.length) return;
      const chunk = JSON.stringify(rows);
      res.write(first ? chunk.slice(1, -1) : ',' + chunk.slice(1, -1));
      first = false;
    });
    res.end(']}');
  },
  /** CSV lines, one chunk per page. */
  async csv(route, res) {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    let header = true;
    await run(route.queries, (rows) => {
      if (!rows.length) return;
      let out = header ? Object.keys(rows[0]).join(',') + '\n' : '';
      header = false;
      for (const row of rows) {
        let line = '';
        for (const k in row) line += (line ? ',' : '') + csvCell(row[k]);
        out += line + '\n';
      }
      res.write(out);
    });
    res.end();
  },
};

createServer((req, res) => {
  req.resume();
  // A route is its full URL (the same path with another cursor runs other statements) or its path.
  const q = req.url.indexOf('?');
  const route = spec.routes[req.url] ?? spec.routes[q === -1 ? req.url : req.url.slice(0, q)];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  handlers[route.mode](route, res).catch((err) => {
    process.stderr.write(`minimal server: ${err.stack}\n`);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
