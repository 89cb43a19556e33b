// `npm run test:cluster`: the tests under test/cluster, against the Galera cluster that
// scripts/cluster/test.sh brings up (MariaDB only). One file at a time: they share the cluster,
// and some kill its nodes.
import base, { tests } from './ava.config.js';

export default {
  ...base,
  files: [tests('test/cluster/**/*.test.ts')],
  concurrency: 1,
  environmentVariables: {
    // WFCTL_CLUSTER_OFFSET moves every port of the cluster (scripts/cluster/cluster.sh).
    TEST_MYSQL_URL: `mysql://wfctl@127.0.0.1:${4300 + Number(process.env.WFCTL_CLUSTER_OFFSET ?? 0)}`,
    TEST_DIALECT: 'mysql',
  },
};
