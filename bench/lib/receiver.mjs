// The partner's receiver for the push benchmark: reads each body and answers 200. With
// RECEIVER_SAVE_DIR set it keeps the bodies in memory and writes them out when stopped (not while
// timed), so the curl baseline can send exactly the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const saveDir = process.env.RECEIVER_SAVE_DIR || '';
const kept = [];
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (saveDir && req.url.endsWith('/attendance/daily')) kept.push(Buffer.concat(chunks));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"received":true}');
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => {
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    kept.forEach((body, i) => writeFileSync(`${saveDir}/${String(i + 1).padStart(6, '0')}.json`, body));
  }
  process.exit(0);
});
