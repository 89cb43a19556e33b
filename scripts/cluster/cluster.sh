#!/usr/bin/env bash
# A whole production-shaped topology on one machine, for trying wfctl and for `npm run test:cluster`:
#
#   three MariaDB Galera nodes (127.0.0.1:4306-4308, gcomm 4567/4577/4587, IST 4568/4578/4588,
#   rsync SST 4444/4454/4464), HAProxy in front of them (one writer at a time on :4300, the other
#   nodes hot standbys: docs/deployment.md says why), two `wfctl serve` daemons (workforce 8280/8380,
#   clinic 8281/8381) writing through it, and HAProxy in front of the daemons (round robin on
#   :8180 workforce and :8181 clinic, health-checked on /ready).
#
# Usage: scripts/cluster/cluster.sh up|down|status|env
#        scripts/cluster/cluster.sh kill-node N | start-node N       (kill -9, then rejoin by IST)
#        scripts/cluster/cluster.sh kill-daemon N | stop-daemon N | start-daemon N
#          (WFCTL_CLUSTER_DATABASE names the database a daemon serves; wfctl by default)
#        scripts/cluster/cluster.sh writer                            (the node HAProxy sends writes to)
# WFCTL_CLUSTER_OFFSET=N adds N to every port above, so a second cluster can run beside the first
# (the failover tests kill nodes of their own).
# Everything lives under $WFCTL_CLUSTER_DIR (default /tmp/wfctl-cluster[-N]); `down` stops every process it
# started and removes that folder. Needs Debian's mariadb-server, galera-4, rsync and haproxy
# (`scripts/cluster/install.sh` installs them).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# Outside the checkout: the nodes run as the mysql user (rsync's state transfer drops root's rights),
# which must reach its data directory whatever the checkout's parent folders allow.
OFF="${WFCTL_CLUSTER_OFFSET:-0}"
SUFFIX=$([ "$OFF" = 0 ] && echo "" || echo "-$OFF")
DIR="${WFCTL_CLUSTER_DIR:-/tmp/wfctl-cluster$SUFFIX}"
NODES=(1 2 3)
# WFCTL_CLUSTER_DAEMONS=0: the nodes and HAProxy only (the cluster tests start their own daemons).
DAEMONS=()
for ((d = 1; d <= ${WFCTL_CLUSTER_DAEMONS:-2}; d++)); do DAEMONS+=("$d"); done
DB_NAME="${WFCTL_CLUSTER_DATABASE:-wfctl}"
WRITER_PORT=$((4300 + OFF))
WORKFORCE_FRONT=$((8180 + OFF))
CLINIC_FRONT=$((8181 + OFF))
GALERA_LIB="${GALERA_LIB:-/usr/lib/galera/libgalera_smm.so}"

