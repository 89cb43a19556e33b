#!/usr/bin/env bash
# Installs what scripts/cluster/cluster.sh needs, from Debian's packages: MariaDB with the Galera
# provider, rsync for state transfers, HAProxy, curl, and mariadb-backup (the guide's backups,
# scripts/cluster/backup-restore-check.sh). Idempotent: installs only what is missing.
set -euo pipefail
need=()
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server mariadb-client)
[ -f /usr/lib/galera/libgalera_smm.so ] || need+=(galera-4)
command -v rsync >/dev/null 2>&1 || need+=(rsync)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v mariadb-backup >/dev/null 2>&1 || need+=(mariadb-backup)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
