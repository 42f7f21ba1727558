#!/usr/bin/env bash
# Prepares what the test suites need on a fresh Debian machine and prints the PostgreSQL URL to use:
# Debian's Chromium (browser tests), Dovecot (IMAP tests) and a running PostgreSQL 15 with a role and database for the tests.
# Safe to run again: everything already in place is left as it is.
set -euo pipefail

log() { echo "[test-env] $*" >&2; }
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    $SUDO apt-get update -qq >&2
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >&2
}

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  log "installing Debian's chromium"
  apt_install chromium
fi

# Dovecot: the real IMAP server the bank-mailbox tests start on a free port with their own configuration (the
# package's system service is not used).
if [ ! -x /usr/sbin/dovecot ]; then
  log "installing Debian's dovecot-imapd"
  apt_install dovecot-imapd
fi

if [ -n "${DATABASE_URL:-}" ]; then
  echo "$DATABASE_URL"
  exit 0
fi

if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  log "installing PostgreSQL 15"
  apt_install postgresql-15
fi
if ! pg_lsclusters -h 2>/dev/null | grep -q '^15 \+main'; then
  log "creating cluster 15/main"
  $SUDO pg_createcluster 15 main >&2
fi
# Tolerates a cluster that is already running.
$SUDO pg_ctlcluster 15 main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  if $SUDO -u postgres psql -qtAc 'select 1' >/dev/null 2>&1 || su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1; then break; fi
  sleep 1
done

PORT=$(pg_lsclusters -h | awk '$1=="15" && $2=="main" {print $3}')
psql_admin() { su postgres -c "psql -v ON_ERROR_STOP=1 -qtAc \"$1\"" ; }
if [ "$(psql_admin "select 1 from pg_roles where rolname='erp_test'")" != "1" ]; then
  log "creating role erp_test"
  psql_admin "create role erp_test login createdb password 'erp_test'" >/dev/null
fi
if [ "$(psql_admin "select 1 from pg_database where datname='erp_test'")" != "1" ]; then
  log "creating database erp_test"
  psql_admin "create database erp_test owner erp_test" >/dev/null
fi
echo "postgres://erp_test:erp_test@127.0.0.1:${PORT}/erp_test"