node_port() { echo $((4305 + OFF + $1)); }
gcomm_port() { echo $((4557 + OFF + 10 * $1)); }
ist_port() { echo $((4558 + OFF + 10 * $1)); }
sst_port() { echo $((4434 + OFF + 10 * $1)); }
node_sock() { echo "/tmp/wfctl-galera$SUFFIX-$1.sock"; }
daemon_port() { echo $((8080 + OFF + 100 * ($1 + 1))); } # 8280, 8380
say() { printf 'cluster: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

sql() { # sql N "statement": as root over the node's own socket
  mariadb --protocol=socket --socket="$(node_sock "$1")" -uroot -N -B -e "$2"
}

node_state() { # Synced, Joining, Donor/Desynced … or "down"
  sql "$1" "show global status like 'wsrep_local_state_comment'" 2>/dev/null | awk '{print $2}' || true
}

# Written at launch (mariadbd writes its own pid file only after a joiner's state transfer).
node_pid() { cat "$DIR/n$1/pid" 2>/dev/null || true; }
# A pid of 0 or nothing would signal our own process group: only ever signal a number > 1.
valid_pid() { [[ "${1:-}" =~ ^[0-9]+$ ]] && [ "$1" -gt 1 ]; }
alive() { valid_pid "${1:-}" && kill -0 "$1" 2>/dev/null; }
kill_hard() { if alive "${1:-}"; then kill -9 "$1" 2>/dev/null || true; fi; }
gone() { # gone PID: wait until the process has really exited (a killed process lingers a moment)
  for _ in $(seq 1 200); do alive "${1:-}" || return 0; sleep 0.05; done
  return 1
}

write_node_config() {
  local n=$1 cluster_address
  cluster_address="gcomm://127.0.0.1:$(gcomm_port 1),127.0.0.1:$(gcomm_port 2),127.0.0.1:$(gcomm_port 3)"
  mkdir -p "$DIR/n$n/data"
  chown -R mysql:mysql "$DIR/n$n"
  cat >"$DIR/n$n/my.cnf" <<EOF
[mariadbd]
user=mysql
datadir=$DIR/n$n/data
socket=$(node_sock "$n")
pid-file=$DIR/n$n/mysqld.pid
log-error=$DIR/n$n/error.log
port=$(node_port "$n")
bind-address=127.0.0.1
skip-name-resolve
# Small enough for three nodes and the test suite on a 2-core machine.
innodb_buffer_pool_size=128M
innodb_log_file_size=64M
max_connections=300
# What Galera needs: row-based replication, InnoDB, interleaved auto-increment locks.
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
# wfctl relies on this: a LOAD DATA is one write set, so an import commits whole or not at all.
wsrep_load_data_splitting=OFF
wsrep_on=ON
wsrep_provider=$GALERA_LIB
wsrep_cluster_name=wfctl
wsrep_cluster_address=$cluster_address
wsrep_node_name=n$n
wsrep_node_address=127.0.0.1:$(gcomm_port "$n")
wsrep_node_incoming_address=127.0.0.1:$(node_port "$n")
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:$(gcomm_port "$n");ist.recv_addr=127.0.0.1:$(ist_port "$n");gcache.size=256M;evs.suspect_timeout=PT3S;evs.inactive_timeout=PT6S;evs.install_timeout=PT6S;evs.keepalive_period=PT1S"
wsrep_sst_method=rsync
# A donor of a full (blocking) transfer refuses queries: it fails its check instead of stalling writes.
wsrep_sst_donor_rejects_queries=ON
wsrep_sst_receive_address=127.0.0.1:$(sst_port "$n")
wsrep_slave_threads=2
EOF
}

wait_synced() { # wait_synced N SECONDS
  local n=$1 i
  for i in $(seq 1 $(($2 * 4))); do
    [ "$(node_state "$n")" = "Synced" ] && return 0
    alive "$(node_pid "$n")" || die "node n$n died while starting: see $DIR/n$n/error.log"
    sleep 0.25
  done
  die "node n$n is not Synced after $2 s: see $DIR/n$n/error.log"
}

# The last committed position of a node that crashed (grastate.dat says seqno -1), read from its
# InnoDB log as Debian's galera_recovery does. Started with it, the node asks the cluster for the
# write sets it missed (IST, from the cache) instead of a whole copy (SST), which would also lock
# its donor, possibly the writer, for the length of the copy.
recovered_position() {
  local n=$1 log="$DIR/n$n/recover.log"
  grep -q '^seqno: *-1' "$DIR/n$n/data/grastate.dat" 2>/dev/null || return 0
  rm -f "$log"
  /usr/sbin/mariadbd --defaults-file="$DIR/n$n/my.cnf" --wsrep-recover --log-error="$log" >/dev/null 2>&1 || true
  sed -n 's/.*WSREP: Recovered position: *\([^ ]*\).*/\1/p' "$log" 2>/dev/null | tail -1
}

start_node() { # start_node N [--wsrep-new-cluster]
  local n=$1 position
  shift
  if alive "$(node_pid "$n")"; then return 0; fi
  [ -f "$DIR/n$n/my.cnf" ] || write_node_config "$n"
  position=$(recovered_position "$n")
  if [ -n "$position" ]; then set -- "$@" --wsrep_start_position="$position"; fi
  # Not start-stop-daemon: it would take the machine's own mariadbd for this one.
  # setsid: a node outlives the process group that started it (a test runner stopping its workers).
  setsid nohup /usr/sbin/mariadbd --defaults-file="$DIR/n$n/my.cnf" "$@" >/dev/null 2>&1 &
  echo $! >"$DIR/n$n/pid"
}

bootstrap_first_node() {
  write_node_config 1
  mariadb-install-db --defaults-file="$DIR/n1/my.cnf" --user=mysql --skip-test-db \
    --auth-root-authentication-method=socket >"$DIR/n1/install.log" 2>&1 ||
    die "mariadb-install-db failed: see $DIR/n1/install.log"
  start_node 1 --wsrep-new-cluster
  wait_synced 1 60
  # The application's account: loopback only, no password (a local test cluster, like the
  # machine's own MariaDB); docs/deployment.md shows a production account.
  sql 1 "CREATE USER IF NOT EXISTS 'wfctl'@'127.0.0.1';
         GRANT ALL ON *.* TO 'wfctl'@'127.0.0.1' WITH GRANT OPTION;
         CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
}

write_haproxy_config() {
  local n d
  {
    cat <<EOF
global
  maxconn 4096
  pidfile $DIR/haproxy.pid
  stats socket $DIR/haproxy.sock mode 600 level admin
  # The database health check asks the node itself whether it is Synced (scripts/cluster/galera-check).
  external-check
  insecure-fork-wanted

defaults
  timeout connect 2s
  retries 2
  option redispatch

# One writer at a time. The first healthy server in the list takes every connection; the stick table
# keeps them on whichever node took over after a failover, even once the old writer is back, so two
# nodes never take writes at the same time. Sessions to a node that goes down are cut at once.
listen galera-writer
  mode tcp
  bind 127.0.0.1:$WRITER_PORT
  timeout client 8h
  timeout server 8h
  option external-check
  external-check path "/usr/bin:/bin"
  external-check command $ROOT/scripts/cluster/galera-check
  stick-table type integer size 1
  stick on int(1)
  default-server inter 500ms fall 2 rise 3 on-marked-down shutdown-sessions
EOF
    for n in "${NODES[@]}"; do
      if [ "$n" = 1 ]; then
        echo "  server n$n 127.0.0.1:$(node_port "$n") check"
      else
        echo "  server n$n 127.0.0.1:$(node_port "$n") check backup"
      fi
    done
    for listener in workforce clinic; do
      local front=$WORKFORCE_FRONT offset=0
      if [ "$listener" = clinic ]; then front=$CLINIC_FRONT offset=1; fi
      cat <<EOF

# Round robin over the daemons; a daemon that is draining or cannot reach the database answers
# /ready with 503 and leaves the rotation. A connection refused is retried on another daemon
# (nothing was sent, so it is safe for any method); X-Forwarded-For carries the client for the
# per-IP limits (TRUST_PROXY_HOPS=1 on the daemons).
listen $listener
  mode http
  bind 127.0.0.1:$front
  timeout client 65s
  timeout server 300s
  timeout http-keep-alive 10s
  option forwardfor
  option httpchk GET /ready
  http-check expect status 200
  retry-on conn-failure
  default-server inter 500ms fall 2 rise 2
EOF
      # Both daemons' places are always there (down until one starts), so daemons started later
      # (start-daemon, the cluster tests) join the rotation.
      for d in 1 2; do
        echo "  server d$d 127.0.0.1:$(($(daemon_port "$d") + offset)) check"
      done
    done
  } >"$DIR/haproxy.cfg"
}

start_haproxy() {
  write_haproxy_config
  haproxy -c -q -f "$DIR/haproxy.cfg" || die "the generated $DIR/haproxy.cfg is invalid"
  haproxy -D -f "$DIR/haproxy.cfg"
}

daemon_env() { # the environment of daemon N (also what `env` prints for a person)
  local d=$1
  echo "DATABASE_URL=mysql://wfctl@127.0.0.1:$WRITER_PORT/$DB_NAME"
  echo "WORKFORCE_PORT=$(daemon_port "$d")"
  echo "CLINIC_PORT=$(($(daemon_port "$d") + 1))"
  echo "TRUST_PROXY_HOPS=1"
  echo "LOG_FORMAT=json"
  echo "PUBLIC_URL=http://127.0.0.1:$CLINIC_FRONT"
  # Uploaded files and .eml mail are shared by every daemon (on real machines: a shared volume).
  echo "STORAGE_DIR=$DIR/storage"
  echo "MAIL_DIR=$DIR/mail"
}

start_daemon() {
  local d=$1
  if alive "$(cat "$DIR/d$d.pid" 2>/dev/null || true)"; then return 0; fi
  [ -f "$ROOT/dist/src/cli/main.js" ] || die "dist/ is missing: run npm ci (or npm run build) first"
  (
    set -a
    # shellcheck disable=SC1090
    . <(daemon_env "$d")
    set +a
    # Every daemon starts with --migrate: the first applies pending migrations, the others wait for
    # it (src/db/migrate.ts) and then serve.
    exec setsid node "$ROOT/bin/wfctl" serve --migrate >>"$DIR/d$d.log" 2>&1
  ) &
  echo $! >"$DIR/d$d.pid"
}

wait_daemon_ready() {
  local d=$1 i
  for i in $(seq 1 240); do
    curl -fsS -o /dev/null "http://127.0.0.1:$(daemon_port "$d")/up" 2>/dev/null && return 0
    alive "$(cat "$DIR/d$d.pid" 2>/dev/null || true)" || die "daemon d$d exited: see $DIR/d$d.log"
    sleep 0.25
  done
  die "daemon d$d is not answering after 60 s: see $DIR/d$d.log"
}

cmd_up() {
  for tool in mariadbd mariadb-install-db haproxy rsync curl; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] ||
      die "$tool is missing: run scripts/cluster/install.sh"
  done
  [ -f "$GALERA_LIB" ] || die "$GALERA_LIB is missing: run scripts/cluster/install.sh"
  if [ -f "$DIR/n1/my.cnf" ]; then die "a cluster already exists in $DIR: run down first (or status)"; fi
  local started=$SECONDS
  mkdir -p "$DIR/storage" "$DIR/mail"
  chmod 755 "$DIR"
  say "bootstrapping n1"
  bootstrap_first_node
  # The joiners copy n1 by rsync (SST) one after the other: n1 can be the donor of one at a time.
  for n in 2 3; do
    say "starting n$n (state transfer from the cluster)"
    write_node_config "$n"
    start_node "$n"
    wait_synced "$n" 90
  done
  start_haproxy
  for d in "${DAEMONS[@]}"; do start_daemon "$d"; done
  for d in "${DAEMONS[@]}"; do wait_daemon_ready "$d"; done
  say "up in $((SECONDS - started)) s"
  cmd_status
  cat >&2 <<EOF
cluster: the quick tour works through HAProxy with:
  export DATABASE_URL=mysql://wfctl@127.0.0.1:$WRITER_PORT/$DB_NAME
  WF=http://127.0.0.1:$WORKFORCE_FRONT/api/v1   CL=http://127.0.0.1:$CLINIC_FRONT/api/v1
EOF
}

