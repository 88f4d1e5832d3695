#!/usr/bin/env bash
# Redis and PostgreSQL for the queue-mode test (`npm run test:queue`): n8n in queue mode needs both.
# Uses redis-server and PostgreSQL's initdb/pg_ctl when present; otherwise installs Debian's
# `redis-server` and `postgresql` packages (as root, or with sudo). The test runs its own
# servers on free ports in a temporary folder; the packages' system services are not used.
set -euo pipefail
have_postgres() { command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }
missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
have_postgres || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} for the queue-mode test." >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
# The packages start their own services; the test does not need them.
$sudo service redis-server stop >/dev/null 2>&1 || true
echo "Installed: $(redis-server --version | cut -d' ' -f1-3); $(ls /usr/lib/postgresql/)" >&2
