#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the server package's tests and prints its URL
# (`export TEST_DATABASE_URL=$(bash .ci/postgres.sh)`). Installs Debian's postgresql package when
# missing (root or sudo needed), runs it as the `postgres` user (PostgreSQL refuses root), keeps
# its data in a temp directory and listens on 127.0.0.1 only. PGPORT picks the port (default 54329).
set -euo pipefail
PORT="${PGPORT:-54329}"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$BIN" ]; then
  $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq postgresql >/dev/null
  BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi
DIR="$(mktemp -d /tmp/rules-pg.XXXXXX)"
chown postgres "$DIR" 2>/dev/null || $SUDO chown postgres "$DIR"
as_pg() { if [ "$(id -un)" = postgres ]; then "$@"; elif [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
as_pg "$BIN/initdb" -D "$DIR/data" -U rules --auth=trust >/dev/null
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off" start >/dev/null
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U rules rules_test
echo "postgres://rules@127.0.0.1:$PORT/rules_test"
