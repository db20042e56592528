# Throwaway servers for the suites that test the Postgres mode, the relay's Redis scale-out and
# the engine on a broker (RabbitMQ),
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

start_rabbitmq() {
  if ! command -v rabbitmq-server >/dev/null 2>&1; then echo "ci: no rabbitmq-server found" >&2; return 1; fi
  RABBIT_DIR=$(mktemp -d /tmp/odds-rabbit.XXXXXX)
  local port dist
  port=$(free_port); dist=$(free_port)
  RABBIT_NODE="odds-ci-$port@localhost"
  # The server script switches to the rabbitmq user: the node's folders must be that user's.
  mkdir -p "$RABBIT_DIR/mnesia" "$RABBIT_DIR/log"
  echo '[rabbitmq_consistent_hash_exchange].' > "$RABBIT_DIR/enabled_plugins"
  chown -R rabbitmq:rabbitmq "$RABBIT_DIR"
  # RabbitMQ counts its file handles against its open-files limit (about 3 per quorum queue) and,
  # past it, accepts no connection at all: TCP connects, then nothing, no log line. Every suite and
  # bench declares shard queues of its own, and at the soft limit of 1,024 (927 handles) a broker
  # stopped answering after a few benches. It gets the hard limit (RabbitMQ asks for 65,536 or
  # more); as root, by raising it under `su` here, since the packaged wrapper's own `su rabbitmq`
  # resets it to 1,024 (pam_limits).
  local server=(rabbitmq-server)
  if [ "$(id -u)" = 0 ] && [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
    server=(su rabbitmq -s /bin/sh -c 'cd /var/lib/rabbitmq && ulimit -n "$(ulimit -Hn)" && exec /usr/lib/rabbitmq/bin/rabbitmq-server')
  fi
  RABBITMQ_NODENAME="$RABBIT_NODE" RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 RABBITMQ_NODE_PORT="$port" RABBITMQ_DIST_PORT="$dist" \
    RABBITMQ_MNESIA_BASE="$RABBIT_DIR/mnesia" RABBITMQ_LOG_BASE="$RABBIT_DIR/log" \
    RABBITMQ_ENABLED_PLUGINS_FILE="$RABBIT_DIR/enabled_plugins" RABBITMQ_FEATURE_FLAGS_FILE="$RABBIT_DIR/mnesia/feature_flags" \
    nohup "${server[@]}" >"$RABBIT_DIR/server.out" 2>&1 &
  # await_startup gives up at once while the node is not reachable yet: ask again until it is.
  local up=0
  for _ in $(seq 60); do
    if rabbitmqctl -q -n "$RABBIT_NODE" await_startup >/dev/null 2>&1; then up=1; break; fi
    sleep 1
  done
  if [ "$up" != 1 ]; then echo "ci: RabbitMQ did not start (see $RABBIT_DIR/log)" >&2; return 1; fi
  export TEST_AMQP_URL="amqp://guest:guest@127.0.0.1:$port"
  echo "ci: RabbitMQ $(rabbitmqctl -q -n "$RABBIT_NODE" version 2>/dev/null) on 127.0.0.1:$port"
}

stop_services() {
  if [ -n "${RABBIT_NODE:-}" ]; then
    rabbitmqctl -q -n "$RABBIT_NODE" stop >/dev/null 2>&1 || true
    rm -rf "$RABBIT_DIR"
  fi
  if [ -n "${REDIS_PORT:-}" ]; then
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    rm -f "/tmp/odds-redis-$REDIS_PORT.pid" "/tmp/odds-redis-$REDIS_PORT.log"
  fi
  if [ -n "${PG_DIR:-}" ]; then
    su postgres -s /bin/sh -c "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m immediate stop >/dev/null 2>&1" || true
    rm -rf "$PG_DIR"
  fi
}
