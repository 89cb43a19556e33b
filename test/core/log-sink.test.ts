// The daemon's stdout log is batched (src/core/log-sink.ts): lines keep their order, and whatever
// was logged before the process ends reaches stdout, however it ends (short of SIGKILL).
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { batchedSink } from '../../src/core/log-sink.js';

// The logger beside this file: transpiled in .test-build/ (plain node), or the source under tsx.
const TRANSPILED = import.meta.url.endsWith('.js');
const LOGGER = fileURLToPath(new URL(`../../src/core/logger.${TRANSPILED ? 'js' : 'ts'}`, import.meta.url));
const LOADER = TRANSPILED ? [] : ['--import', 'tsx'];

/** A child process that logs N lines to stdout through createLogger and then ends as told. */
function runChild(ending: string): { lines: string[]; status: number | null } {
  const script = `
    const { createLogger } = await import(${JSON.stringify(LOGGER)});
    const logger = createLogger('info', process.stdout).child({ listener: 'probe' });
    for (let i = 0; i < 500; i++) logger.info('request', { n: i });
    ${ending}
  `;
  const child = spawnSync(process.execPath, [...LOADER, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  const lines = child.stdout.split('\n').filter(Boolean);
  return { lines, status: child.status };
}

const endings: Array<[string, string, number]> = [
  ['process.exit() right after logging', 'process.exit(3);', 3],
  ['an uncaught exception', "throw new Error('boom');", 1],
  ['the event loop running out', '', 0],
  ['process.exit() from a later timer', 'setTimeout(() => process.exit(0), 5);', 0],
];

for (const [what, ending, status] of endings) {
  test(`every line logged reaches stdout, in order, on ${what}`, (t) => {
    const child = runChild(ending);
    t.is(child.status, status);
    t.is(child.lines.length, 500);
    t.deepEqual(
      child.lines.map((l) => JSON.parse(l).n),
      Array.from({ length: 500 }, (_, i) => i),
    );
  });
}

test('lines of one turn of the event loop are written together, in order', async (t) => {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      writes.push(String(chunk));
      done();
    },
  });
  const sink = batchedSink(stream);
  t.is(batchedSink(stream), sink, 'one sink per stream');
  sink.write('a\n');
  sink.write('b\n');
  t.deepEqual(writes, [], 'nothing written yet');
  await new Promise((resolve) => setImmediate(resolve));
  t.deepEqual(writes, ['a\nb\n']);
  sink.write('c\n');
  sink.flush();
  t.deepEqual(writes, ['a\nb\n', 'c\n']);
});
