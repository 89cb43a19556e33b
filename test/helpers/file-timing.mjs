// Loaded in every ava worker (ava.config.js `require`): when the worker exits, appends its test
// file's wall time (the worker's whole life, start-up included) to TEST_TIMINGS_FILE, which
// scripts/run-tests.mjs reads to print the slowest files. Without that variable it does nothing.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const out = process.env.TEST_TIMINGS_FILE;
if (out) {
  process.on('exit', () => {
    const line = { file: fileURLToPath(test.meta.file), seconds: process.uptime() };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
