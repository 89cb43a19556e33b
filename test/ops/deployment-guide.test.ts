// docs/deployment.md cannot rot: every fenced block carries a tag saying how it is checked, and this
// file checks it — the unit with systemd-analyze, HAProxy and nginx configs with their own -c/-t, the
// environment file against src/config.ts, the SQLite backup and restore by running them on a
// database made here, the mariadb-backup lines against scripts/cluster/backup-restore-check.sh (which
// the cluster tests run), and every `wfctl …` the guide names against the program's command tree.
// A block with an unknown tag fails: a new block must say how it is checked.
//
// The tools (haproxy, nginx, sqlite3, openssl, systemd-analyze) come from Debian packages. Missing
// one is a failure under CI=true and a loud skip of that check on a developer's machine.
import test, { type ExecutionContext } from 'ava';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main.js';
import { loadConfig, VARIABLES } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { migrateLatest } from '../../src/db/migrate.js';
import { ROOT } from '../../scripts/repo-root.js';

const GUIDE_PATH = join(ROOT, 'docs/deployment.md');
const GUIDE = readFileSync(GUIDE_PATH, 'utf8');
const CLUSTER_SH = readFileSync(join(ROOT, 'scripts/cluster/cluster.sh'), 'utf8');
const BACKUP_SH = readFileSync(join(ROOT, 'scripts/cluster/backup-restore-check.sh'), 'utf8');

interface Block {
  lang: string;
  tag: string;
  body: string;
  line: number;
}

function fencedBlocks(markdown: string): Block[] {
  const out: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(?:[ \t]+(\S+))?[ \t]*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    out.push({ lang: open[1] ?? '', tag: open[2] ?? '', body: body.join('\n') + '\n', line: start + 1 });
  }
  return out;
}

const BLOCKS = fencedBlocks(GUIDE);

/** `lang tag` → what checks it. Plain `sh` blocks are checked for the wfctl and cluster commands they name. */
const KNOWN = new Set([
  'sh',
  'ini wfctl-env',
  'ini systemd-unit',
  'ini galera-node',
  'haproxy',
  'nginx',
  'sh sqlite-backup',
  'sh sqlite-restore',
  'sh backup-check',
  'yaml kubernetes',
  'yaml prometheus',
  'yaml vector',
  'json log-line',
]);

function only(kind: string): Block {
  const found = BLOCKS.filter((b) => `${b.lang}${b.tag ? ` ${b.tag}` : ''}` === kind);
  if (found.length !== 1) throw new Error(`docs/deployment.md must have exactly one \`\`\`${kind} block`);
  return found[0]!;
}

function envFile(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of only('ini wfctl-env').body.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!m) throw new Error(`not NAME=value in the environment file: ${line}`);
    env[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

const graceSeconds = () => Number(envFile().SHUTDOWN_GRACE_SECONDS ?? 10);

/** A missing tool fails under CI and skips the check (loudly) elsewhere; true when it is there. */
function tool(t: ExecutionContext, name: string, debianPackage: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${name} || test -x /usr/sbin/${name}`]).status === 0;
  if (found) return true;
  const message = `${name} is missing (Debian package ${debianPackage}): docs/deployment.md is not fully checked`;
  if (process.env.CI) t.fail(message);
  else t.log(`WARNING: ${message}`);
  return false;
}

function run(
  cmd: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 30_000, ...opts });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}`, stdout: r.stdout ?? '' };
}

/** Rows of a table in a SQLite file, read with the sqlite3 shell (read-only). */
function count(file: string, table: string): number {
  const r = run('sqlite3', ['-readonly', file, `select count(*) from ${table}`]);
  if (r.code !== 0) throw new Error(r.out);
  return Number(r.stdout.trim());
}

function scratch(t: ExecutionContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'wfctl-guide-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A self-signed certificate and key for the proxies' configs. */
function certificate(t: ExecutionContext, dir: string): { crt: string; key: string; pem: string } | null {
  if (!tool(t, 'openssl', 'openssl')) return null;
  const crt = join(dir, 'wfctl.crt');
  const key = join(dir, 'wfctl.key');
  const r = run('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=example.com',
    '-keyout', key, '-out', crt,
  ]); // prettier-ignore
  if (r.code !== 0) throw new Error(r.out);
  const pem = join(dir, 'wfctl.pem');
  writeFileSync(pem, readFileSync(crt, 'utf8') + readFileSync(key, 'utf8'));
  return { crt, key, pem };
}

