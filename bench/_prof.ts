import { startDaemon } from './lib/server.js';
import { autocannon } from './lib/load.js';
import { openBenchDb } from './lib/database.js';
import { login } from './lib/session.js';
import { hrEmail } from './lib/dataset.js';
const dir = process.argv[2];
const bench = openBenchDb('mysql', 'mysql://root@127.0.0.1:3306');
const server = await startDaemon(bench.url, { profileDir: dir });
const token = await login(server, hrEmail('ACME'));
for (const [path, h] of [['/api/v1/ping', {}], ['/api/v1/me', { authorization: `Bearer ${token}` }], ['/api/v1/me', { authorization: 'Bearer 99999|nosuchsecretnosuchsecretnosuch' }]] as const) {
  const r = await autocannon(`${server.url}${path}`, { connections: 10, seconds: 5, headers: h as any });
  console.log(path, r.requestsPerSecond, r.non2xx);
}
await server.close();
await bench.close();
