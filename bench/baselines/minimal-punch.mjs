// The "same work, minimal program" baseline of a check-in (`--cases punch`): node:http plus mysql2
// prepared statements, no framework. It replays the statements one real check-in ran (captured with
// knex's query event, bench/cases/punch.ts), in the same order and the same transactions (the
// rate-limit hit's, then the punch's at the same isolation, each BEGIN … COMMIT on one connection),
// with each binding that belonged to the captured employee replaced by the caller's: the token's
// user and employee, the unit, the instant, its local day. It checks the bearer token as wfctl does
// (the token row by id, its SHA-256 hash compared in constant time) and answers 201 with a body of
// the captured answer's size. Nothing is derived: the day's values are those of the captured punch.
// usage: node minimal-punch.mjs PORT SPEC.json
//   SPEC: {connection, poolMax, statements: [{sql, bindings: [{c}|{r}|{t}]}], people: {tokenId: roles},
//          answer: "…"}   ({c: constant} | {r: role} | {t: "text with {role}"})
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { MYSQL_OPTIONS } from './driver-options.mjs';

const require = createRequire(import.meta.url);
const [port, specFile] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const mysql = require('mysql2');
const pool = mysql
  .createPool({ ...spec.connection, connectionLimit: spec.poolMax, ...MYSQL_OPTIONS })
  .promise();
const CONTROL = /^(BEGIN|COMMIT|ROLLBACK|SET TRANSACTION)/i;
const answer = Buffer.from(spec.answer);
const days = new Map(); // time zone → Intl formatter of the local date

/** The roles an instant gives: what wfctl derives from `at` for the captured statements. */
function instantRoles(at, timeZone) {
  const d = new Date(at);
  const iso = d.toISOString();
  let f = days.get(timeZone);
  if (!f) days.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone })));
  return {
    punchedAt: iso.replace('T', ' ').replace('Z', ''),
    checkIn: `${iso.slice(11, 19)}Z`,
    date: f.format(d),
  };
}

function bind(b, roles) {
  if ('c' in b) return b.c;
  if ('r' in b) return roles[b.r];
  return b.t.replace(/\{(\w+)\}/g, (_, r) => String(roles[r]));
}

async function checkIn(tokenId, secret, at) {
  const person = spec.people[tokenId];
  if (!person) return 401;
  const roles = { ...person, ...instantRoles(at, person.timeZone) };
  const conn = await pool.getConnection();
  try {
    for (let i = 0; i < spec.statements.length; i++) {
      const q = spec.statements[i];
      if (CONTROL.test(q.sql)) {
        await conn.query(q.sql);
        continue;
      }
      const [rows] = await conn.execute(
        q.sql,
        q.bindings.map((b) => bind(b, roles)),
      );
      if (i === 0) {
        // The token check: the row by id, then its hash in constant time.
        const row = rows[0];
        const hash = createHash('sha256').update(secret).digest();
        if (!row || !timingSafeEqual(Buffer.from(String(row.token_hash), 'hex'), hash)) return 401;
      }
    }
    return 201;
  } catch (err) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    conn.release();
  }
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const m = /^Bearer (\d+)\|(.+)$/.exec(String(req.headers.authorization ?? ''));
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = null;
    }
    if (!m || !body || typeof body.at !== 'string') {
      res.writeHead(m ? 422 : 401).end();
      return;
    }
    checkIn(m[1], m[2], body.at).then(
      (status) => {
        if (status !== 201) return void res.writeHead(status).end();
        res.writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': answer.length,
        });
        res.end(answer);
      },
      (err) => {
        process.stderr.write(`minimal punch: ${err.stack}\n`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  });
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