test('every fenced block has a tag this test checks', (t) => {
  const unknown = BLOCKS.filter((b) => !KNOWN.has(`${b.lang}${b.tag ? ` ${b.tag}` : ''}`)).map(
    (b) => `line ${b.line}: \`\`\`${b.lang} ${b.tag}`,
  );
  t.deepEqual(unknown, [], 'tag the block with a kind listed in KNOWN (and check it here)');
  for (const kind of KNOWN) if (kind !== 'sh') t.notThrows(() => only(kind), kind);
});

test('the environment file names only variables wfctl knows, with values it accepts', (t) => {
  const env = envFile();
  const unknown = Object.keys(env).filter((name) => !(name in VARIABLES));
  t.deepEqual(unknown, [], 'unknown variables in the environment file (src/config.ts VARIABLES)');
  t.notThrows(() => loadConfig(env));
  t.is(env.LOG_FORMAT, 'json', 'log shipping relies on LOG_FORMAT=json');
  t.is(env.TRUST_PROXY_HOPS, '1', 'one proxy in front, as the guide explains');
});

test('the systemd unit: systemd-analyze verify, and the keys the service relies on', (t) => {
  const unit = only('ini systemd-unit').body;
  const service = unit.split(/^\[Service\]$/m)[1]!.split(/^\[/m)[0]!;
  const key = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(service)?.[1]?.trim();
  t.is(key('Restart'), 'on-failure');
  t.is(key('EnvironmentFile'), '/etc/wfctl/wfctl.env');
  t.truthy(key('User'));
  t.not(key('User'), 'root');
  t.is(key('KillSignal'), 'SIGTERM');
  t.true(Number(key('LimitNOFILE')) >= 4096, 'LimitNOFILE');
  const stop = /^(\d+)s?$/.exec(key('TimeoutStopSec') ?? '');
  t.truthy(stop, 'TimeoutStopSec in seconds');
  t.true(Number(stop![1]) > graceSeconds(), 'TimeoutStopSec must be above SHUTDOWN_GRACE_SECONDS');
  t.regex(key('ExecStart') ?? '', /^\/opt\/wfctl\/bin\/wfctl serve$/);
  t.true(GUIDE.includes('-p EnvironmentFile=/etc/wfctl/wfctl.env'), 'wfctl-admin uses the same file');

  if (!tool(t, 'systemd-analyze', 'systemd')) return;
  const dir = scratch(t);
  const file = join(dir, 'wfctl.service');
  writeFileSync(file, unit.replaceAll('/opt/wfctl', ROOT.replace(/\/$/, '')));
  const r = run('systemd-analyze', ['verify', file]);
  const aboutUs = r.out.split('\n').filter((l) => l.includes('wfctl.service'));
  t.is(r.code, 0, r.out);
  t.deepEqual(aboutUs, [], 'systemd-analyze verify complained about the unit');
});

test('the HAProxy config passes haproxy -c and keeps the cluster script’s single-writer settings', (t) => {
  const cfg = only('haproxy').body;
  // The database section must say what scripts/cluster/cluster.sh generates and the cluster tests run.
  const generated = CLUSTER_SH.split('listen galera-writer\n')[1]!.split('\nEOF')[0]!;
  const directives = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim().replace(/\$ROOT|\/opt\/wfctl/g, '<root>'))
      .filter((l) => l && !l.startsWith('bind ') && !l.startsWith('#'));
  const section = cfg.split('listen galera-writer\n')[1]!;
  for (const d of directives(generated)) t.true(directives(section).includes(d), `galera-writer lacks: ${d}`);
  t.regex(section, /^ {2}server n1 \S+ check$/m);
  t.regex(section, /^ {2}server n2 \S+ check backup$/m);
  t.regex(section, /^ {2}server n3 \S+ check backup$/m);
  for (const d of ['external-check', 'insecure-fork-wanted']) t.regex(cfg, new RegExp(`^ {2}${d}$`, 'm'));
  t.regex(cfg, /option forwardfor/);
  t.regex(cfg, /option httpchk GET \/ready/);

  if (!tool(t, 'haproxy', 'haproxy')) return;
  const dir = scratch(t);
  const cert = certificate(t, dir);
  if (!cert) return;
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    cfg
      .replaceAll('/etc/haproxy/certs/wfctl.pem', cert.pem)
      .replaceAll('/run/haproxy/admin.sock', join(dir, 'admin.sock'))
      .replaceAll('/opt/wfctl', ROOT.replace(/\/$/, '')),
  );
  const r = run('haproxy', ['-c', '-f', file]);
  t.is(r.code, 0, r.out);
});

