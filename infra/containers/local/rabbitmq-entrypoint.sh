#!/bin/sh
# The part of the official rabbitmq image's entrypoint compose.yaml relies on: the node is named
# after the container's host name, RABBITMQ_DEFAULT_USER / _PASS become the first user, and
# /etc/rabbitmq/enabled_plugins (mounted by compose.yaml) names the plugins.
set -eu
mkdir -p /var/lib/rabbitmq /var/log/rabbitmq
chown -R rabbitmq:rabbitmq /var/lib/rabbitmq /var/log/rabbitmq
if [ -n "${RABBITMQ_DEFAULT_USER:-}" ]; then
  conf=/var/lib/rabbitmq/generated.conf
  printf 'default_user = %s\ndefault_pass = %s\nloopback_users = none\nlisteners.tcp.default = 5672\n' \
    "$RABBITMQ_DEFAULT_USER" "${RABBITMQ_DEFAULT_PASS:?RABBITMQ_DEFAULT_PASS is required}" > "$conf"
  chown rabbitmq:rabbitmq "$conf" && chmod 600 "$conf"
  export RABBITMQ_CONFIG_FILE=$conf
fi
export RABBITMQ_NODENAME=${RABBITMQ_NODENAME:-rabbit@$(hostname)}
export RABBITMQ_LOGS=-
exec "$@"
