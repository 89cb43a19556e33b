// Before/after of a hot-path fix on a shared machine: two daemons on the same (already generated)
// benchmark database, measured in alternation, in rounds, on /ping, an authenticated GET /me and
// the 401s; req/s and the daemon's CPU time per request (user + system, from /proc/<pid>/stat).
//
// Both sides run from fresh checkouts outside the working tree (`git worktree add --detach` into a
// temporary directory, node_modules hard-linked): the daemon of the working tree itself measured
// ~20% slower than the same code from another checkout (an A/A pair gave 0.80×), so neither side
// may run from here. `--after` defaults to a snapshot of the working tree (uncommitted and untracked
// files included, .gitignore respected), taken without touching the index or HEAD. Run an A/A pair
// (`--before HEAD --after HEAD`) next to an A/B before believing a change of a few percent.
//
// usage: npx tsx bench/ab.ts --before REV [--after REV] [--db mysql|sqlite] [--rounds 4] [--seconds 3]
//                            [--only ping,me,...] [--profile]
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { benchEnv, openBenchDb } from './lib/database.js';
import { hrEmail } from './lib/dataset.js';
import { autocannon, type LoadReport } from './lib/load.js';
import { ROOT, workDir } from './lib/paths.js';
import { loadAverage, SERVER_CORE, start, stop } from './lib/proc.js';
import { freePort } from './lib/server.js';
import { login } from './lib/session.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    db: { type: 'string', default: 'mysql' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '3' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
if (!values.before) throw new Error('--before REV is required (a commit, a branch, HEAD)');

const git = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } }).trim();

/** A commit holding the working tree as it is now, through a scratch index: HEAD and the index stay. */
function snapshotWorkingTree(scratch: string): string {
  const index = `${scratch}/index`;
  copyFileSync(git(['rev-parse', '--path-format=absolute', '--git-path', 'index']), index);
  git(['add', '-A'], { GIT_INDEX_FILE: index });
  const tree = git(['write-tree'], { GIT_INDEX_FILE: index });
  return git(['commit-tree', tree, '-p', 'HEAD', '-m', 'bench/ab.ts: snapshot of the working tree']);
}

/** A detached checkout of `commit` in a temporary directory, with this tree's node_modules hard-linked. */
function checkout(commit: string, label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(`${tmpdir()}/wfctl-ab-${label}-`);
  rmSync(dir, { recursive: true });
  git(['worktree', 'add', '--detach', '--quiet', dir, commit]);
  execFileSync('cp', ['-al', `${ROOT}/node_modules`, `${dir}/node_modules`]);
  return {
    dir,
    remove: () => {
      git(['worktree', 'remove', '--force', dir]);
    },
  };
}

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** user + system CPU of a process (all its threads) in microseconds. */
function cpuMicros(pid: number): number {
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLK_TCK;
}

const bench = openBenchDb(values.db as 'mysql' | 'sqlite', 'mysql://root@127.0.0.1:3306');
const profileDir = values.profile ? workDir('profiles', `ab-${Date.now()}`) : undefined;

async function daemon(root: string, label: string) {
  const port = await freePort();
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/${label}`] : [];
  const started = start(
    process.execPath,
    [...profiling, '--import', 'tsx', `${root}/bench/lib/wfctl-entry.ts`, 'serve', '--only', 'workforce'],
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
      if (i > 900) throw new Error(`daemon from ${root} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { url, pid: started.pid, close: () => stop(started) };
}

const scratch = mkdtempSync(`${tmpdir()}/wfctl-ab-`);
const commits = {
  before: git(['rev-parse', '--verify', `${values.before}^{commit}`]),
  after: values.after
    ? git(['rev-parse', '--verify', `${values.after}^{commit}`])
    : snapshotWorkingTree(scratch),
};
const trees = { before: checkout(commits.before, 'before'), after: checkout(commits.after, 'after') };
type Side = keyof typeof trees;
// Started together, so that neither gets the quieter machine or a warmer compile cache by order.
const [beforeServer, afterServer] = await Promise.all([
  daemon(trees.before.dir, 'before'),
  daemon(trees.after.dir, 'after'),
]);
const servers = { before: beforeServer, after: afterServer };
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
const only = values.only?.split(',');
const cases = only ? allCases.filter(([name]) => only.includes(name)) : allCases;

interface Measured {
  load: LoadReport;
  cpuMicros: number;
}
const runs: Record<string, Partial<Record<Side, Measured[]>>> = {};
const load = [loadAverage()];
try {
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const [name, path, headers] of cases) {
      for (const side of r % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
        const url = `${servers[side].url}${path}`;
        // The warm-up is a run of its own, so that the CPU read around the measured run is its own.
        await autocannon(url, { connections: 10, seconds: 1, headers });
        const cpu0 = cpuMicros(servers[side].pid);
        const rep = await autocannon(url, { connections: 10, seconds: Number(values.seconds), headers });
        const cpu = cpuMicros(servers[side].pid) - cpu0;
        ((runs[name] ??= {})[side] ??= []).push({ load: rep, cpuMicros: cpu });
      }
    }
  }
} finally {
  await Promise.all([servers.before.close(), servers.after.close()]);
  await bench.close();
  trees.before.remove();
  trees.after.remove();
  rmSync(scratch, { recursive: true, force: true });
}
load.push(loadAverage());

const round = (x: number, places = 0) => Math.round(x * 10 ** places) / 10 ** places;
const out: Record<string, unknown> = {};
for (const [name, sides] of Object.entries(runs)) {
  const summary = (xs: Measured[]) => {
    const requests = xs.reduce((t, x) => t + x.load.requests, 0);
    const cpu = xs.reduce((t, x) => t + x.cpuMicros, 0);
    return {
      rps: requests / (xs.length * Number(values.seconds)),
      cpuPerRequest: cpu / requests,
      rounds: xs.map((x) => round(x.load.requests / Number(values.seconds))),
      non2xx: xs.reduce((t, x) => t + x.load.non2xx, 0),
    };
  };
  const before = summary(sides.before!);
  const after = summary(sides.after!);
  out[name] = {
    rps: { before: round(before.rps), after: round(after.rps), change: round(after.rps / before.rps, 2) },
    cpu_us_per_request: {
      before: round(before.cpuPerRequest, 1),
      after: round(after.cpuPerRequest, 1),
      change: round(after.cpuPerRequest / before.cpuPerRequest, 2),
    },
    rounds_rps: { before: before.rounds, after: after.rounds },
  };
}
process.stdout.write(
  JSON.stringify(
    { db: values.db, commits, load, profiles: profileDir ?? null, results: out },
    (_k, v) => (Array.isArray(v) && typeof v[0] === 'number' ? v.join(' · ') : v),
    1,
  ) + '\n',
);
