// `npm test`'s ava run: every test under test/ except the Galera cluster's (ava.cluster.config.js),
// on SQLite and on MySQL. ava.fast.config.js narrows it to the inner loop.
//
// The whole suite runs transpiled JavaScript from .test-build/, rebuilt here before each run
// (scripts/build-tests.mjs, a few seconds): under tsx every worker process compiled the sources
// again. Files named on the command line (`npx ava test/x/y.test.ts`) run from the sources under
// tsx, as before: no build for one file.
import { buildTests, TEST_BUILD } from './scripts/build-tests.mjs';

const named = process.argv.slice(2).some((arg) => /^(\.\/)?test\//.test(arg));

/** A glob of test/ as this run sees it: `test/http/fuzz.test.ts` or `.test-build/test/http/fuzz.test.js`. */
export const tests = (glob) => (named ? glob : `${TEST_BUILD}/${glob.replace(/\.tsx?$/, '.js')}`);

const fromSources = {
  files: ['test/**/*.test.ts', 'test/**/*.test.tsx', '!test/cluster/**'],
  extensions: { ts: 'module', tsx: 'module' },
  nodeArguments: ['--import=tsx'],
};

const transpiled = {
  files: [tests('test/**/*.test.js'), `!${tests('test/cluster/**')}`],
  nodeArguments: ['--enable-source-maps'],
};

if (!named) await buildTests();

export default {
  ...(named ? fromSources : transpiled),
  workerThreads: false,
  timeout: '10m',
  // Each test file's wall time, for the slowest-files table that scripts/run-tests.mjs prints.
  require: ['./test/helpers/file-timing.mjs'],
};
