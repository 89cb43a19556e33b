// Start-up cost: a run of `wfctl` loads the command it runs and what that command needs, nothing
// else (src/cli/program.ts). --version, --help, a group's --help and shell completion import no
// command file and none of the big libraries; `org list --json` imports its own file and the
// database's libraries, not Ink, the HTTP server, the mailer, the HTTP client or the image library;
// prom-client only `wfctl serve` with METRICS_PORT set (src/daemon.ts imports it on demand).
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND, ROOT } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

const HOOK = fileURLToPath(new URL('../helpers/loaded-modules.mjs', import.meta.url));

/**
 * The most modules `wfctl --version` may load: the program's own files and commander (today 21).
 * A command imported at start-up again, or a library, passes it by far.
 */
const VERSION_MODULES = 30;

/** Packages that no run of `--version`, `--help`, a group's help or completion has any use for. */
const HEAVY = [
  'ink',
  'react',
  'knex',
  'better-sqlite3',
  'mysql2',
  'yup',
  'bcryptjs',
  'sharp',
  'got',
  'nodemailer',
  'polka',
  'prom-client',
  '@inquirer/prompts',
];

/** What drawing, serving, mailing and calling out need: `org list --json` needs none of it. */
const NOT_FOR_A_LIST = [
  'ink',
  'sharp',
  'got',
  'nodemailer',
  'polka',
  'sirv',
  'prom-client',
  '@inquirer/prompts',
];

/** tsx compiles the sources when dist/ is stale (test/helpers/cli.ts): its own modules are not counted. */
const TOOLCHAIN = new Set(['tsx', 'esbuild', '@esbuild', 'get-tsconfig', 'resolve-pkg-maps']);

interface Loaded {
  code: number | null;
  /** Files of the program (bin/, src/ or dist/src/), relative to the project. */
  own: string[];
  /** Package name → how many of its files were loaded. */
  packages: Map<string, number>;
  count: number;
}

function packageOf(path: string): string | null {
  // The last node_modules on the path: a package's own dependencies are counted as themselves.
  const m = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path);
  return m ? m[1].replace('\\', '/') : null;
}

/** Runs node with the hook and `args`: the modules the process loaded, and its exit code. */
function loadedModules(args: string[], env: Record<string, string> = {}): Promise<Loaded> {
  const dir = mkdtempSync(join(tmpdir(), 'wfctl-modules-'));
  const out = join(dir, 'modules.txt');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        LOG_LEVEL: 'warn',
        LOADED_MODULES_FILE: out,
        ...env,
      },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const paths = new Set(readFileSync(out, 'utf8').split('\n').filter(Boolean));
      rmSync(dir, { recursive: true, force: true });
      const own: string[] = [];
      const packages = new Map<string, number>();
      for (const path of paths) {
        const pkg = packageOf(path);
        if (pkg) {
          if (!TOOLCHAIN.has(pkg.split('/')[0])) packages.set(pkg, (packages.get(pkg) ?? 0) + 1);
          continue;
        }
        const file = relative(ROOT, path);
        if (/^(bin|src|dist|\.test-build[\\/][^\\/]+[\\/]src)[\\/]/.test(file)) own.push(file);
      }
      const count = own.length + [...packages.values()].reduce((a, b) => a + b, 0);
      resolve({ code, own, packages, count });
    });
  });
}

function loadedOf(r: Loaded, names: string[]): string[] {
  return names.filter((name) => r.packages.has(name));
}

/** The command files loaded, as their paths under commands/ (`org/list`). */
function commandFiles(r: Loaded): string[] {
  return r.own
    .map((f) => /[\\/]cli[\\/]commands[\\/](.+)\.(js|ts|tsx)$/.exec(f)?.[1])
    .filter((f): f is string => Boolean(f) && f !== 'index')
    .map((f) => f.replace(/\\/g, '/'));
}

test('the hook sees ES modules and CommonJS packages (the control for the tests below)', async (t) => {
  const r = await loadedModules([
    '--input-type=module',
    '-e',
    "await import('prom-client'); await import('commander');",
  ]);
  t.is(r.code, 0);
  t.true(r.packages.has('prom-client')); // CommonJS
  t.true((r.packages.get('commander') ?? 0) > 1); // its ES entry and its CommonJS files
});

test(`\`wfctl --version\` loads at most ${VERSION_MODULES} modules, no command file and no library but commander`, async (t) => {
  const r = await loadedModules([...COMMAND, '--version']);
  t.is(r.code, 0);
  // The program is listed, so an empty list cannot pass for a lazy one.
  t.true(r.packages.has('commander'));
  t.true(r.own.some((f) => /cli[\\/]main\./.test(f)));
  t.true(
    r.count <= VERSION_MODULES,
    `${r.count} modules: ${[...r.own, ...[...r.packages].map(([p, n]) => `${p} (${n})`)].join(', ')}`,
  );
  t.deepEqual(commandFiles(r), []);
  t.deepEqual(loadedOf(r, HEAVY), []);
});

for (const args of [
  ['--help'],
  ['migrate', '--help'],
  ['partner', 'secret', '--help'],
  ['completion', 'bash'],
]) {
  test(`\`wfctl ${args.join(' ')}\` loads none of the big libraries`, async (t) => {
    const r = await loadedModules([...COMMAND, ...args]);
    t.is(r.code, 0);
    t.deepEqual(loadedOf(r, HEAVY), []);
    t.deepEqual(commandFiles(r), args[0] === 'completion' ? ['completion'] : []);
    t.true(r.count <= VERSION_MODULES + 2, `${r.count} modules`);
  });
}

test('`wfctl org list --help` loads its own command file only', async (t) => {
  const r = await loadedModules([...COMMAND, 'org', 'list', '--help']);
  t.is(r.code, 0);
  t.deepEqual(commandFiles(r), ['org/list']);
  t.deepEqual(loadedOf(r, NOT_FOR_A_LIST), []);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] \`wfctl org list --json\` loads its own command file and no drawing, serving or mailing library`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const r = await loadedModules([...COMMAND, 'org', 'list', '--json'], { DATABASE_URL: tdb.database.url });
    t.is(r.code, 0);
    t.true(r.packages.has('knex')); // it did reach the database
    t.deepEqual(commandFiles(r), ['org/list']);
    t.deepEqual(loadedOf(r, NOT_FOR_A_LIST), []);
    t.false(
      r.own.some((f) => /(daemon|[\\/]http[\\/]|scheduler)/.test(f)),
      'the daemon, the HTTP server or the scheduler was loaded',
    );
  });
}

test('`wfctl serve` without METRICS_PORT does not load prom-client', async (t) => {
  // --only with a wrong value: serve's own file is loaded, refuses, exits 2 before listening.
  const r = await loadedModules([...COMMAND, 'serve', '--only', 'neither']);
  t.is(r.code, 2);
  t.deepEqual(commandFiles(r), ['serve']);
  t.false(r.packages.has('prom-client'));
});
