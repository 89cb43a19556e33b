// Before/after of a hot-path fix on a shared machine: two daemons on the same (already generated)
// benchmark database, one from this tree and one from another checkout of the repository (e.g.
// `git archive <commit> | tar -x -C /tmp/before`, node_modules linked), measured in alternation,
// in rounds, on /ping, an authenticated GET /me and a 401 for an unknown token.
// usage: npx tsx bench/ab.ts --before /tmp/before [--db mysql|sqlite] [--rounds 4] [--seconds 3] [--only me,ping]
import { parseArgs } from 'node:util';
import { openSync } from 'node:fs';
import { benchEnv, openBenchDb } from './lib/database.js';
import { hrEmail } from './lib/dataset.js';
import { autocannon, type LoadReport } from './lib/load.js';
import { loadAverage, SERVER_CORE, start, stop } from './lib/proc.js';
import { freePort } from './lib/server.js';
import { login } from './lib/session.js';
import { workDir } from './lib/paths.js';
import { ROOT } from './lib/paths.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    db: { type: 'string', default: 'mysql' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
if (!values.before) throw new Error('--before DIR is required');
const bench = openBenchDb(values.db as 'mysql' | 'sqlite', 'mysql://root@127.0.0.1:3306');

async function daemon(root: string) {
  const port = await freePort();
  const started = start(
    process.execPath,
    ['--import', 'tsx', `${root}/bench/lib/wfctl-entry.ts`, 'serve', '--only', 'workforce'],
    {
      core: SERVER_CORE,
      cwd: root,
      stdio: ['ignore', 'ignore', openSync(`${workDir()}/ab-daemon.log`, 'a')],
      env: benchEnv(bench.url, { WORKFORCE_PORT: String(port), HOST: '127.0.0.1' }),
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/api/v1/ping`);
      break;
    } catch {
      if (i > 300) throw new Error(`daemon from ${root} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { url, close: () => stop(started) };
}

const servers = { before: await daemon(values.before), after: await daemon(ROOT) };
const token = await login({ url: servers.after.url } as never, hrEmail('ACME'));
const allCases: Array<[string, string, Record<string, string>]> = [
  ['ping', '/api/v1/ping', {}],
  ['me', '/api/v1/me', { authorization: `Bearer ${token}` }],
  [
    '401 unknown token',
    '/api/v1/me',
    { authorization: 'Bearer 999999999|nosuchsecretnosuchsecretnosuchsecret' },
  ],
  ['401 no token', '/api/v1/me', {}],
];
const cases = values.only ? allCases.filter(([name]) => values.only!.split(',').includes(name)) : allCases;
const runs: Record<string, Record<string, LoadReport[]>> = {};
const load = [loadAverage()];
try {
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const [name, path, headers] of cases) {
      for (const side of r % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
        const rep = await autocannon(`${servers[side].url}${path}`, {
          connections: 10,
          seconds: Number(values.seconds),
          warmupSeconds: 1,
          headers,
        });
        ((runs[name] ??= {})[side] ??= []).push(rep);
      }
    }
  }
} finally {
  await servers.before.close();
  await servers.after.close();
  await bench.close();
}
load.push(loadAverage());
const out: Record<string, unknown> = {};
for (const [name, sides] of Object.entries(runs)) {
  const rps = (xs: LoadReport[]) =>
    xs.reduce((t, x) => t + x.requests, 0) / (xs.length * Number(values.seconds));
  const before = rps(sides.before);
  const after = rps(sides.after);
  out[name] = {
    before: Math.round(before),
    after: Math.round(after),
    change: Math.round((after / before) * 100) / 100,
  };
}
process.stdout.write(JSON.stringify({ db: values.db, load, results: out }, null, 1) + '\n');
