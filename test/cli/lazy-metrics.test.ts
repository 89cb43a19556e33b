// Start-up cost: prom-client is loaded only by `wfctl serve` with METRICS_PORT set (src/daemon.ts
// imports it on demand), never by the other commands, which all load the daemon's module.
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND, ROOT } from '../helpers/cli.js';

const HOOK = fileURLToPath(new URL('../helpers/loaded-modules.mjs', import.meta.url));
const PROM_CLIENT = /[\\/]node_modules[\\/]prom-client[\\/]/;

/** Runs node with the hook and `args`; the CommonJS modules the process loaded, and its exit code. */
function loadedModules(args: string[]): Promise<{ code: number | null; modules: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'wfctl-modules-'));
  const out = join(dir, 'modules.txt');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOADED_MODULES_FILE: out },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const modules = readFileSync(out, 'utf8').split('\n');
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, modules });
    });
  });
}

test('the hook sees prom-client when a process loads it (the control for the test below)', async (t) => {
  const r = await loadedModules(['--input-type=module', '-e', "await import('prom-client');"]);
  t.is(r.code, 0);
  t.true(r.modules.some((m) => PROM_CLIENT.test(m)));
});

test('`wfctl --version` loads the program (commander, knex) but not prom-client', async (t) => {
  const r = await loadedModules([...COMMAND, '--version']);
  t.is(r.code, 0);
  // The CLI's CommonJS dependencies are listed, so an empty list cannot pass for a lazy one.
  t.true(r.modules.some((m) => /[\\/]node_modules[\\/]commander[\\/]/.test(m)));
  t.true(r.modules.some((m) => /[\\/]node_modules[\\/]knex[\\/]/.test(m)));
  t.deepEqual(
    r.modules.filter((m) => PROM_CLIENT.test(m)),
    [],
  );
});
