// The physical limit of an HTTP endpoint in Node on this machine: node:http answering with fixed
// bytes, no routing, no database. Plain JavaScript so no loader sits between it and the socket.
import { createServer } from 'node:http';

const { status, headers, body } = JSON.parse(process.env.RAW_RESPONSE);
const bytes = Buffer.from(body);
const head = { ...headers, 'content-length': String(bytes.length) };
createServer((req, res) => {
  req.resume();
  res.writeHead(status, head);
  res.end(bytes);
}).listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
