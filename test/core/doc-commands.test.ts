// The documents cannot promise what the program refuses (issue 26, point 9). For README.md and every
// docs/*.md:
// - every `wfctl …` they show, in a shell block or in inline code, names a command that exists and
//   takes the flags given (optional parts `[--flag X]` included);
// - every `curl …` against the daemon names a route the listener serves with that method;
// - the `wfctl …` lines of their shell blocks are run, in order, by bash (so variables, pipes and
//   `$(…)` work as for a reader), against a fresh SQLite database with the demo seed: none may end in
//   a usage error (exit 2: unknown command or flag, a missing or invalid value, not permitted, refused
//   by a rule). A command meant to be refused says so in its trailing comment (`# … exit 2 …`).
//   The `wfctl` bash sees is a function that hands its arguments and stdin to this process, which
//   runs the program in-process (src/cli/main.ts `runWith`): one Node start for all of them, not one each.
//   Optional parts written `[--flag X]` are left out. Only `wfctl` lines and plain assignments run
//   (curl, npm, sleep… do not); `wfctl serve` does not (no command here needs the daemon).
// Each document runs on its own copy of the seeded database, from its own directory holding what a
// reader is assumed to have: the checkout's docs/ (the import example), a body.json and a month.json,
// and the shell variables the documents name for secrets (READER below).
// docs/deployment.md (server procedures: systemctl, sudo, backups) and docs/benchmarks.md (a generated
// 10,000-employee data set, the cluster) are checked statically only; deployment.md has its own test.
import test from 'ava';
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProgram } from '../../src/cli/main.js';
import { clinicRoutes } from '../../src/clinic/routes.js';
import { VARIABLES } from '../../src/config.js';
import { workforceRoutes } from '../../src/workforce/routes.js';
import {
  curlRequest,
  fencedBlocks,
  inlineCode,
  invocationProblems,
  logicalCommands,
  SHELL_LANGS,
  wfctlInvocations,
  type LogicalCommand,
} from '../helpers/doc-commands.js';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../../scripts/repo-root.js';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const STATIC_ONLY: Record<string, string> = {
  'docs/deployment.md': 'server procedures; test/ops/deployment-guide.test.ts checks them',
  'docs/benchmarks.md': 'a generated data set and the cluster',
};
const read = (doc: string) => readFileSync(join(ROOT, doc), 'utf8');

function shellCommands(doc: string): LogicalCommand[] {
  return fencedBlocks(read(doc))
    .filter((b) => SHELL_LANGS.has(b.lang))
    .flatMap(logicalCommands);
}

test('every wfctl command the documents show exists and takes the flags it is given', async (t) => {
  const program = await buildProgram();
  const problems: string[] = [];
  let seen = 0;
  for (const doc of DOCS) {
    const texts = [
      ...shellCommands(doc).map((c) => ({ text: c.text, line: c.line })),
      ...inlineCode(read(doc)).filter((c) => /^(npx |\.\/bin\/)?wfctl /.test(c.text)),
    ];
    for (const { text, line } of texts) {
      for (const words of wfctlInvocations(text)) {
        seen++;
        for (const p of invocationProblems(program, words)) problems.push(`${doc}:${line}: ${p}`);
      }
    }
  }
  t.deepEqual(problems, []);
  t.true(seen > 150, `only ${seen} invocations found: the scan is broken`);
});

// ---- curl: the route exists on that listener, with that method --------------------------------

const LISTENERS: Record<string, Array<{ method: string; path: string }>> = {
  '8080': [...workforceRoutes, { method: 'GET', path: '/docs/openapi.json' }],
  '8081': [...clinicRoutes, { method: 'GET', path: '/docs/openapi.json' }],
};

function served(port: string, method: string, path: string): 'ok' | 'no-route' | 'no-method' {
  const segs = path.replace(/\/+$/, '').split('/');
  const matching = LISTENERS[port]!.filter((r) => {
    const rs = r.path.split('/');
    return (
      rs.length === segs.length &&
      rs.every((s, i) => s.startsWith(':') || s === segs[i] || segs[i]!.includes('$'))
    );
  });
  if (!matching.length) return 'no-route';
  return matching.some((r) => r.method === method) ? 'ok' : 'no-method';
}

