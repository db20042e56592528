#!/bin/sh
# The part of the official rabbitmq image's entrypoint compose.yaml relies on: the node is named
# after the container's host name, the first user comes from RABBITMQ_DEFAULT_USER / _PASS or from
# a file in /etc/rabbitmq/conf.d (compose.yaml mounts its secret there), and
# /etc/rabbitmq/enabled_plugins (mounted by compose.yaml) names the plugins.
set -eu
mkdir -p /var/lib/rabbitmq /var/log/rabbitmq
chown -R rabbitmq:rabbitmq /var/lib/rabbitmq /var/log/rabbitmq
conf=/var/lib/rabbitmq/generated.conf
printf 'loopback_users = none\nlisteners.tcp.default = 5672\n' > "$conf"
if [ -n "${RABBITMQ_DEFAULT_USER:-}" ]; then
  printf 'default_user = %s\ndefault_pass = %s\n' "$RABBITMQ_DEFAULT_USER" "${RABBITMQ_DEFAULT_PASS:?RABBITMQ_DEFAULT_PASS is required}" >> "$conf"
fi
chown rabbitmq:rabbitmq "$conf" && chmod 600 "$conf"
export RABBITMQ_CONFIG_FILE=$conf RABBITMQ_CONFIG_FILES=/etc/rabbitmq/conf.d
export RABBITMQ_NODENAME=${RABBITMQ_NODENAME:-rabbit@$(hostname)}
export RABBITMQ_LOGS=-
exec "$@"