test('the nginx config passes nginx -t', (t) => {
  const site = only('nginx').body;
  t.regex(site, /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  if (!tool(t, 'nginx', 'nginx')) return;
  const dir = scratch(t);
  const cert = certificate(t, dir);
  if (!cert) return;
  writeFileSync(
    join(dir, 'site.conf'),
    site
      .replaceAll('/etc/nginx/certs/wfctl.crt', cert.crt)
      .replaceAll('/etc/nginx/certs/wfctl.key', cert.key),
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `  ${k}_temp_path ${join(dir, k)};`)
    .join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\n` +
      `http {\n  access_log off;\n${temp}\n  include ${join(dir, 'site.conf')};\n}\n`,
  );
  const r = run('nginx', [
    '-t',
    '-q',
    '-p',
    dir,
    '-e',
    join(dir, 'error.log'),
    '-c',
    join(dir, 'nginx.conf'),
  ]);
  t.is(r.code, 0, r.out);
});

test('the SQLite backup runs while the database is open and writing; the restore puts it back', async (t) => {
  if (!tool(t, 'sqlite3', 'sqlite3')) return;
  const dir = scratch(t);
  const lib = join(dir, 'lib');
  const backups = join(dir, 'backups');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const paths = (script: string) =>
    script.replaceAll('/var/lib/wfctl', lib).replaceAll('/var/backups/wfctl', backups);
  const filename = join(lib, 'wfctl.sqlite');
  // The "daemon": a migrated database held open in WAL mode, as wfctl serve holds it.
  const db = createDb({ client: 'sqlite', filename, url: `sqlite:${filename}` });
  let open = true;
  t.teardown(async () => {
    if (open) await db.destroy();
  });
  await migrateLatest(db);
  const rows = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ key: `guide:${from + i}`, count: 1, expires_at: 0 }));
  await db('rate_limits').insert(rows(0, 200));
  await db.transaction(async (trx) => {
    await trx('rate_limits').insert(rows(200, 100));
  });

  const backup = run('bash', ['-euo', 'pipefail', '-c', paths(only('sh sqlite-backup').body)]);
  t.is(backup.code, 0, backup.out);
  t.regex(backup.stdout, /^ok$/m, 'PRAGMA integrity_check');
  await db('rate_limits').insert(rows(300, 50)); // written after the backup: not in it
  const migrations = (await db('knex_migrations').count({ n: '*' }))[0]!.n;
  for (const copy of ['wfctl-online.sqlite', 'wfctl-vacuumed.sqlite']) {
    t.is(count(join(backups, copy), 'rate_limits'), 300, copy);
    t.is(count(join(backups, copy), 'knex_migrations'), Number(migrations), copy);
  }

  // The restore, with systemctl and chown recorded instead of run (no service, no wfctl user here).
  const calls = join(dir, 'calls.log');
  for (const stub of ['systemctl', 'chown']) {
    writeFileSync(join(bin, stub), `#!/bin/sh\necho "${stub} $*" >> '${calls}'\n`);
    chmodSync(join(bin, stub), 0o755);
  }
  await db.destroy(); // what `systemctl stop wfctl` does to the daemon
  open = false;
  writeFileSync(`${filename}-wal`, 'a stale write-ahead log'); // must not survive the restore
  const restore = run('bash', ['-euo', 'pipefail', '-c', paths(only('sh sqlite-restore').body)], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
  });
  t.is(restore.code, 0, restore.out);
  t.false(existsSync(`${filename}-wal`));
  t.is(count(filename, 'rate_limits'), 300);
  t.deepEqual(readFileSync(calls, 'utf8').trim().split('\n'), [
    'systemctl stop wfctl',
    `chown wfctl:wfctl ${filename}`,
    'systemctl start wfctl',
  ]);
});