cmd_down() {
  local d n pid
  for d in "${DAEMONS[@]}"; do
    pid=$(cat "$DIR/d$d.pid" 2>/dev/null || true)
    if alive "$pid"; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  pid=$(cat "$DIR/haproxy.pid" 2>/dev/null || true)
  if alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
  for n in "${NODES[@]}"; do
    pid=$(node_pid "$n")
    if alive "$pid"; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  # Wait for every process it started, then make sure (a stuck node is killed after 30 s).
  for _ in $(seq 1 120); do
    local left=0
    for d in "${DAEMONS[@]}"; do alive "$(cat "$DIR/d$d.pid" 2>/dev/null || true)" && left=1; done
    for n in "${NODES[@]}"; do alive "$(node_pid "$n")" && left=1; done
    [ $left = 0 ] && break
    sleep 0.25
  done
  for d in "${DAEMONS[@]}"; do kill_hard "$(cat "$DIR/d$d.pid" 2>/dev/null || true)"; done
  for n in "${NODES[@]}"; do kill_hard "$(node_pid "$n")"; done
  pkill -f "rsync --daemon.*$DIR" 2>/dev/null || true
  rm -rf "$DIR"
  for n in "${NODES[@]}"; do rm -f "$(node_sock "$n")"; done
  say "down: nothing left running, $DIR removed"
}

