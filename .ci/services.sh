# Throwaway servers for the suites that test the Postgres mode and the relay's Redis scale-out,
# on free loopback ports.
# Sourced by .ci/run; `stop_services` is called on exit.

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

start_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then echo "ci: no PostgreSQL server found" >&2; return 1; fi
  PG_DIR=$(mktemp -d /tmp/odds-pg.XXXXXX)
  chown postgres:postgres "$PG_DIR"
  local port; port=$(free_port)
  # initdb refuses to run as root: the postgres user owns the throwaway cluster.
  su postgres -s /bin/sh -c "'$bin/initdb' -D '$PG_DIR/data' -U postgres --auth=trust -E UTF8 >'$PG_DIR/initdb.log' 2>&1"
  su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/server.log' -w -o \"-p $port -k '$PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null"
  PG_BIN=$bin
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "ci: Postgres $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
}

start_redis() {
  if ! command -v redis-server >/dev/null 2>&1; then echo "ci: no redis-server found" >&2; return 1; fi
  REDIS_PORT=$(free_port)
  # No persistence: the data is thrown away with the server.
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --pidfile "/tmp/odds-redis-$REDIS_PORT.pid" --logfile "/tmp/odds-redis-$REDIS_PORT.log" >/dev/null
  for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  export TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  echo "ci: Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) on 127.0.0.1:$REDIS_PORT"
}

stop_services() {
  if [ -n "${REDIS_PORT:-}" ]; then
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    rm -f "/tmp/odds-redis-$REDIS_PORT.pid" "/tmp/odds-redis-$REDIS_PORT.log"
  fi
  if [ -n "${PG_DIR:-}" ]; then
    su postgres -s /bin/sh -c "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m immediate stop >/dev/null 2>&1" || true
    rm -rf "$PG_DIR"
  fi
}