test('the mariadb-backup lines are the ones scripts/cluster/backup-restore-check.sh runs', (t) => {
  const section = /# guide:backup:start\n([\s\S]*?)# guide:backup:end\n/.exec(BACKUP_SH);
  t.truthy(section, 'the script marks the guide’s lines with # guide:backup:start/end');
  t.is(only('sh backup-check').body, section![1]);
  t.true(GUIDE.includes('scripts/cluster/backup-restore-check.sh'));
});

test('the Galera node settings are in the my.cnf the cluster script writes', (t) => {
  const mycnf = CLUSTER_SH.split('cat >"$DIR/n$n/my.cnf" <<EOF\n')[1]!.split('\nEOF')[0]!.split('\n');
  for (const line of only('ini galera-node').body.trim().split('\n')) {
    t.true(mycnf.includes(line), `scripts/cluster/cluster.sh does not set ${line}`);
  }
});

test('the Kubernetes, Prometheus and Vector snippets agree with the environment file and the unit', (t) => {
  const env = envFile();
  const k8s = only('yaml kubernetes').body;
  t.true(Number(/terminationGracePeriodSeconds: (\d+)/.exec(k8s)?.[1]) > graceSeconds());
  t.regex(k8s, new RegExp(`path: /up, port: ${env.WORKFORCE_PORT} `));
  t.regex(k8s, new RegExp(`path: /ready, port: (${env.WORKFORCE_PORT}|${env.CLINIC_PORT}) `));
  for (const port of [env.WORKFORCE_PORT, env.CLINIC_PORT])
    t.regex(k8s, new RegExp(`containerPort: ${port}$`, 'm'));

  const prometheus = only('yaml prometheus').body;
  t.regex(prometheus, new RegExp(`targets: \\['${env.METRICS_HOST}:${env.METRICS_PORT}'\\]`));

  const vector = only('yaml vector').body;
  t.regex(vector, /include_units: \['wfctl\.service'\]/);
  t.regex(vector, /parse_json/);

  const line = JSON.parse(only('json log-line').body) as Record<string, unknown>;
  const appSource = readFileSync(join(ROOT, 'src/http/app.ts'), 'utf8');
  for (const field of ['request_id', 'method', 'path', 'status', 'duration_ms']) {
    t.true(field in line, field);
    t.regex(appSource, new RegExp(`\\b${field}:`), `src/http/app.ts no longer logs ${field}`);
  }
  t.regex(appSource, /child\(\{ listener:/);
});

// ---- every wfctl command the guide names exists, with the flags it uses --------------------------

function codeTexts(): string[] {
  const inline = [...GUIDE.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...BLOCKS.map((b) => b.body.replace(/\\\n\s*/g, ' ')), ...inline];
}

/** The words after `wfctl` (or wfctl-admin, or the installed path) in command position. */
function invocations(text: string): string[][] {
  const out: string[][] = [];
  const re =
    /(?:^|[|;&(]\s*|\bExecStart=|\bsudo\s+|\bnpx\s+)(?:wfctl-admin|wfctl|\/opt\/wfctl\/bin\/wfctl)[ \t]+([^\n]*)/gm;
  for (const m of text.matchAll(re)) {
    const words = m[1]!.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
    const end = words.findIndex((w) => /^(\||>|>>|;|&&|#|\))/.test(w));
    const used = words.slice(0, end === -1 ? undefined : end);
    if (used.length && /^[a-z-]/.test(used[0]!)) out.push(used);
  }
  return out;
}

function flagsAccepted(cmd: Command): Set<string> {
  const names = new Set(['--help', '-h']);
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.options) {
      if (o.long) names.add(o.long);
      if (o.short) names.add(o.short);
    }
  }
  return names;
}

test('every wfctl command in the guide exists and accepts the flags it is given', async (t) => {
  const program = await buildProgram();
  const seen = new Set<string>();
  for (const words of codeTexts().flatMap(invocations)) {
    let cmd: Command = program;
    let i = 0;
    for (; i < words.length; i++) {
      const sub = cmd.commands.find((c) => c.name() === words[i] || c.aliases().includes(words[i]!));
      if (!sub) break;
      cmd = sub;
    }
    const shown = `wfctl ${words.join(' ')}`;
    t.true(cmd !== program, `${shown}: no such command`);
    const runnable =
      Boolean((cmd as unknown as { _actionHandler?: unknown })._actionHandler) ||
      Boolean((cmd as unknown as { _defaultCommandName?: string })._defaultCommandName);
    t.true(runnable, `${shown}: \`wfctl ${words.slice(0, i).join(' ')}\` is a group, not a command`);
    const next = words[i];
    if (cmd.commands.length && next && !next.startsWith('-')) t.fail(`${shown}: no subcommand "${next}"`);
    const accepted = flagsAccepted(cmd);
    for (const flag of words.slice(i).filter((w) => /^--?[a-z]/.test(w))) {
      t.true(accepted.has(flag.split('=')[0]!), `${shown}: unknown flag ${flag}`);
    }
    seen.add(words.slice(0, i).join(' '));
  }
  // The ones the guide's procedures depend on are really found by the scan above.
  for (const needed of [
    'serve',
    'migrate status',
    'migrate unlock',
    'partner secret rotate',
    'partner token revoke',
  ]) {
    t.true(seen.has(needed), `the scan did not see \`wfctl ${needed}\``);
  }
});

test('the cluster commands, scripts and files the guide names exist', (t) => {
  const arms = new Set(
    [...CLUSTER_SH.matchAll(/^ {2}([a-z-]+(?:\|[a-z-]+)*)\)/gm)].flatMap((m) => m[1]!.split('|')),
  );
  const cluster = [...GUIDE.matchAll(/npm run cluster -- ([a-z-]+)/g)].map((m) => m[1]!);
  t.true(cluster.length >= 4);
  for (const sub of cluster) t.true(arms.has(sub), `scripts/cluster/cluster.sh has no "${sub}"`);
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  for (const m of GUIDE.matchAll(/npm run ([a-z:]+)/g)) t.truthy(scripts[m[1]!], `npm run ${m[1]}`);
  for (const m of GUIDE.matchAll(/\b((?:scripts|src|test|docs)\/[\w./-]*\w)/g)) {
    t.true(existsSync(join(ROOT, m[1]!)), `${m[1]} does not exist`);
  }
});

test('the Measured subsection holds the two placeholders, once each', (t) => {
  const measured = /^### Measured\n([\s\S]*?)(?=^#{1,3} )/m.exec(GUIDE)?.[1] ?? '';
  for (const marker of ['<!-- measured: failover -->', '<!-- measured: throughput -->']) {
    t.is(GUIDE.split(marker).length - 1, 1, marker);
    t.true(measured.includes(marker), `${marker} belongs under ### Measured`);
  }
});

test('the tables named in "Beyond this machine" exist in migrations/', (t) => {
  const tables = new Set(
    readdirSync(join(ROOT, 'migrations')).flatMap((f) =>
      [...readFileSync(join(ROOT, 'migrations', f), 'utf8').matchAll(/createTable\('([a-z_]+)'/g)].map(
        (m) => m[1]!,
      ),
    ),
  );
  const section = GUIDE.split('## Beyond this machine, on paper')[1] ?? '';
  const named = [...section.matchAll(/^\| ([^|]+)\|/gm)]
    .flatMap((m) => [...m[1]!.matchAll(/`([a-z_]+)`/g)].map((n) => n[1]!))
    .filter(Boolean);
  t.true(named.length >= 8);
  for (const table of named) t.true(tables.has(table), `no table ${table} in migrations/`);
});