cmd_status() {
  local n d writer
  writer=$(cmd_writer 2>/dev/null || echo '?')
  for n in "${NODES[@]}"; do
    local state size
    state=$(node_state "$n")
    size=$(sql "$n" "show global status like 'wsrep_cluster_size'" 2>/dev/null | awk '{print $2}' || true)
    printf 'node   n%s  127.0.0.1:%s  %-8s cluster size %s%s\n' "$n" "$(node_port "$n")" "${state:-down}" \
      "${size:--}" "$([ "n$n" = "$writer" ] && echo '  <- writer' || true)"
  done
  for d in "${DAEMONS[@]}"; do
    local up
    up=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$(daemon_port "$d")/ready" 2>/dev/null || true)
    printf 'daemon d%s  127.0.0.1:%s  /ready %s\n' "$d" "$(daemon_port "$d")" "${up:-down}"
  done
  printf 'haproxy   writes 127.0.0.1:%s  workforce 127.0.0.1:%s  clinic 127.0.0.1:%s\n' \
    "$WRITER_PORT" "$WORKFORCE_FRONT" "$CLINIC_FRONT"
}

cmd_writer() { # the node a new connection through HAProxy lands on
  mariadb -h127.0.0.1 -P"$WRITER_PORT" -uwfctl -N -B -e 'select @@wsrep_node_name'
}

case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  writer) cmd_writer ;;
  env) daemon_env "${2:-1}" ;;
  kill-node)
    pid=$(node_pid "${2:?node number}")
    alive "$pid" || die "n$2 is not running"
    kill -9 "$pid"
    gone "$pid"
    say "n$2 killed (kill -9)"
    ;;
  start-node)
    start_node "${2:?node number}"
    wait_synced "$2" 90
    say "n$2 rejoined and Synced"
    ;;
  stop-daemon) # SIGTERM: the graceful stop, waited for
    pid=$(cat "$DIR/d${2:?daemon number}.pid" 2>/dev/null || true)
    if alive "$pid"; then
      kill -TERM "$pid"
      gone "$pid" || kill_hard "$pid"
    fi
    say "d$2 stopped"
    ;;
  kill-daemon)
    pid=$(cat "$DIR/d${2:?daemon number}.pid" 2>/dev/null || true)
    alive "$pid" || die "d$2 is not running"
    kill -9 "$pid"
    gone "$pid"
    say "d$2 killed (kill -9)"
    ;;
  start-daemon)
    start_daemon "${2:?daemon number}"
    wait_daemon_ready "$2"
    ;;
  *)
    sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
