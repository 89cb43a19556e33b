#!/usr/bin/env bash
# `npm run test:cluster`: installs what the cluster needs, brings up the three Galera nodes and
# HAProxy (no daemons: the tests start their own), runs test/cluster, and always takes it all down.
# Arguments go to ava (a file, --match …).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
bash scripts/cluster/install.sh
[ -f dist/src/cli/main.js ] || npm run build
bash scripts/cluster/cluster.sh down >/dev/null 2>&1 || true
trap 'bash scripts/cluster/cluster.sh down' EXIT
WFCTL_CLUSTER_DAEMONS=0 bash scripts/cluster/cluster.sh up
node scripts/run-tests.mjs --config ava.cluster.config.js "$@"