test('every curl request the documents show names a route its listener serves, with that method', (t) => {
  const problems: string[] = [];
  let checked = 0;
  for (const doc of DOCS) {
    const vars = new Map<string, string>();
    for (const c of shellCommands(doc)) {
      const assign = /^([A-Z_]+)=(\S+)\s*(#.*)?$/.exec(c.text.trim());
      if (assign && /^https?:\/\//.test(assign[2]!)) vars.set(assign[1]!, assign[2]!.replace(/["']/g, ''));
      const req = curlRequest(c.text);
      if (!req) continue;
      const url = req.url.replace(/^\$\{?([A-Z_]+)\}?/, (whole, name: string) => vars.get(name) ?? whole);
      const m = /^(?:https?:\/\/)?(?:localhost|127\.0\.0\.1):(8080|8081)(\/[^?#\s]*)?/.exec(url);
      if (!m) continue; // a partner's URL, a signed link held in a variable, a placeholder
      checked++;
      const answer = served(m[1]!, req.method, m[2] ?? '/');
      if (answer !== 'ok') problems.push(`${doc}:${c.line}: ${req.method} ${m[2]} on :${m[1]}: ${answer}`);
    }
  }
  t.deepEqual(problems, []);
  t.true(checked > 80, `only ${checked} curl requests found: the scan is broken`);
});

// ---- running the wfctl lines ----------------------------------------------------------------

interface Call {
  doc: string;
  line: number;
  args: string[];
  code: number;
  stderr: string;
}

/**
 * Runs the program in this process (test/helpers/cli.ts runCli: its own streams, the document's
 * database and mail directory as its environment); the working directory is the document's.
 */
/** The database and mail directory of the document being run. */
const runEnv: Record<string, string> = {};

async function runInProcess(
  args: string[],
  stdin: Buffer,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    return await runCli(args, {
      input: stdin,
      env: runEnv,
    });
  } catch (e) {
    return { code: 99, stdout: '', stderr: String((e as Error)?.stack ?? e) };
  }
}

/** One request at a time: a document's lines run in order, in its working directory. */
function startRunner(
  onCall: (args: string[], code: number, stderr: string, line: number) => void,
): Promise<Server> {
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const dir = url.searchParams.get('dir')!;
    const line = Number(url.searchParams.get('line'));
    const work = queue.then(async () => {
      const args = readFileSync(join(dir, 'args'), 'utf8').split('\0').slice(0, -1);
      const stdin = existsSync(join(dir, 'stdin')) ? readFileSync(join(dir, 'stdin')) : Buffer.alloc(0);
      const r = await runInProcess(args, stdin);
      writeFileSync(join(dir, 'stdout'), r.stdout);
      writeFileSync(join(dir, 'stderr'), r.stderr);
      onCall(args, r.code, r.stderr, line);
      res.end(String(r.code));
    });
    queue = work.catch((e) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const PRELUDE = [
  'set +e',
  'wfctl() {',
  '  local req code',
  '  req=$(mktemp -d "$__DIR/call.XXXXXX")',
  '  printf \'%s\\0\' "$@" > "$req/args"',
  '  if [ -p /dev/stdin ] || [ -f /dev/stdin ]; then cat > "$req/stdin"; fi',
  // bash's own /dev/tcp: no curl needed. The answer's last line is the exit code.
  '  exec 9<>"/dev/tcp/127.0.0.1/$__RUNNER"',
  '  printf \'GET /run?line=%s&dir=%s HTTP/1.0\\r\\n\\r\\n\' "$__DOC_LINE" "$req" >&9',
  '  code=$(tail -n 1 <&9)',
  '  exec 9<&-',
  '  cat "$req/stdout"',
  '  cat "$req/stderr" >&2',
  '  return "${code:-99}"',
  '}',
  'npx() { if [ "$1" = wfctl ]; then shift; wfctl "$@"; fi; }',
].join('\n');

/** What bash runs of a document: its wfctl lines (optional parts left out) and plain assignments. */
function script(doc: string): { text: string; lines: Map<number, LogicalCommand> } {
  const lines = new Map<number, LogicalCommand>();
  const out: string[] = [PRELUDE];
  for (const c of shellCommands(doc)) {
    const invocations = wfctlInvocations(c.text);
    if (invocations.length) {
      if (invocations.some((w) => w[0] === 'serve')) continue;
      lines.set(c.line, c);
      // The README's own `./bin/wfctl` is the same program: bash calls the function for it too. A
      // `sleep N;` waits for a daemon's tick, and no daemon runs here: it would only cost N seconds.
      const runnable = c.text
        .replace(/[ \t]\[[^\]\n]*\]/g, '')
        .replace(/\.\/bin\/wfctl\b/g, 'wfctl')
        .replace(/\bsleep\s+\d+\s*;\s*/g, '');
      out.push(`__DOC_LINE=${c.line}`, runnable);
      continue;
    }
    const assign = /^(?:export\s+)?([A-Z_][A-Z0-9_]*)=/.exec(c.text.trim());
    if (assign && !(assign[1]! in VARIABLES) && !/\bcurl\b|…|\.\.\./.test(c.text)) out.push(c.text);
  }
  return { text: out.join('\n') + '\n', lines };
}

function bash(
  text: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', text], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** The variables the documents use for what only the reader knows (secrets, a received header). */
const READER: Record<string, string> = {
  PASSWORD: 'reader-password-2026',
  OUTBOUND_BEARER: 'outbound-bearer-token-of-the-reader',
  SIGNING_SECRET: 'a-signing-secret-of-16+',
  NEXT_SECRET: 'the-next-signing-secret-2026',
  SIGNATURE_HEADER: 't=1767225600,v1=00',
};
/** Run only the documents whose path contains this (while editing one). */
const ONLY = process.env.DOC_COMMANDS_ONLY;

const EXPECTS_USAGE_ERROR = /\bexits? 2\b/;
const USAGE = /unknown command|unknown option|too many arguments|missing required argument/i;

test('the wfctl lines of every document run on the demo seed without a usage error', async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'wfctl-docs-'));
  const cwd = process.cwd();
  t.teardown(() => {
    process.chdir(cwd);
    rmSync(work, { recursive: true, force: true });
  });
  // The demo seed once, on a template copied for each document: each starts from the same data.
  runEnv.MAIL_DIR = join(work, 'mail');
  const template = join(work, 'template.sqlite');
  runEnv.DATABASE_URL = `sqlite:${template}`;
  process.chdir(work);
  const seeded = await runInProcess(['seed'], Buffer.alloc(0));
  t.is(seeded.code, 0, seeded.stderr);

  let current = '';
  const calls: Call[] = [];
  const runner = await startRunner((args, code, stderr, line) =>
    calls.push({ doc: current, line, args, code, stderr }),
  );
  t.teardown(() => runner.close());
  const port = String((runner.address() as AddressInfo).port);

  const problems: string[] = [];
  for (const doc of DOCS.filter((d) => !(d in STATIC_ONLY) && (!ONLY || d.includes(ONLY)))) {
    const { text, lines } = script(doc);
    if (!lines.size) continue;
    current = doc;
    const dir = join(work, doc.replace(/\W+/g, '-'));
    mkdirSync(dir);
    symlinkSync(join(ROOT, 'docs'), join(dir, 'docs'));
    writeFileSync(join(dir, 'body.json'), '[]');
    copyFileSync(join(ROOT, 'docs/workforce-import.example.json'), join(dir, 'month.json'));
    const db = join(dir, 'wfctl.sqlite');
    copyFileSync(template, db);
    runEnv.DATABASE_URL = `sqlite:${db}`;
    runEnv.MAIL_DIR = join(dir, 'var/mail');
    process.chdir(dir);
    const ran = await bash(text, dir, {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      __DIR: dir,
      __RUNNER: port,
      __DOC_LINE: '0',
      ...READER,
    });
    t.log(`${doc}: ${calls.filter((c) => c.doc === doc).length} wfctl runs (bash exit ${ran.code})`);
    for (const [line, cmd] of lines) {
      const mine = calls.filter((c) => c.doc === doc && c.line === line);
      if (!mine.length) problems.push(`${doc}:${line}: never reached wfctl: ${cmd.text}`);
      for (const call of mine) {
        const usage = call.code === 2 || USAGE.test(call.stderr);
        if (usage && !EXPECTS_USAGE_ERROR.test(cmd.comment)) {
          problems.push(
            `${doc}:${line}: wfctl ${call.args.join(' ')} → exit ${call.code}: ${call.stderr.trim().split('\n').slice(0, 3).join(' / ')}`,
          );
        }
        if (call.code === 99)
          problems.push(`${doc}:${line}: wfctl ${call.args.join(' ')} crashed: ${call.stderr}`);
      }
    }
  }
  for (const c of calls.filter((x) => x.code !== 0))
    t.log(`${c.doc}:${c.line}: exit ${c.code}: wfctl ${c.args.join(' ')}: ${c.stderr.trim().split('\n')[0]}`);
  t.deepEqual(problems, []);
  if (!ONLY) t.true(calls.length > 50, `only ${calls.length} wfctl runs: the extraction is broken`);
});
