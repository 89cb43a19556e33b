// `npm test`'s ava run: every test under test/ except the Galera cluster's (ava.cluster.config.js),
// on SQLite and on MySQL. ava.fast.config.js narrows it to the inner loop.
export default {
  files: ['test/**/*.test.ts', 'test/**/*.test.tsx', '!test/cluster/**'],
  extensions: { ts: 'module', tsx: 'module' },
  nodeArguments: ['--import=tsx'],
  workerThreads: false,
  timeout: '10m',
  // Each test file's wall time, for the slowest-files table that scripts/run-tests.mjs prints.
  require: ['./test/helpers/file-timing.mjs'],
};
