#!/usr/bin/env node
// Runs ava (arguments passed through), then prints the ten slowest test files of the run and the
// run's wall time, so a slow file is seen the day it becomes slow. Exits with ava's code.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, relative } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'wfctl-test-timings-'));
const timings = join(dir, 'timings.ndjson');
const started = performance.now();
// The run's transpiled files go to .test-build/<this process id> (scripts/build-tests.mjs), removed
// when the run ends.
const run = String(process.pid);
const ava = spawn(process.execPath, ['node_modules/ava/entrypoints/cli.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_TIMINGS_FILE: timings, WFCTL_TEST_RUN: run },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => ava.kill(signal));

ava.on('exit', (code, signal) => {
  const wall = (performance.now() - started) / 1000;
  const rows = existsSync(timings)
    ? readFileSync(timings, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  rows.sort((a, b) => b.seconds - a.seconds);
  if (rows.length > 0) {
    const load = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    process.stdout.write(`\nSlowest test files (wall seconds of each file's worker):\n`);
    for (const { file, seconds } of rows.slice(0, 10)) {
      process.stdout.write(`  ${seconds.toFixed(1).padStart(7)}  ${relative(process.cwd(), file)}\n`);
    }
    process.stdout.write(`${rows.length} files in ${wall.toFixed(0)} s; load average ${load}\n`);
  }
  rmSync(dir, { recursive: true, force: true });
  rmSync(join('.test-build', run), { recursive: true, force: true });
  process.exitCode = code ?? (signal ? 1 : 0);
});
