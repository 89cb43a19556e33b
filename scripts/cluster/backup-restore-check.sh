#!/usr/bin/env bash
# The backup and restore of docs/deployment.md, run for real against the running cluster
# (scripts/cluster/cluster.sh up): writes a marker table through the writer, takes a hot backup
# with mariadb-backup from the standby n3, prepares it, restores it into an empty data directory,
# starts a throwaway mariadbd on that copy (port 4399, Galera off), compares the marker's row
# count, then stops that server and removes everything it made. It never stops, restarts or
# reconfigures a cluster node: the backup desyncs n3 for its last moments only (BACKUP STAGE
# BLOCK_COMMIT), and n3 is a standby that takes no writes.
#
# Usage: scripts/cluster/backup-restore-check.sh          (exit 0: the restored copy has every row)
# Environment: NODE_SOCKET (default n3's socket), WRITER_PORT (4300), RESTORE_PORT (4399).
# Needs Debian's mariadb-backup. Run as root (the restored files must be handed to the mysql user).
set -euo pipefail

# WFCTL_CLUSTER_OFFSET moves the cluster's ports and sockets (scripts/cluster/cluster.sh).
OFF="${WFCTL_CLUSTER_OFFSET:-0}"
SUFFIX=$([ "$OFF" = 0 ] && echo "" || echo "-$OFF")
NODE_SOCKET="${NODE_SOCKET:-/tmp/wfctl-galera$SUFFIX-3.sock}"
WRITER_PORT="${WRITER_PORT:-$((4300 + OFF))}"
RESTORE_PORT="${RESTORE_PORT:-$((4399 + OFF))}"
ROWS=500
MARKER_DB="wfctl_backup_check_$$"
WORK="$(mktemp -d /tmp/wfctl-backup-check.XXXXXX)"
BACKUP="$WORK/backup"
RESTORED="$WORK/restored"
RUN="$WORK/run" # the throwaway server's socket, pid and log, owned by the mysql user
RESTORE_SOCKET="$RUN/restored.sock"
say() { printf 'backup-check: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

command -v mariadb-backup >/dev/null 2>&1 || die "mariadb-backup is missing: apt-get install mariadb-backup"
[ -S "$NODE_SOCKET" ] || die "no node socket at $NODE_SOCKET: is the cluster up (npm run cluster -- up)?"
if (echo >"/dev/tcp/127.0.0.1/$RESTORE_PORT") 2>/dev/null; then die "port $RESTORE_PORT is taken"; fi

writer() { mariadb -h127.0.0.1 -P"$WRITER_PORT" -uwfctl -N -B -e "$1"; }
restored_pid=
cleanup() {
  if [ -n "$restored_pid" ] && kill -0 "$restored_pid" 2>/dev/null; then
    kill -TERM "$restored_pid" 2>/dev/null || true
    for _ in $(seq 1 120); do kill -0 "$restored_pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$restored_pid" 2>/dev/null || true
  fi
  writer "DROP DATABASE IF EXISTS \`$MARKER_DB\`" 2>/dev/null || say "could not drop $MARKER_DB"
  rm -rf "$WORK"
}
trap cleanup EXIT

# Rows acknowledged by the writer before the backup starts must be in it.
writer "CREATE DATABASE \`$MARKER_DB\`;
        CREATE TABLE \`$MARKER_DB\`.marker (id INT PRIMARY KEY, note VARCHAR(32) NOT NULL);
        INSERT INTO \`$MARKER_DB\`.marker
          WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < $ROWS)
          SELECT n, CONCAT('row ', n) FROM s;"
# A causal read on n3: it returns once n3 has applied everything the cluster committed before it.
seen=$(mariadb --protocol=socket --socket="$NODE_SOCKET" -uroot -N -B \
  -e "SET SESSION wsrep_sync_wait = 1; SELECT count(*) FROM \`$MARKER_DB\`.marker")
[ "$seen" = "$ROWS" ] || die "n3 sees $seen marker rows, expected $ROWS"

started=$SECONDS
mkdir -p "$BACKUP" "$RESTORED"
{
# guide:backup:start
mariadb-backup --backup --galera-info --user=root --socket="$NODE_SOCKET" --target-dir="$BACKUP"
mariadb-backup --prepare --target-dir="$BACKUP"
mariadb-backup --copy-back --target-dir="$BACKUP" --datadir="$RESTORED"
chown -R mysql:mysql "$RESTORED"
# guide:backup:end
} >"$WORK/backup.log" 2>&1 || die "the backup failed: $(tail -5 "$WORK/backup.log")"
say "backup, prepare and copy-back took $((SECONDS - started)) s ($(du -sh "$BACKUP" | cut -f1))"
position=$(head -1 "$BACKUP/mariadb_backup_galera_info" 2>/dev/null || head -1 "$BACKUP/xtrabackup_galera_info" 2>/dev/null || true)
[ -n "$position" ] || die "the backup has no Galera position file (mariadb_backup_galera_info)"
say "Galera position of the backup (cluster uuid:seqno): $position"

# The mysql user must reach the restored copy inside the work folder.
chmod 755 "$WORK"
mkdir -p "$RUN"
chown mysql:mysql "$RUN"
# A throwaway server on the copy: no Galera provider (--no-defaults leaves wsrep off), no grants
# (it answers on its own socket and loopback only, for as long as the check runs).
/usr/sbin/mariadbd --no-defaults --user=mysql --datadir="$RESTORED" --port="$RESTORE_PORT" \
  --bind-address=127.0.0.1 --socket="$RESTORE_SOCKET" --pid-file="$RUN/restored.pid" \
  --log-error="$RUN/restored.err" --innodb-buffer-pool-size=64M --skip-grant-tables &
restored_pid=$!
for _ in $(seq 1 240); do
  mariadb --protocol=socket --socket="$RESTORE_SOCKET" -uroot -e 'select 1' >/dev/null 2>&1 && break
  kill -0 "$restored_pid" 2>/dev/null || die "the restored server exited: $(tail -5 "$RUN/restored.err")"
  sleep 0.25
done
count=$(mariadb -h127.0.0.1 -P"$RESTORE_PORT" -uroot -N -B -e "SELECT count(*) FROM \`$MARKER_DB\`.marker")
[ "$count" = "$ROWS" ] || die "the restored copy has $count marker rows, expected $ROWS"
say "restored copy on port $RESTORE_PORT has all $ROWS marker rows"
