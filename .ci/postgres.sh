#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the server package's tests and prints its URL
# (`export TEST_DATABASE_URL=$(bash .ci/postgres.sh)`). Installs Debian's postgresql package when
# missing (root or sudo needed), runs it as the `postgres` user (PostgreSQL refuses root), keeps
# its data in a temp directory and listens on 127.0.0.1 only. PGPORT picks the first port to try
# (default 54329; the next free one of the 20 from there is taken).
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
# A port another server holds (an earlier run's, another checkout's) makes the start fail: the
# next port is tried, up to 20 of them.
started=""
for try in $(seq 0 19); do
  P=$((PORT + try))
  if as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-c listen_addresses=127.0.0.1 -p $P -k $DIR -c fsync=off" start >/dev/null 2>&1; then
    started=1; PORT=$P; break
  fi
done
[ -n "$started" ] || { echo "PostgreSQL did not start on ports $PORT to $((PORT + 19)); see $DIR/log" >&2; exit 1; }
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U rules rules_test
echo "postgres://rules@127.0.0.1:$PORT/rules_test"
