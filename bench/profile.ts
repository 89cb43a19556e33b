// Summarises a V8 .cpuprofile (from `npm run bench -- --profile`, or any `node --cpu-prof` run):
// self time by function and by package, to say where a case's time goes.
//
//   npx tsx bench/profile.ts var/bench/profiles/CPU.….cpuprofile [--top 25] [--serving]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  parent?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time by function and by package. With `servingOnly`, samples before the first one inside
 * node:http's request handler are left out: a daemon's profile then describes the requests, not
 * its start-up (module loading and compiling dominate a profile of a few seconds of load).
 */
export function summarise(profile: Profile, top = 25, servingOnly = false): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const serving = (id: number): boolean => {
    for (let n = byId.get(id); n; n = n.parent === undefined ? undefined : byId.get(n.parent))
      if (n.callFrame.functionName === 'parserOnIncoming') return true;
    return false;
  };
  const firstServed = servingOnly ? profile.samples.findIndex(serving) : 0;
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (i >= firstServed) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\/.*?\/(node_modules|src|bench)\//, '$1/');
    fns.set(
      `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`,
      (fns.get(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`) ?? 0) + us,
    );
    pkgs.set(packageOf(url, functionName), (pkgs.get(packageOf(url, functionName)) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const list = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
      .join('\n');
  return `total ${(total / 1000).toFixed(0)} ms sampled\n\nby package:\n${list(pkgs, 15)}\n\nby function (self time):\n${list(fns, top)}\n`;
}

function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node internals';
  const src = /\/(src\/[^/]+(?:\/[^/]+)?)\//.exec(url);
  return src ? src[1] : url;
}

if (process.argv[1]?.endsWith('profile.ts')) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      // Only from the first request on (leaves the daemon's start-up out).
      serving: { type: 'boolean', default: false },
    },
  });
  for (const file of positionals) {
    process.stdout.write(
      `== ${file}\n${summarise(JSON.parse(readFileSync(file, 'utf8')), Number(values.top), values.serving)}\n`,
    );
  }
}
